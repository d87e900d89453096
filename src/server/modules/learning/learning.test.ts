import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetail, CourseListItem } from '../../../shared/catalog.js';
import { learningMessages } from '../../../shared/learning.js';
import { createTestApp, createVerifiedUser, freshIp, latestEmail, loginAs, type TestApp } from '../../../../test/helpers.js';

let t: TestApp;
let free: CourseListItem;
let paid: CourseListItem;
beforeAll(async () => {
  t = await createTestApp();
  const list = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>();
  free = list.find((c) => c.course_type === 'free')!;
  paid = list.find((c) => c.course_type === 'paid')!;
});
afterAll(() => t.close());

async function student(options: { isAdmin?: boolean } = {}) {
  const user = await createVerifiedUser(t, options);
  const { access } = await loginAs(t, user.email);
  const headers = { authorization: `Bearer ${access}` };
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, payload: payload as object, headers, remoteAddress: freshIp() });
  return { user, headers, call };
}

const lessonsOf = (course: CourseDetail) => course.sections.flatMap((s) => s.lessons);

describe('locked content', () => {
  it('a signed-in student who does not own the course gets no locked source, content or resource', async () => {
    const { call } = await student();
    const course = (await call('GET', `/courses/${paid.slug}/`)).json<CourseDetail>();
    expect(course.course_status).toBe('not enrolled');
    expect(lessonsOf(course).filter((l) => !l.enable_preview).length).toBeGreaterThan(0);
    for (const lesson of lessonsOf(course).filter((l) => !l.enable_preview)) {
      expect(lesson).toMatchObject({ video_source: null, lesson_content: null, upload_resource: null, is_locked: true });
    }
    const locked = lessonsOf(course).find((l) => !l.enable_preview)!;
    const res = await call('POST', '/complete-lesson/', { lesson_uuid: locked.uuid });
    expect(res.statusCode).toBe(403);
  });
});

