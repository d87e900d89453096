// No N+1 on the storefront's hot reads: the number of SQL statements for the course list and a
// course detail (visitor and signed-in member) stays the same as the catalog and the curriculum
// grow. Counted, never timed (timings belong to `npm run bench`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseDetailSchema, type CourseListItem } from '../../../shared/catalog.js';
import { seedBenchCatalog } from '../../db/seed/index.js';
import { enrol } from '../enrolments/index.js';
import { createTestApp, createVerifiedUser, loginAs, type TestApp } from '../../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function countQueries(url: string, headers: Record<string, string> = {}) {
  t.queries.length = 0;
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  return { count: t.queries.length, body: res.json() };
}

describe('query counts do not grow with the catalog', () => {
  it('course list, visitor detail and member detail', async () => {
    // The demo catalog: a dozen courses of a few lessons each.
    const smallList = await countQueries('/api/v1/courses/');
    // A small paid course without a quiz, like the bench course (a quiz costs one query more: its questions, and the viewer's attempts).
    const smallPaid = (smallList.body as CourseListItem[]).filter((c) => c.course_type === 'paid' && c.total_lessons < 60);
    const details = await Promise.all(smallPaid.map(async (c) => courseDetailSchema.parse((await t.app.inject({ url: `/api/v1/courses/${c.slug}/` })).json())));
    const small = smallPaid[details.findIndex((d) => d.sections.every((s) => s.lessons.every((l) => l.lesson_type !== 'quiz')))]!;
    expect(small).toBeDefined();
    const smallVisitor = await countQueries(`/api/v1/courses/${small.slug}/`);

    const user = await createVerifiedUser(t);
    const { access } = await loginAs(t, user.email);
    const auth = { authorization: `Bearer ${access}` };

    // Four times the courses, and a course of 8 × 10 lessons the member owns and has started.
    const { courseIds } = await seedBenchCatalog(t.handle.db, { courses: 40, sections: 8, lessons: 10 });
    await enrol(t.handle.db, user.id, [small.id, courseIds[0]!], 'admin');
    // One signed-in request first: per-process caches filled on first use (the blocked-account list) are not per request.
    await countQueries(`/api/v1/courses/${small.slug}/`, auth);
    const smallMember = await countQueries(`/api/v1/courses/${small.slug}/`, auth);
    const bigCourse = courseDetailSchema.parse((await countQueries('/api/v1/courses/bench-course-1/', auth)).body);
    const lessons = bigCourse.sections.flatMap((s) => s.lessons);
    for (const lesson of lessons.slice(0, 12)) {
      const done = await t.app.inject({ method: 'POST', url: '/api/v1/complete-lesson/', headers: auth, payload: { lesson_uuid: lesson.uuid } });
      expect(done.statusCode).toBe(200);
    }

    const bigList = await countQueries('/api/v1/courses/');
    expect((bigList.body as CourseListItem[]).length).toBeGreaterThanOrEqual(40);
    expect(bigList.count).toBe(smallList.count);

    const bigVisitor = await countQueries('/api/v1/courses/bench-course-1/');
    expect(bigVisitor.count).toBe(smallVisitor.count);

    const bigMember = await countQueries('/api/v1/courses/bench-course-1/', auth);
    const detail = courseDetailSchema.parse(bigMember.body);
    expect(detail.total_lessons).toBe(8 * 10);
    expect(detail.completed_total_lessons).toBe(12);
    expect(detail.sections.flatMap((s) => s.lessons).every((l) => !l.is_locked)).toBe(true);
    // Visitor: course, sections, lessons, resources, enrolled count (this app keeps no catalog snapshot).
    expect(smallList.count).toBe(1);
    expect(bigVisitor.count).toBeLessThanOrEqual(5);
    // A member's first read after their progress changed adds their facts: enrolment with progress, and memberships (two).
    expect(bigMember.count).toBe(bigVisitor.count + 2);
    // Read again while nothing of theirs changed, their facts come from the viewer cache: no query of their own.
    const again = await countQueries('/api/v1/courses/bench-course-1/', auth);
    expect(courseDetailSchema.parse(again.body).completed_total_lessons).toBe(12);
    expect(again.count).toBe(bigVisitor.count);
    expect(smallMember.count).toBe(smallVisitor.count);
  }, 120_000);
});
