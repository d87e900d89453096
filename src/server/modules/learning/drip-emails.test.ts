import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, videoLesson } from '../../../../test/admin.js';
import { createTestApp, latestEmail, type TestApp } from '../../../../test/helpers.js';
import type { AdminCourse } from '../../../shared/admin.js';
import { devMailbox, enrolments, jobs, subscriptions } from '../../db/schema/index.js';
import { DRIP_SWEEP_JOB, runDripSweep, sendLessonsOpened, type DripDeps } from './drip-emails.js';
import { insertMembership } from '../../db/seed/factories.js';
import type { CourseDetail } from '../../../shared/catalog.js';
import { enrol } from '../enrolments/index.js';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let deps: DripDeps;
let admin: Awaited<ReturnType<typeof signedIn>>;
let course: AdminCourse;
const lessonId = (title: string) => course.sections.flatMap((s) => s.lessons).find((l) => l.lesson_title === title)!.id;

beforeAll(async () => {
  t = await createTestApp();
  deps = { db: t.handle.db, queue: t.app.ctx.queue, config: t.app.ctx.config };
  admin = await signedIn(t, { isAdmin: true });
  const categoryId = (await admin.call('GET', '/admin/categories/')).json<{ id: number }[]>()[0]!.id;
  course = (
    await admin.call('POST', '/admin/courses/', {
      title: 'Weekly Flask',
      subtitle: 'A lesson at a time',
      slug: 'weekly-flask',
      course_type: 'paid',
      complexity: 'Beginner',
      category_id: categoryId,
      course_description: '<p>Paced.</p>',
      what_you_will_learn: ['Patience'],
    })
  ).json<AdminCourse>();
  course = (await admin.call('POST', `/admin/courses/${course.id}/sections/`, { title: 'The course' })).json<AdminCourse>();
  const sectionId = course.sections[0]!.id;
  for (const body of [
    videoLesson('routes and views', {}),
    videoLesson('templates', { available_after_days: 3 }),
    videoLesson('blueprints', { available_after_days: 5 }),
    videoLesson('a preview, dripped', { available_after_days: 3, enable_preview: true }),
    videoLesson('deployment', { available_from: '2099-01-01' }),
  ])
    course = (await admin.call('POST', `/admin/sections/${sectionId}/lessons/`, body)).json<AdminCourse>();
});
afterAll(() => t.close());

async function student(enrolledDaysAgo: number) {
  const s = await signedIn(t, { fullName: 'ada lovelace' });
  await enrol(t.handle.db, s.user.id, [course.id], 'purchase');
  await backdate(s.user.id, enrolledDaysAgo);
  return s;
}
const backdate = (userId: number, days: number) =>
  t.handle.db
    .update(enrolments)
    .set({ createdAt: new Date(Date.now() - days * DAY) })
    .where(eq(enrolments.userId, userId));
const mailsTo = async (email: string) => {
  await latestEmail(t, email);
  return t.handle.db.select().from(devMailbox).where(eq(devMailbox.to, email));
};

