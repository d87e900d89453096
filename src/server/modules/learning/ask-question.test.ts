import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../../test/admin.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import type { CourseListItem } from '../../../shared/catalog.js';
import { questions } from '../../db/schema/index.js';

/**
 * A question belongs to a course (and maybe one of its lessons). An admin skips the enrolment
 * check, and nothing checked the course existed: the insert hit the foreign key and answered 500.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let student: Awaited<ReturnType<typeof signedIn>>;
let courses: CourseListItem[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, { isAdmin: true });
  student = await signedIn(t);
  courses = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>();
});
afterAll(() => t.close());

const stored = async () => (await t.handle.db.select({ n: count() }).from(questions))[0]!.n;
const question = { title: 'Where is the code?', body: 'Where can I download the lesson code?' };

describe('asking on a course that does not exist', () => {
  it('answers 404 to an admin and to a student, and stores nothing', async () => {
    const before = await stored();
    for (const who of [admin, student]) {
      const res = await who.call('POST', '/questions/', { ...question, course_id: 999_999 });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ detail: 'Course not found.' });
      const withLesson = await who.call('POST', '/questions/', { ...question, course_id: 999_999, lesson_id: 1 });
      expect(withLesson.statusCode, withLesson.body).toBe(404);
    }
    expect(await stored()).toBe(before);
    expect((await admin.call('GET', '/questions/?course_id=999999')).statusCode).toBe(404);
  });

  it("an admin naming a lesson that does not exist, or another course's, gets a field error and nothing is stored", async () => {
    const before = await stored();
    const [first] = courses;
    const res = await admin.call('POST', '/questions/', { ...question, course_id: first!.id, lesson_id: 999_999 });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ lesson_id: ['This lesson is not part of the course.'] });
    expect(await stored()).toBe(before);
    // The course itself is fine: an admin may ask on it.
    expect((await admin.call('POST', '/questions/', { ...question, course_id: first!.id })).statusCode).toBe(201);
  });
});
