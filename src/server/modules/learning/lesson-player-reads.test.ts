// The lesson player's calls cost no query when nothing changes: opening a lesson of a course the
// student is enrolled in, and completing a lesson completed before (the player reports every end of
// a video), are answered from the facts the course page keeps. Counted, never timed (npm run bench
// times them). What changes must still show at once: the cache is dropped by the student's writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseDetailSchema } from '../../../shared/catalog.js';
import { seedBenchCatalog } from '../../db/seed/index.js';
import { enrol } from '../enrolments/index.js';
import { createTestApp, createVerifiedUser, loginAs, type TestApp } from '../../../../test/helpers.js';

let t: TestApp;
let auth: Record<string, string>;
let lessons: { uuid: string; enable_preview: boolean }[];
let locked: string;

beforeAll(async () => {
  // The catalog's reads kept as in production (the test app keeps none by default).
  t = await createTestApp({ catalogCacheMs: 30_000 });
  const user = await createVerifiedUser(t);
  auth = { authorization: `Bearer ${(await loginAs(t, user.email)).access}` };
  const { courseIds } = await seedBenchCatalog(t.handle.db, { courses: 3, sections: 2, lessons: 3 });
  await enrol(t.handle.db, user.id, [courseIds[1]!], 'admin');
  const course = courseDetailSchema.parse((await t.app.inject({ url: '/api/v1/courses/bench-course-2/', headers: auth })).json());
  lessons = course.sections.flatMap((s) => s.lessons).filter((l) => l.lesson_type !== 'quiz');
  const other = courseDetailSchema.parse((await t.app.inject({ url: '/api/v1/courses/bench-course-3/', headers: auth })).json());
  locked = other.sections.flatMap((s) => s.lessons).find((l) => l.is_locked)!.uuid;
});
afterAll(() => t.close());

async function call(path: 'open-lesson' | 'complete-lesson', body: Record<string, unknown>) {
  t.queries.length = 0;
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/${path}/`, headers: auth, payload: body });
  return { status: res.statusCode, body: res.json(), queries: t.queries.length };
}

describe("the lesson player's calls", () => {
  it('open a lesson of an enrolled course without a query once its facts are kept', async () => {
    await call('open-lesson', { lesson_uuid: lessons[0]!.uuid });
    const again = await call('open-lesson', { lesson_uuid: lessons[0]!.uuid });
    expect(again).toMatchObject({ status: 200, queries: 0, body: { lesson_uuid: lessons[0]!.uuid, course_status: 'enrolled' } });
  });

  it('complete a lesson completed before without a query, and show a change at once', async () => {
    const first = await call('complete-lesson', { lesson_uuid: lessons[1]!.uuid });
    expect(first.status).toBe(200);
    expect(first.queries).toBeGreaterThan(0);
    expect(first.body).toMatchObject({ completed_status: true, completed_total_lessons: 1, course_status: 'in_progress' });

    await call('complete-lesson', { lesson_uuid: lessons[1]!.uuid });
    const repeat = await call('complete-lesson', { lesson_uuid: lessons[1]!.uuid });
    expect(repeat).toMatchObject({ status: 200, queries: 0, body: { completed_status: true, completed_total_lessons: 1, course_status: 'in_progress' } });

    // Unmarked, then completed again: each answer is the new state, never the kept one.
    const unmarked = await call('complete-lesson', { lesson_uuid: lessons[1]!.uuid, completed_status: false });
    expect(unmarked.body).toMatchObject({ completed_status: false, completed_total_lessons: 0 });
    const redone = await call('complete-lesson', { lesson_uuid: lessons[1]!.uuid });
    expect(redone.queries).toBeGreaterThan(0);
    expect(redone.body).toMatchObject({ completed_status: true, completed_total_lessons: 1 });
    const other = await call('complete-lesson', { lesson_uuid: lessons[2]!.uuid });
    expect(other.body).toMatchObject({ completed_status: true, completed_total_lessons: 2 });
  });

  it('still refuse a locked lesson, and an unknown one, however often asked', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await call('open-lesson', { lesson_uuid: locked })).status).toBe(403);
      expect((await call('complete-lesson', { lesson_uuid: locked })).status).toBe(403);
      const unknown = await call('open-lesson', { lesson_uuid: '00000000-0000-4000-8000-000000000000' });
      expect(unknown.status).toBe(404);
      // An unknown id is never kept: each asks the database again.
      expect(unknown.queries).toBe(1);
    }
  });
});