describe('the lessons-opened email', () => {
  it('lists what opened for each student in one email a day, once per lesson, and only what had a wait', async () => {
    const fourDays = await student(4);
    const longAgo = await student(40);
    const today = await student(0);
    expect((await admin.call('POST', `/admin/students/${today.user.id}/unlocks/`, { lesson_id: lessonId('deployment') })).statusCode).toBe(201);

    expect(await sendLessonsOpened(deps, '2026-06-01')).toBe(2);
    const [first, ...more] = await mailsTo(fourDays.user.email);
    expect(more).toHaveLength(0);
    expect(first!.subject).toBe('A new lesson is open for you');
    expect(first!.text).toContain('Hi Ada Lovelace');
    expect(first!.text).toContain('- Templates');
    expect(first!.text).toContain('/courses/weekly-flask');
    // The preview was never held back; blueprints has not opened yet.
    expect(first!.text).not.toContain('Preview');
    expect(first!.text).not.toContain('Blueprints');
    // Opened more than a week ago: not news.
    expect(await mailsTo(longAgo.user.email)).toHaveLength(0);
    // Opened early by the instructor.
    expect((await mailsTo(today.user.email))[0]!.text).toContain('- Deployment');

    // The same day again: nothing, and nothing new is told twice.
    expect(await sendLessonsOpened(deps, '2026-06-01')).toBe(0);
    // Blueprints opens: a student told today waits for the next day's email, which lists only it.
    await backdate(fourDays.user.id, 6);
    expect(await sendLessonsOpened(deps, '2026-06-01')).toBe(0);
    expect(await sendLessonsOpened(deps, '2026-06-02')).toBe(1);
    const mails = await mailsTo(fourDays.user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('- Blueprints');
    expect(mails[1]!.text).not.toContain('Templates');
  });

  it('tells a member only of a course they opened: a member who never opened it, or whose membership ended, gets nothing', async () => {
    await admin.call('PUT', `/admin/courses/${course.id}/prices/`, { prices: [{ region: 'US', amount: 49, regular_amount: 99 }] });
    expect((await admin.call('POST', `/admin/courses/${course.id}/publish/`)).statusCode).toBe(200);
    const member = async (name: string, startDaysAgo: number) => {
      const s = await signedIn(t, { fullName: name });
      await insertMembership(t.handle.db, { userId: s.user.id, planType: 'yearly', startDate: new Date(Date.now() - startDaysAgo * DAY) });
      return s;
    };
    const opens = async (s: Awaited<ReturnType<typeof signedIn>>) => {
      const detail = (await s.call('GET', '/courses/weekly-flask/')).json<CourseDetail>();
      const first = detail.sections[0]!.lessons.find((l) => l.lesson_title === 'routes and views')!;
      expect((await s.call('POST', '/open-lesson/', { lesson_uuid: first.uuid })).statusCode).toBe(200);
    };
    // Four days a member: 'templates' (three days) opened for both yesterday.
    const neverOpened = await member('grace hopper', 4);
    const opened = await member('alan turing', 4);
    await opens(opened);
    // Opened the course while a member; the membership has ended since: nothing is open to them.
    const lapsed = await member('joan clarke', 4);
    await opens(lapsed);
    await t.handle.db
      .update(subscriptions)
      .set({ endDate: new Date(Date.now() - DAY), status: 'expired', autoRenew: false })
      .where(eq(subscriptions.userId, lapsed.user.id));

    await sendLessonsOpened(deps, '2026-08-01');
    expect(await mailsTo(neverOpened.user.email)).toHaveLength(0);
    expect(await mailsTo(lapsed.user.email)).toHaveLength(0);
    const [mail, ...more] = await mailsTo(opened.user.email);
    expect(more).toHaveLength(0);
    expect(mail!.text).toContain('- Templates');
    expect(mail!.text).not.toContain('Blueprints');

    // Nor on the next days: never having opened the course, they are not its student.
    await sendLessonsOpened(deps, '2026-08-02');
    expect(await mailsTo(neverOpened.user.email)).toHaveLength(0);
  });

  it('runs one sweep a day however often it is queued, and a late one queues today, then tomorrow, never the days between', async () => {
    const fresh = await student(4);
    await runDripSweep(deps, '2026-07-01');
    await runDripSweep(deps, '2026-07-01');
    const queued = () =>
      t.handle.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.name, DRIP_SWEEP_JOB), eq(jobs.status, 'queued')));
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    expect((await queued()).map((j) => j.payload)).toEqual([{ day: day(0) }]);
    // Today's sweep runs with the mail: it finds nothing new for this student, so one email in all.
    expect(await mailsTo(fresh.user.email)).toHaveLength(1);
    expect((await queued()).map((j) => j.payload)).toEqual([{ day: day(1) }]);
  });
});
