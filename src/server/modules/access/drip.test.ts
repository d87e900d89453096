import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, videoLesson } from '../../../../test/admin.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import { courseAdminMessages, type AdminCourse, type AdminStudentDetail } from '../../../shared/admin.js';
import type { CourseDetail, Lesson } from '../../../shared/catalog.js';
import { auditLog, enrolments, lessonProgress, lessonUnlocks, quizAttempts } from '../../db/schema/index.js';
import { insertMembership } from '../../db/seed/factories.js';
import { enrol } from '../enrolments/index.js';

/**
 * Drip schedules through the API: the studio sets them, the access module holds lessons back, and
 * every content route (the course detail, open-lesson, complete-lesson) asks it.
 */

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let course: AdminCourse;
const ids: Record<'intro' | 'week' | 'preview' | 'later' | 'dated' | 'past', number> = { intro: 0, week: 0, preview: 0, later: 0, dated: 0, past: 0 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, { isAdmin: true });
  const categoryId = (await admin.call('GET', '/admin/categories/')).json<{ id: number }[]>()[0]!.id;
  course = (
    await admin.call('POST', '/admin/courses/', {
      title: 'Dripped Django',
      subtitle: 'One week at a time',
      slug: 'dripped-django',
      course_type: 'paid',
      complexity: 'Beginner',
      category_id: categoryId,
      course_description: '<p>Paced.</p>',
      what_you_will_learn: ['Patience'],
    })
  ).json<AdminCourse>();
  await admin.call('POST', `/admin/courses/${course.id}/sections/`, { title: 'Week one' });
  course = (await admin.call('POST', `/admin/courses/${course.id}/sections/`, { title: 'Week two', available_after_days: 10 })).json<AdminCourse>();
  const [one, two] = course.sections as [AdminCourse['sections'][number], AdminCourse['sections'][number]];
  const add = async (sectionId: number, body: Record<string, unknown>) =>
    (await admin.call('POST', `/admin/sections/${sectionId}/lessons/`, body)).json<AdminCourse>();
  await add(one.id, videoLesson('Intro'));
  await add(one.id, videoLesson('Three days in', { available_after_days: 3 }));
  await add(one.id, videoLesson('Preview, dripped', { available_after_days: 3, enable_preview: true }));
  // The section's 10 days beat the lesson's 2: the later one wins.
  await add(two.id, videoLesson('Week two lesson', { available_after_days: 2 }));
  await add(two.id, { lesson_title: 'Launch day', lesson_type: 'Article', lesson_content: '<p>Secret launch notes</p>', available_from: '2099-01-01' });
  course = await add(one.id, videoLesson('Opened long ago', { available_from: '2020-01-01' }));
  const all = course.sections.flatMap((s) => s.lessons);
  const idOf = (title: string) => all.find((l) => l.lesson_title === title)!.id;
  Object.assign(ids, {
    intro: idOf('Intro'),
    week: idOf('Three days in'),
    preview: idOf('Preview, dripped'),
    later: idOf('Week two lesson'),
    dated: idOf('Launch day'),
    past: idOf('Opened long ago'),
  });
  await admin.call('PUT', `/admin/courses/${course.id}/prices/`, { prices: [{ region: 'US', amount: 49, regular_amount: 99 }] });
  expect((await admin.call('POST', `/admin/courses/${course.id}/publish/`)).statusCode).toBe(200);
});
afterAll(() => t.close());

const lessonsOf = (detail: CourseDetail) => detail.sections.flatMap((s) => s.lessons);
const byId = (detail: CourseDetail, id: number) => lessonsOf(detail).find((l) => l.id === id)!;
const detailFor = async (caller: { call: Awaited<ReturnType<typeof signedIn>>['call'] }) =>
  (await caller.call('GET', '/courses/dripped-django/')).json<CourseDetail>();

async function buyer(enrolledDaysAgo = 0) {
  const student = await signedIn(t);
  await enrol(t.handle.db, student.user.id, [course.id], 'purchase');
  if (enrolledDaysAgo)
    await t.handle.db
      .update(enrolments)
      .set({ createdAt: new Date(Date.now() - enrolledDaysAgo * DAY) })
      .where(eq(enrolments.userId, student.user.id));
  return student;
}