describe('enrolment and progress', () => {
  it('refuses free enrolment in a paid course', async () => {
    const { call } = await student();
    const res = await call('POST', `/free-enroll/${paid.id}/`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: learningMessages.notFree });
    expect((await call('GET', `/check-enrollment/${paid.id}/`)).json()).toEqual({ course_status: 'not enrolled' });
  });

  it('enrols in a free course, unlocks every lesson, counts progress once under repeats and races, completes and restarts', async () => {
    const { call, user } = await student();
    const enrolled = await call('POST', `/free-enroll/${free.id}/`);
    expect(enrolled.json()).toMatchObject({ success: true, message: learningMessages.enrolled });
    expect((await call('POST', `/free-enroll/${free.id}/`)).statusCode).toBe(200);
    expect((await call('GET', `/check-enrollment/${free.id}/`)).json()).toEqual({ course_status: 'enrolled' });
    // Read (and kept) before the lessons: every later write shows in the last read below.
    expect((await call('GET', '/student/dashboard/')).json()).toMatchObject({ total_courses: 1, completed_lessons: 0, certificates: 0 });

    const course = (await call('GET', `/courses/${free.slug}/`)).json<CourseDetail>();
    const lessons = lessonsOf(course);
    expect(lessons.every((l) => !l.is_locked && (l.video_source || l.lesson_content))).toBe(true);

    const first = lessons[0]!;
    await Promise.all([1, 2, 3, 4].map(() => call('POST', '/complete-lesson/', { lesson_uuid: first.uuid })));
    const again = (await call('POST', '/complete-lesson/', { lesson_uuid: first.uuid })).json();
    expect(again).toMatchObject({ completed_total_lessons: 1, course_status: 'in_progress', total_lessons: lessons.length });
    const after = (await call('GET', `/courses/${free.slug}/`)).json<CourseDetail>();
    expect(after.completed_total_lessons).toBe(1);
    expect(after.sections[0]!.completed_lessons).toBe(1);
    expect(lessonsOf(after)[0]!.completed_status).toBe(true);

    let last;
    for (const lesson of lessons.slice(1)) last = (await call('POST', '/complete-lesson/', { lesson_uuid: lesson.uuid })).json();
    expect(last).toMatchObject({ course_status: 'completed', student_progress: 100, completed_total_lessons: lessons.length });
    expect(last.certificate_id).toMatch(/^LEC-/);

    const list = (await call('GET', `/student/courses/${user.id}/?course_status=completed`)).json();
    expect(list.map((e: { course: { id: number } }) => e.course.id)).toContain(free.id);
    expect(list[0].course).toMatchObject({ slug: free.slug, title: free.title, total_lessons: lessons.length, completed_total_lessons: lessons.length });
    // Search matches part of a course's title, in any case.
    const found = (await call('GET', `/student/courses/${user.id}/?search=${encodeURIComponent(free.title.slice(1, 8).toLowerCase())}`)).json();
    expect(found.map((e: { course: { id: number } }) => e.course.id)).toEqual([free.id]);
    expect((await call('GET', `/student/courses/${user.id}/?search=zzzz-no-match`)).json()).toEqual([]);
    expect((await call('GET', '/student/dashboard/')).json()).toMatchObject({
      total_courses: 1,
      completed_courses: 1,
      completed_lessons: lessons.length,
      certificates: 1,
      letters: 0,
    });

    const restarted = (await call('POST', `/course-restart/${free.slug}/${free.id}/`)).json();
    expect(restarted).toMatchObject({ course_status: 'in_progress', student_progress: 0, completed_total_lessons: 0 });
    expect((await call('GET', `/check-enrollment/${free.id}/`)).json()).toEqual({ course_status: 'in_progress' });
    // The certificate earned before the restart stays.
    expect((await call('GET', '/certificates/')).json()).toHaveLength(1);
  });

  it('two enrolments with different progress: each course reports its own lessons in the list, the dashboard and the course page', async () => {
    // A correlated subquery once compared the progress table's course with itself, so every
    // enrolment reported the lessons the student completed in all courses ('32 of 27 lectures').
    const { call, user } = await student();
    const [done, fresh] = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>().filter((c) => c.course_type === 'free');
    expect(done && fresh).toBeTruthy();
    await call('POST', `/free-enroll/${done!.id}/`);
    await call('POST', `/free-enroll/${fresh!.id}/`);
    const doneLessons = lessonsOf((await call('GET', `/courses/${done!.slug}/`)).json<CourseDetail>());
    const freshLessons = lessonsOf((await call('GET', `/courses/${fresh!.slug}/`)).json<CourseDetail>());
    for (const lesson of doneLessons) await call('POST', '/complete-lesson/', { lesson_uuid: lesson.uuid });
    await call('POST', '/complete-lesson/', { lesson_uuid: freshLessons[0]!.uuid });

    type Row = { course_status: string; course: { id: number; total_lessons: number; completed_total_lessons: number; student_progress: number } };
    const list = (await call('GET', `/student/courses/${user.id}/`)).json<Row[]>();
    const byId = new Map(list.map((e) => [e.course.id, e]));
    expect(byId.get(done!.id)).toMatchObject({
      course_status: 'completed',
      course: { total_lessons: doneLessons.length, completed_total_lessons: doneLessons.length, student_progress: 100 },
    });
    expect(byId.get(fresh!.id)).toMatchObject({ course_status: 'in_progress', course: { total_lessons: freshLessons.length, completed_total_lessons: 1 } });
    expect(byId.get(fresh!.id)!.course.student_progress).toBe(Math.round(100 / freshLessons.length));
    const completedOnly = (await call('GET', `/student/courses/${user.id}/?course_status=completed`)).json<Row[]>();
    expect(completedOnly.map((e) => e.course.id)).toEqual([done!.id]);
    expect((await call('GET', '/student/dashboard/')).json()).toEqual({
      total_courses: 2,
      completed_courses: 1,
      completed_lessons: doneLessons.length + 1,
      certificates: 1,
      letters: 0,
    });
    expect((await call('GET', `/courses/${fresh!.slug}/`)).json<CourseDetail>().completed_total_lessons).toBe(1);
    expect((await call('GET', `/courses/${done!.slug}/`)).json<CourseDetail>().completed_total_lessons).toBe(doneLessons.length);
  });

  it('a learner marks a lesson not completed again: idempotent, recounted under races, a completed course goes back in progress and keeps its certificate', async () => {
    const { call } = await student();
    await call('POST', `/free-enroll/${free.id}/`);
    const [first, second] = lessonsOf((await call('GET', `/courses/${free.slug}/`)).json<CourseDetail>());
    await call('POST', '/complete-lesson/', { lesson_uuid: first!.uuid });
    await call('POST', '/complete-lesson/', { lesson_uuid: second!.uuid });

    const undo = () => call('POST', '/complete-lesson/', { lesson_uuid: first!.uuid, completed_status: false });
    const answers = await Promise.all([undo(), undo(), undo()]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const undone = (await undo()).json();
    expect(undone).toMatchObject({ lesson_uuid: first!.uuid, completed_status: false, completed_total_lessons: 1, course_status: 'in_progress' });
    const after = (await call('GET', `/courses/${free.slug}/`)).json<CourseDetail>();
    expect(after.completed_total_lessons).toBe(1);
    expect(lessonsOf(after).find((l) => l.uuid === first!.uuid)!.completed_status).toBe(false);
    expect(lessonsOf(after).find((l) => l.uuid === second!.uuid)!.completed_status).toBe(true);

    const lessons = await completeEveryLesson(call);
    expect((await call('GET', `/check-enrollment/${free.id}/`)).json()).toEqual({ course_status: 'completed' });
    const reopened = (await call('POST', '/complete-lesson/', { lesson_uuid: lessons.at(-1)!.uuid, completed_status: false })).json();
    expect(reopened).toMatchObject({ course_status: 'in_progress', completed_total_lessons: lessons.length - 1 });
    expect((await call('GET', '/certificates/')).json()).toHaveLength(1);
  });

  it('refuses to change progress on a lesson the student may not open', async () => {
    const { call } = await student();
    const course = (await call('GET', `/courses/${paid.slug}/`)).json<CourseDetail>();
    const locked = lessonsOf(course).find((l) => !l.enable_preview)!;
    expect((await call('POST', '/complete-lesson/', { lesson_uuid: locked.uuid, completed_status: false })).statusCode).toBe(403);
  });

  it("refuses another user's course list and a course action on a course the student does not own", async () => {
    const owner = await student();
    const other = await student();
    expect((await other.call('GET', `/student/courses/${owner.user.id}/`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/student/courses/${owner.user.id}/` })).statusCode).toBe(401);
    expect((await other.call('POST', `/course-complete/${paid.slug}/${paid.id}/`)).statusCode).toBe(403);
    expect((await other.call('POST', `/course-restart/${paid.slug}/${paid.id}/`)).statusCode).toBe(403);
  });
});

/** Marks every lesson of the free course completed, one by one. */
async function completeEveryLesson(call: Awaited<ReturnType<typeof student>>['call']) {
  const course = (await call('GET', `/courses/${free.slug}/`)).json<CourseDetail>();
  for (const lesson of lessonsOf(course)) await call('POST', '/complete-lesson/', { lesson_uuid: lesson.uuid });
  return lessonsOf(course);
}

describe('Complete Course and certificates', () => {
  it("'Complete Course' before every lesson is completed is refused with how far the learner is, and issues nothing", async () => {
    const { call } = await student();
    await call('POST', `/free-enroll/${free.id}/`);
    const course = (await call('GET', `/courses/${free.slug}/`)).json<CourseDetail>();
    const total = lessonsOf(course).length;
    const early = await call('POST', `/course-complete/${free.slug}/${free.id}/`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ detail: learningMessages.finishEveryLesson(0, total), completed_total_lessons: 0, total_lessons: total });
    await call('POST', '/complete-lesson/', { lesson_uuid: lessonsOf(course)[0]!.uuid });
    const halfway = await call('POST', `/course-complete/${free.slug}/${free.id}/`);
    expect(halfway.statusCode).toBe(409);
    expect(halfway.json().detail).toBe(learningMessages.finishEveryLesson(1, total));
    expect((await call('GET', '/certificates/')).json()).toEqual([]);
    expect((await call('GET', `/check-enrollment/${free.id}/`)).json()).toEqual({ course_status: 'in_progress' });
  });

  it('the last lesson completes the course and issues the certificate; Complete Course then answers the same certificate', async () => {
    const { call } = await student();
    await call('POST', `/free-enroll/${free.id}/`);
    const lessons = await completeEveryLesson(call);
    const [certificate] = (await call('GET', '/certificates/')).json<{ certificate_id: string }[]>();
    expect(certificate!.certificate_id).toMatch(/^LEC-/);
    const done = await call('POST', `/course-complete/${free.slug}/${free.id}/`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      course_status: 'completed',
      student_progress: 100,
      completed_total_lessons: lessons.length,
      certificate_id: certificate!.certificate_id,
    });
  });

  it('can be verified by anyone and downloaded only by its owner', async () => {
    const { call } = await student();
    await call('POST', `/free-enroll/${free.id}/`);
    await completeEveryLesson(call);
    const done = (await call('POST', `/course-complete/${free.slug}/${free.id}/`)).json();
    const id = done.certificate_id as string;
    const verify = await t.app.inject({ url: `/api/v1/certificates/${id}/` });
    expect(verify.json()).toMatchObject({ certificate_id: id, course_title: free.title, student_name: 'Test Student', valid: true });
    expect((await t.app.inject({ url: '/api/v1/certificates/LEC-NOPE/' })).statusCode).toBe(404);
    const pdf = await call('GET', `/certificates/${id}/download/`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await student();
    expect((await stranger.call('GET', `/certificates/${id}/download/`)).statusCode).toBe(404);
    const page = await t.app.inject({ url: `/certificates/${id}` });
    expect(page.statusCode).toBe(200);
  });
});

describe('questions and answers', () => {
  it('a student with access asks, the instructor answers, and the student is emailed', async () => {
    const learner = await student();
    await learner.call('POST', `/free-enroll/${free.id}/`);
    const asked = await learner.call('POST', '/questions/', {
      course_id: free.id,
      title: 'Why use a virtualenv?',
      body: '<script>alert(1)</script> Is it required on Windows?',
    });
    expect(asked.statusCode).toBe(201);
    const question = asked.json();
    expect(question.body).toContain('<script>');

    const outsider = await student();
    expect((await outsider.call('POST', '/questions/', { course_id: free.id, title: 'Can I ask?', body: 'Without being enrolled?' })).statusCode).toBe(403);
    expect((await outsider.call('POST', `/admin/questions/${question.id}/answers/`, { body: 'Not the instructor' })).statusCode).toBe(403);

    const instructor = await student({ isAdmin: true });
    const answered = await instructor.call('POST', `/admin/questions/${question.id}/answers/`, { body: 'Yes: it keeps each project isolated.' });
    expect(answered.statusCode).toBe(201);
    expect(answered.json().answers[0]).toMatchObject({ body: 'Yes: it keeps each project isolated.', is_instructor: true });
    const mail = await latestEmail(t, learner.user.email);
    expect(mail!.subject).toContain('Why use a virtualenv?');
    const mine = (await learner.call('GET', '/questions/')).json();
    expect(mine[0].answers).toHaveLength(1);
  });
});
