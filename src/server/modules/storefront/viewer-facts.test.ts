import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedIn, videoLesson } from '../../../../test/admin.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import { insertMembership } from '../../db/seed/factories.js';
import type { AdminCourse } from '../../../shared/admin.js';
import type { CourseDetail } from '../../../shared/catalog.js';

/**
 * A signed-in viewer's course page is built from facts kept in memory (the viewer cache). Each
 * write of those facts, whoever makes it (the student, the instructor, a membership), shows on
 * the very next read: the cache never answers with what a write replaced.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let course: AdminCourse;
const slug = 'cached-facts-course';

beforeAll(async () => {
  // The catalog's snapshots are kept as in production, so every read below goes through the caches.
  t = await createTestApp({ catalogCacheMs: 60_000 });
  admin = await signedIn(t, { isAdmin: true });
  const categoryId = (await admin.call('GET', '/admin/categories/')).json<{ id: number }[]>()[0]!.id;
  course = (
    await admin.call('POST', '/admin/courses/', {
      title: 'Cached Facts',
      subtitle: 'Read often, written now and then',
      slug,
      course_type: 'paid',
      complexity: 'Beginner',
      category_id: categoryId,
      course_description: '<p>Facts.</p>',
      what_you_will_learn: ['Caching'],
    })
  ).json<AdminCourse>();
  await admin.call('POST', `/admin/courses/${course.id}/sections/`, { title: 'Now' });
  course = (await admin.call('POST', `/admin/courses/${course.id}/sections/`, { title: 'In a month', available_after_days: 30 })).json<AdminCourse>();
  const [now, later] = course.sections as [AdminCourse['sections'][number], AdminCourse['sections'][number]];
  await admin.call('POST', `/admin/sections/${now.id}/lessons/`, videoLesson('First'));
  await admin.call('POST', `/admin/sections/${now.id}/lessons/`, {
    lesson_title: 'Check',
    lesson_type: 'quiz',
    duration_seconds: 60,
    quiz: {
      pass_percent: 100,
      max_attempts: 5,
      questions: [
        {
          prompt: 'Is a cache a copy?',
          kind: 'true_false',
          options: [
            { text: 'True', correct: true },
            { text: 'False', correct: false },
          ],
        },
      ],
    },
  });
  course = (await admin.call('POST', `/admin/sections/${later.id}/lessons/`, videoLesson('Later'))).json<AdminCourse>();
  await admin.call('PUT', `/admin/courses/${course.id}/prices/`, { prices: [{ region: 'US', amount: 49, regular_amount: 99 }] });
  expect((await admin.call('POST', `/admin/courses/${course.id}/publish/`)).statusCode).toBe(200);
});
afterAll(() => t.close());

const lessonsOf = (detail: CourseDetail) => detail.sections.flatMap((s) => s.lessons);
const byTitle = (detail: CourseDetail, title: string) => lessonsOf(detail).find((l) => l.lesson_title === title)!;

describe("a signed-in viewer's course page", () => {
  it('shows each change of their facts on the next read, whoever wrote it', async () => {
    const student = await signedIn(t);
    const read = async () => {
      const res = await student.call('GET', `/courses/${slug}/`);
      expect(res.statusCode).toBe(200);
      return res.json<CourseDetail>();
    };
    // Read twice: the second answer comes from the cache.
    await read();
    expect((await read()).access).toBe('none');

    // The instructor enrols them.
    expect((await admin.call('POST', `/admin/students/${student.user.id}/enrolments/`, { course_id: course.id })).statusCode).toBe(201);
    let detail = await read();
    expect(detail.access).toBe('enrolled');
    expect(byTitle(detail, 'First').is_locked).toBe(false);
    expect(byTitle(detail, 'Later')).toMatchObject({ is_locked: true });

    // They finish a lesson.
    expect((await student.call('POST', '/complete-lesson/', { lesson_uuid: byTitle(detail, 'First').uuid })).statusCode).toBe(200);
    detail = await read();
    expect(detail.completed_total_lessons).toBe(1);
    expect(byTitle(detail, 'First').completed_status).toBe(true);

    // They try the quiz and get it wrong.
    const quiz = byTitle(detail, 'Check');
    expect(quiz.quiz).toMatchObject({ attempts_used: 0 });
    const question = quiz.quiz!.questions[0]!;
    const wrong = question.options.find((o) => o.text === 'False')!;
    const attempt = await student.call('POST', `/quizzes/${quiz.uuid}/attempts/`, { answers: [{ question_id: question.id, option_ids: [wrong.id] }] });
    expect(attempt.statusCode).toBe(200);
    detail = await read();
    expect(byTitle(detail, 'Check').quiz).toMatchObject({ attempts_used: 1 });

    // The instructor opens next month's lesson early.
    expect((await admin.call('POST', `/admin/students/${student.user.id}/unlocks/`, { lesson_id: byTitle(detail, 'Later').id })).statusCode).toBe(201);
    detail = await read();
    expect(byTitle(detail, 'Later').is_locked).toBe(false);

    // The instructor takes the enrolment back.
    expect((await admin.call('DELETE', `/admin/students/${student.user.id}/enrolments/${course.id}/`)).statusCode).toBeLessThan(300);
    detail = await read();
    expect(detail.access).toBe('none');
    expect(byTitle(detail, 'First')).toMatchObject({ is_locked: true, video_source: null });

    // And then gives them a membership.
    expect((await admin.call('POST', `/admin/students/${student.user.id}/comp/`, { months: 1 })).statusCode).toBeLessThan(300);
    detail = await read();
    expect(detail.access).toBe('membership');
    expect(byTitle(detail, 'First').is_locked).toBe(false);
  });

  it('answers check-enrollment from the same cache, changed at once by an enrolment or a revoke', async () => {
    const student = await signedIn(t);
    const status = async () => (await student.call('GET', `/check-enrollment/${course.id}/`)).json<{ course_status: string }>().course_status;
    expect(await status()).toBe('not enrolled');
    expect(await status()).toBe('not enrolled');
    await admin.call('POST', `/admin/students/${student.user.id}/enrolments/`, { course_id: course.id });
    expect(await status()).toBe('enrolled');
    const first = byTitle((await student.call('GET', `/courses/${slug}/`)).json<CourseDetail>(), 'First');
    await student.call('POST', '/complete-lesson/', { lesson_uuid: first.uuid });
    expect(await status()).toBe('in_progress');
    await admin.call('DELETE', `/admin/students/${student.user.id}/enrolments/${course.id}/`);
    expect(await status()).toBe('not enrolled');
  });

  it("keeps each viewer's facts to themselves", async () => {
    const [one, two] = [await signedIn(t), await signedIn(t)];
    await admin.call('POST', `/admin/students/${one.user.id}/enrolments/`, { course_id: course.id });
    const first = (await one.call('GET', `/courses/${slug}/`)).json<CourseDetail>();
    const second = (await two.call('GET', `/courses/${slug}/`)).json<CourseDetail>();
    expect(first.access).toBe('enrolled');
    expect(second.access).toBe('none');
    expect(byTitle(second, 'First')).toMatchObject({ is_locked: true, video_source: null });
  });

  it('opens a dripped lesson on its date and locks the course when the membership ends, with nothing written between', async () => {
    const student = await signedIn(t);
    const start = Date.now();
    const day = 24 * 60 * 60 * 1000;
    // A membership that began 30 days less 5 seconds ago (next month's section opens in 5 s) and ends in 10 s.
    await insertMembership(t.handle.db, {
      userId: student.user.id,
      planType: 'monthly',
      startDate: new Date(start - 30 * day + 5_000),
      endDate: new Date(start + 10_000),
      autoRenew: false,
    });
    const readAt = async (seconds: number) => {
      vi.setSystemTime(start + seconds * 1000);
      const res = await student.call('GET', `/courses/${slug}/`);
      expect(res.statusCode).toBe(200);
      return res.json<CourseDetail>();
    };
    // Seconds apart, well inside every cache's lifetime: only the page's own dates can refresh it.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      let detail = await readAt(0);
      expect(detail.access).toBe('membership');
      expect(byTitle(detail, 'Later')).toMatchObject({ is_locked: true, available_at: new Date(start + 5_000).toISOString() });
      expect((await readAt(4)).sections).toEqual(detail.sections);
      detail = await readAt(6);
      expect(byTitle(detail, 'Later')).toMatchObject({ is_locked: false, available_at: null });
      expect(detail.access).toBe('membership');
      detail = await readAt(11);
      expect(detail.access).toBe('none');
      expect(byTitle(detail, 'First')).toMatchObject({ is_locked: true, video_source: null });
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the instructor's change to the course on the next read", async () => {
    const student = await signedIn(t);
    await admin.call('POST', `/admin/students/${student.user.id}/enrolments/`, { course_id: course.id });
    const first = byTitle((await student.call('GET', `/courses/${slug}/`)).json<CourseDetail>(), 'First');
    expect((await student.call('GET', `/courses/${slug}/`)).json<CourseDetail>().sections).toBeDefined();
    expect((await admin.call('PUT', `/admin/lessons/${first.id}/`, videoLesson('First, renamed'))).statusCode).toBe(200);
    const detail = (await student.call('GET', `/courses/${slug}/`)).json<CourseDetail>();
    expect(lessonsOf(detail).map((l) => l.lesson_title)).toContain('First, renamed');
    expect((await admin.call('PUT', `/admin/lessons/${first.id}/`, videoLesson('First'))).statusCode).toBe(200);
  });
});

describe("a signed-in viewer's other kept reads", () => {
  it('decide a membership at each read: its end shows on the subscription page with nothing written', async () => {
    const member = await signedIn(t);
    const start = Date.now();
    await insertMembership(t.handle.db, { userId: member.user.id, planType: 'monthly', endDate: new Date(start + 10_000), autoRenew: false });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const detailAt = async (seconds: number) => {
        vi.setSystemTime(start + seconds * 1000);
        return (await member.call('GET', '/user/subscription-detail/')).json<{ is_active: boolean; status: string }>();
      };
      expect(await detailAt(0)).toMatchObject({ is_active: true, status: 'Active' });
      expect(await detailAt(5)).toMatchObject({ is_active: true });
      expect(await detailAt(11)).toMatchObject({ is_active: false, status: 'Inactive' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('count the dashboard from facts that each write refreshes', async () => {
    const student = await signedIn(t);
    const dashboard = async () => (await student.call('GET', '/student/dashboard/')).json<Record<string, number>>();
    expect(await dashboard()).toMatchObject({ total_courses: 0, completed_lessons: 0 });
    await admin.call('POST', `/admin/students/${student.user.id}/enrolments/`, { course_id: course.id });
    expect(await dashboard()).toMatchObject({ total_courses: 1, completed_lessons: 0 });
    const first = byTitle((await student.call('GET', `/courses/${slug}/`)).json<CourseDetail>(), 'First');
    await student.call('POST', '/complete-lesson/', { lesson_uuid: first.uuid });
    expect(await dashboard()).toMatchObject({ total_courses: 1, completed_lessons: 1 });
    await admin.call('DELETE', `/admin/students/${student.user.id}/enrolments/${course.id}/`);
    expect(await dashboard()).toMatchObject({ total_courses: 0 });
  });
});