const enrolledAt = async (userId: number) =>
  (await t.handle.db.select({ at: enrolments.createdAt }).from(enrolments).where(eq(enrolments.userId, userId)))[0]!.at;

describe('the studio', () => {
  it('reads back each schedule and refuses days and a date together, days out of range and a bad date, writing nothing', async () => {
    const lessons = course.sections.flatMap((s) => s.lessons);
    expect(lessons.find((l) => l.id === ids.week)).toMatchObject({ available_after_days: 3, available_from: null });
    expect(lessons.find((l) => l.id === ids.dated)).toMatchObject({ available_after_days: null, available_from: '2099-01-01' });
    expect(course.sections[1]).toMatchObject({ available_after_days: 10, available_from: null });

    const sectionId = course.sections[0]!.id;
    const both = await admin.call(
      'POST',
      `/admin/sections/${sectionId}/lessons/`,
      videoLesson('Both', { available_after_days: 2, available_from: '2030-01-01' }),
    );
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ available_from: [courseAdminMessages.releaseEitherOr] });
    const tooMany = await admin.call('PUT', `/admin/lessons/${ids.week}/`, videoLesson('Three days in', { available_after_days: 3651 }));
    expect(tooMany.json()).toEqual({ available_after_days: [courseAdminMessages.releaseDays] });
    const negative = await admin.call('PATCH', `/admin/sections/${sectionId}/`, { available_after_days: -1 });
    expect(negative.statusCode).toBe(400);
    const badDate = await admin.call('PATCH', `/admin/sections/${sectionId}/`, { available_from: '2030-02-30' });
    expect(badDate.json()).toEqual({ available_from: [courseAdminMessages.releaseDate] });
    const sectionBoth = await admin.call('PATCH', `/admin/sections/${sectionId}/`, { available_after_days: 1, available_from: '2030-01-01' });
    expect(sectionBoth.statusCode).toBe(400);

    const after = (await admin.call('GET', `/admin/courses/${course.id}/`)).json<AdminCourse>();
    expect(after.sections.flatMap((s) => s.lessons)).toHaveLength(lessons.length);
    expect(after.sections[0]).toMatchObject({ available_after_days: null, available_from: null, title: 'Week one' });
    expect(after.sections.flatMap((s) => s.lessons).find((l) => l.id === ids.week)?.available_after_days).toBe(3);
  });

  it("sets a section's schedule without renaming it, replaces days by a date, and clears it (audited)", async () => {
    const sectionId = course.sections[0]!.id;
    let edited = (await admin.call('PATCH', `/admin/sections/${sectionId}/`, { available_after_days: 5 })).json<AdminCourse>();
    expect(edited.sections[0]).toMatchObject({ title: 'Week one', available_after_days: 5, available_from: null });
    edited = (await admin.call('PATCH', `/admin/sections/${sectionId}/`, { available_from: '2031-05-01' })).json<AdminCourse>();
    expect(edited.sections[0]).toMatchObject({ available_after_days: null, available_from: '2031-05-01' });
    edited = (await admin.call('PATCH', `/admin/sections/${sectionId}/`, { available_from: null })).json<AdminCourse>();
    expect(edited.sections[0]).toMatchObject({ title: 'Week one', available_after_days: null, available_from: null });
    const audits = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'section.update'), eq(auditLog.entityId, String(course.id))));
    expect(audits.length).toBeGreaterThanOrEqual(3);
  });
});

