/**
 * 'New lessons are open': when dripped lessons open for a student, one email a day at most lists
 * them. A sweep runs once a day on the job queue (its day claimed in drip_sweeps, so a restart or a
 * second process never runs it twice, and it queues the next day's sweep in the same transaction);
 * each lesson is told once (drip_notices), and a student told today waits for tomorrow's sweep.
 * Only students enrolled in the course are told (a member is enrolled by their first lesson), and
 * only of lessons that had a wait: a lesson open from the start, or opened more than a week ago
 * (before the sweep could see it), is not news.
 */
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { lessonsOpenedEmail } from '../../emails/lessons-opened.js';
import { SEND_EMAIL_JOB } from '../../jobs/email.js';
import type { JobQueue } from '../../jobs/queue.js';
import { getPublicUsers } from '../accounts/index.js';
import { accessToCourses, lessonState, releaseDate, type CourseAccess, type ScheduledLesson } from '../access/index.js';
import { getCourseSummaries, getScheduledLessons } from '../catalog/index.js';
import { enrolledStudents } from '../enrolments/index.js';
import * as q from './queries/drip.js';

export const DRIP_SWEEP_JOB = 'drip.sweep';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A lesson that opened longer ago than this is not news. */
const NEWS_MS = 7 * DAY_MS;
/** The sweep runs a few minutes after midnight UTC, when the day's fixed-date lessons have opened. */
const SWEEP_OFFSET_MS = 5 * 60 * 1000;

export interface DripDeps {
  db: Database;
  queue: JobQueue;
  config: Config;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export function registerDripJobs(deps: DripDeps): void {
  deps.queue.register({ name: DRIP_SWEEP_JOB, payload: z.object({ day: z.iso.date() }), handler: ({ day }) => runDripSweep(deps, day) });
}

/** Queues today's sweep (the server does at boot): a day already swept stops there, so nothing is sent twice. */
export async function scheduleDripSweep(queue: JobQueue, now: Date = new Date()): Promise<void> {
  await queue.enqueue(DRIP_SWEEP_JOB, { day: dayOf(now) });
}

/** The day's sweep: claims the day and queues the next one in one transaction, then tells the students. */
export async function runDripSweep(deps: DripDeps, day: string, now: Date = new Date()): Promise<void> {
  const claimed = await deps.db.transaction(async (tx) => {
    if (!(await q.claimSweepDay(tx, day))) return false;
    // The next day's, or today's when this one ran late (after a stop): a chain never replays the days it missed.
    const nextDay = [dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS)), dayOf(now)].sort()[1]!;
    const runAt = Date.parse(`${nextDay}T00:00:00Z`) + SWEEP_OFFSET_MS;
    await deps.queue.enqueue(DRIP_SWEEP_JOB, { day: nextDay }, { tx, delayMs: Math.max(0, runAt - now.getTime()) });
    return true;
  });
  if (claimed) await sendLessonsOpened(deps, day, now);
}

/** Whether this lesson is news for this student now: open, and it had a wait that ended within the week (or was opened early). */
function isNews(access: CourseAccess | undefined, lesson: ScheduledLesson, now: Date): boolean {
  if (!access?.release || !lessonState(access, lesson, now).open) return false;
  if (access.release.openedEarly.has(lesson.id)) return true;
  const at = releaseDate(lesson, access.release.accessBegan);
  return at !== null && at > access.release.accessBegan && at.getTime() > now.getTime() - NEWS_MS;
}

/**
 * Emails each student the dripped lessons that opened for them and were not told yet: one email
 * per student (never one per lesson), none when they had one today. Returns how many were queued.
 */
export async function sendLessonsOpened(deps: DripDeps, day: string, now: Date = new Date()): Promise<number> {
  const { db } = deps;
  const lessons = await getScheduledLessons(db);
  if (!lessons.length) return 0;
  const courseIds = [...new Set(lessons.map((l) => l.courseId))];
  const students = await enrolledStudents(db, courseIds);
  const userIds = [...students.keys()];
  const [people, noticed, courses] = await Promise.all([getPublicUsers(db, userIds), q.selectNoticedLessons(db, userIds), getCourseSummaries(db, courseIds)]);
  let sent = 0;
  for (const [userId, theirCourses] of students) {
    const person = people.get(userId);
    if (!person || person.isAdmin || person.blockedAt) continue;
    const told = noticed.get(userId) ?? new Set<number>();
    const candidates = lessons.filter((l) => theirCourses.includes(l.courseId) && !told.has(l.id));
    if (!candidates.length) continue;
    const access = await accessToCourses(db, { userId, isAdmin: false }, theirCourses, now);
    const opened = candidates.filter((l) => isNews(access.get(l.courseId), l, now));
    if (!opened.length) continue;
    await db.transaction(async (tx) => {
      if (await q.noticedOn(tx, userId, day)) return;
      const fresh = new Set(
        await q.insertNotices(
          tx,
          userId,
          opened.map((l) => l.id),
          day,
        ),
      );
      if (!fresh.size) return;
      const byCourse = courseIds.flatMap((courseId) => {
        const course = courses.get(courseId);
        const titles = opened.filter((l) => l.courseId === courseId && fresh.has(l.id)).map((l) => l.title);
        return course && titles.length ? [{ title: course.title, url: `${deps.config.publicUrl}/courses/${course.slug}`, lessons: titles }] : [];
      });
      const email = lessonsOpenedEmail({ name: person.fullName, courses: byCourse });
      await deps.queue.enqueue(SEND_EMAIL_JOB, { to: person.email, ...email }, { tx });
      sent += 1;
    });
  }
  return sent;
}