describe('a buyer', () => {
  it('sees dripped lessons locked with their date and none of their content; previews stay open', async () => {
    const student = await buyer();
    const began = await enrolledAt(student.user.id);
    const detail = await detailFor(student);
    expect(detail.access).toBe('enrolled');
    expect(byId(detail, ids.intro)).toMatchObject({ is_locked: false, available_at: null });
    expect(byId(detail, ids.past)).toMatchObject({ is_locked: false, available_at: null });
    expect(byId(detail, ids.preview)).toMatchObject({ is_locked: false, available_at: null });
    expect(byId(detail, ids.preview).video_source).not.toBeNull();
    const week = byId(detail, ids.week);
    expect(week).toMatchObject({ is_locked: true, video_source: null, lesson_content: null, upload_resource: null });
    expect(week.available_at).toBe(new Date(began.getTime() + 3 * DAY).toISOString());
    // The section's 10 days, not the lesson's 2.
    expect(byId(detail, ids.later).available_at).toBe(new Date(began.getTime() + 10 * DAY).toISOString());
    expect(byId(detail, ids.dated)).toMatchObject({ is_locked: true, lesson_content: null, available_at: '2099-01-01T00:00:00.000Z' });
    expect(JSON.stringify(detail)).not.toContain('Secret launch notes');
  });

  it('is refused a dripped lesson fetched directly or completed (403 with its date), and nothing is stored', async () => {
    const student = await buyer();
    const detail = await detailFor(student);
    const dated = byId(detail, ids.dated);
    const completed = await student.call('POST', '/complete-lesson/', { lesson_uuid: dated.uuid });
    expect(completed.statusCode).toBe(403);
    expect(completed.json()).toMatchObject({ code: 'not_available_yet', available_at: '2099-01-01T00:00:00.000Z' });
    const opened = await student.call('POST', '/open-lesson/', { lesson_uuid: byId(detail, ids.week).uuid });
    expect(opened.statusCode).toBe(403);
    expect(await t.handle.db.select().from(lessonProgress).where(eq(lessonProgress.userId, student.user.id))).toHaveLength(0);
    // An open lesson still completes.
    expect((await student.call('POST', '/complete-lesson/', { lesson_uuid: byId(detail, ids.intro).uuid })).statusCode).toBe(200);
  });

  it("keeps a dripped quiz's questions on the server and refuses an attempt at it (403, nothing stored) until it opens", async () => {
    const quizCourse = (
      await admin.call('POST', `/admin/sections/${course.sections[0]!.id}/lessons/`, {
        lesson_title: 'Week one check',
        lesson_type: 'quiz',
        available_after_days: 3,
        quiz: {
          pass_percent: 100,
          max_attempts: null,
          questions: [
            {
              prompt: 'A secret question about views?',
              kind: 'true_false',
              options: [
                { text: 'True', correct: true },
                { text: 'False', correct: false },
              ],
              explanation: 'A secret explanation',
            },
          ],
        },
      })
    ).json<AdminCourse>();
    const question = quizCourse.sections[0]!.lessons.find((l) => l.lesson_title === 'Week one check')!.quiz!.questions[0]!;
    const answers = { answers: [{ question_id: question.id, option_ids: [question.options.find((o) => o.correct)!.id] }] };
    const quizOf = (detail: CourseDetail) => lessonsOf(detail).find((l) => l.lesson_title === 'Week one check')!;

    const student = await buyer();
    const detail = await detailFor(student);
    expect(quizOf(detail)).toMatchObject({ lesson_type: 'quiz', is_locked: true, quiz: null });
    expect(quizOf(detail).available_at).not.toBeNull();
    expect(JSON.stringify(detail)).not.toContain('secret');
    const attempt = await student.call('POST', `/quizzes/${quizOf(detail).uuid}/attempts/`, answers);
    expect(attempt.statusCode).toBe(403);
    expect(attempt.json()).toMatchObject({ code: 'not_available_yet' });
    expect(await t.handle.db.select().from(quizAttempts).where(eq(quizAttempts.userId, student.user.id))).toHaveLength(0);
    expect(await t.handle.db.select().from(lessonProgress).where(eq(lessonProgress.userId, student.user.id))).toHaveLength(0);

    // Four days in, it is open: the questions come (never which option is right), and an attempt counts.
    const later = await buyer(4);
    const open = quizOf(await detailFor(later));
    expect(open.quiz?.questions[0]?.prompt).toBe('A secret question about views?');
    expect(JSON.stringify(open)).not.toMatch(/correct|explanation/);
    expect((await later.call('POST', `/quizzes/${open.uuid}/attempts/`, answers)).json()).toMatchObject({ passed: true });
    // The course as the other tests know it.
    expect((await admin.call('DELETE', `/admin/lessons/${open.id}/`)).statusCode).toBe(200);
  });

  it('counts days from the enrolment: four days in, the three-day lesson is open and the section still holds its lesson', async () => {
    const student = await buyer(4);
    const detail = await detailFor(student);
    expect(byId(detail, ids.week)).toMatchObject({ is_locked: false, available_at: null });
    expect(byId(detail, ids.week).video_source).not.toBeNull();
    expect(byId(detail, ids.later).is_locked).toBe(true);
    expect((await student.call('POST', '/complete-lesson/', { lesson_uuid: byId(detail, ids.week).uuid })).statusCode).toBe(200);
  });
});

describe('a member', () => {
  it("counts from the membership's start: a member of 20 days opens both waits, a new member waits, and opening a dripped lesson enrols no one", async () => {
    const veteran = await signedIn(t);
    await insertMembership(t.handle.db, { userId: veteran.user.id, planType: 'yearly', startDate: new Date(Date.now() - 20 * DAY) });
    const old = await detailFor(veteran);
    expect(old.access).toBe('membership');
    expect(byId(old, ids.week).is_locked).toBe(false);
    expect(byId(old, ids.later).is_locked).toBe(false);
    expect(byId(old, ids.dated).is_locked).toBe(true);

    const newcomer = await signedIn(t);
    await insertMembership(t.handle.db, { userId: newcomer.user.id, planType: 'monthly' });
    const fresh = await detailFor(newcomer);
    expect(byId(fresh, ids.week).is_locked).toBe(true);
    expect((await newcomer.call('POST', '/open-lesson/', { lesson_uuid: byId(fresh, ids.week).uuid })).statusCode).toBe(403);
    expect(await t.handle.db.select().from(enrolments).where(eq(enrolments.userId, newcomer.user.id))).toHaveLength(0);
  });
});

describe('the instructor and visitors', () => {
  it('holds nothing back from the instructor; a visitor sees paid locks without dates', async () => {
    const instructor = await detailFor(admin);
    expect(lessonsOf(instructor).every((l) => !l.is_locked && l.available_at === null)).toBe(true);
    const visitor = (await t.app.inject({ url: '/api/v1/courses/dripped-django/' })).json<CourseDetail>();
    expect(byId(visitor, ids.week)).toMatchObject({ is_locked: true, available_at: null });
    expect(byId(visitor, ids.preview).is_locked).toBe(false);
  });
});

describe('open early', () => {
  it('opens one dripped lesson for one student (audited once), shown in the studio, and no one else', async () => {
    const student = await buyer();
    const other = await buyer();
    const before = (await admin.call('GET', `/admin/students/${student.user.id}/`)).json<AdminStudentDetail>();
    const held = before.enrolments.find((e) => e.course_id === course.id)!.held_back_lessons;
    expect(held.map((l) => l.id).sort()).toEqual([ids.week, ids.later, ids.dated].sort());
    expect(held.find((l) => l.id === ids.dated)?.available_at).toBe('2099-01-01T00:00:00.000Z');

    // Only the instructor opens lessons early.
    expect((await student.call('POST', `/admin/students/${student.user.id}/unlocks/`, { lesson_id: ids.dated })).statusCode).toBe(403);
    expect((await admin.call('POST', `/admin/students/${student.user.id}/unlocks/`, { lesson_id: 999999 })).statusCode).toBe(400);
    expect((await admin.call('POST', '/admin/students/999999/unlocks/', { lesson_id: ids.dated })).statusCode).toBe(404);
    expect(await t.handle.db.select().from(lessonUnlocks).where(eq(lessonUnlocks.userId, student.user.id))).toHaveLength(0);

    const opened = await admin.call('POST', `/admin/students/${student.user.id}/unlocks/`, { lesson_id: ids.dated });
    expect(opened.statusCode).toBe(201);
    const after = opened.json<AdminStudentDetail>().enrolments.find((e) => e.course_id === course.id)!.held_back_lessons;
    expect(after.map((l) => l.id)).not.toContain(ids.dated);
    expect((await admin.call('POST', `/admin/students/${student.user.id}/unlocks/`, { lesson_id: ids.dated })).statusCode).toBe(200);
    const audits = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'student.unlock_lesson'), eq(auditLog.entityId, String(student.user.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.summary).toContain('Launch day');

    const mine = byId(await detailFor(student), ids.dated) as Lesson;
    expect(mine).toMatchObject({ is_locked: false, available_at: null, lesson_content: '<p>Secret launch notes</p>' });
    expect((await student.call('POST', '/complete-lesson/', { lesson_uuid: mine.uuid })).statusCode).toBe(200);
    expect(byId(await detailFor(other), ids.dated).is_locked).toBe(true);
  });
});
