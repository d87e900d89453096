import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createVerifiedUser, type TestApp } from '../../../../test/helpers.js';
import { courseDetailSchema, type CourseListItem } from '../../../shared/catalog.js';
import { courseSections } from '../../db/schema/index.js';
import { insertMembership } from '../../db/seed/factories.js';
import type { Viewer } from '../../http/auth.js';
import { enrol, markLessonCompleted } from '../enrolments/index.js';
import { courseDetailView } from './serialise.js';
import { getCourseDetail } from './service.js';
import { renderCourseDetail } from './template.js';

/**
 * The signed-in course page is written from a template (template.ts) instead of serialising
 * courseDetailView per request: for every demo course (quizzes, resources, previews) and every
 * kind of viewer, the two must be the same JSON.
 */

let t: TestApp;
let courses: CourseListItem[];
const viewers: Record<string, Viewer | undefined> = {};

beforeAll(async () => {
  t = await createTestApp();
  courses = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>();
  // One course drips its later sections a month after access began.
  const dripped = courses.find((c) => c.course_type === 'paid')!;
  await t.handle.db
    .update(courseSections)
    .set({ availableAfterDays: 30 })
    .where(and(eq(courseSections.courseId, dripped.id), gt(courseSections.position, 1)));
  const student = await createVerifiedUser(t);
  // Enrolled in every course, with a different amount done in each.
  await enrol(
    t.handle.db,
    student.id,
    courses.map((c) => c.id),
    'admin',
  );
  for (const [n, course] of courses.entries()) {
    const detail = courseDetailSchema.parse(courseDetailView(await getCourseDetail({ db: t.handle.db, slug: course.slug, region: 'US', signingSecret: 's' })));
    for (const lesson of detail.sections.flatMap((s) => s.lessons).slice(0, n % 4)) await markLessonCompleted(t.handle.db, student.id, course.id, lesson.id);
  }
  const member = await createVerifiedUser(t);
  await insertMembership(t.handle.db, { userId: member.id, planType: 'monthly' });
  const stranger = await createVerifiedUser(t);
  const admin = await createVerifiedUser(t, { isAdmin: true });
  Object.assign(viewers, {
    visitor: undefined,
    stranger: { userId: stranger.id, isAdmin: false },
    student: { userId: student.id, isAdmin: false },
    member: { userId: member.id, isAdmin: false },
    admin: { userId: admin.id, isAdmin: true },
  });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

describe("the signed-in course page's template", () => {
  it('writes the same JSON as courseDetailView, for every course and every viewer', async () => {
    expect(courses.length).toBeGreaterThan(5);
    let compared = 0;
    for (const course of courses) {
      for (const [name, viewer] of Object.entries(viewers)) {
        const options = { db: t.handle.db, slug: course.slug, region: 'IN' as const, viewer, signingSecret: 'template-secret' };
        const expected = courseDetailSchema.parse(courseDetailView(await getCourseDetail(options)));
        const written = JSON.parse((await renderCourseDetail(options)).body.toString());
        expect(written, `${course.slug} for ${name}`).toEqual(expected);
        compared++;
      }
    }
    expect(compared).toBe(courses.length * 5);
  });

  it('has quizzes, resources, completed lessons and locked lessons among what it compared', async () => {
    const options = (slug: string, viewer: Viewer | undefined) => ({ db: t.handle.db, slug, region: 'US' as const, viewer, signingSecret: 's' });
    const all = await Promise.all(courses.map(async (c) => JSON.parse((await renderCourseDetail(options(c.slug, viewers.student))).body.toString())));
    const lessons = all.flatMap((d) => courseDetailSchema.parse(d).sections.flatMap((s) => s.lessons));
    expect(lessons.some((l) => l.quiz)).toBe(true);
    expect(lessons.some((l) => l.upload_resource)).toBe(true);
    expect(lessons.some((l) => l.completed_status)).toBe(true);
    expect(lessons.some((l) => l.available_at !== null && l.is_locked)).toBe(true);
    const locked = courseDetailSchema.parse(
      JSON.parse((await renderCourseDetail(options(courses.find((c) => c.course_type === 'paid')!.slug, viewers.stranger))).body.toString()),
    );
    expect(locked.sections.flatMap((s) => s.lessons).some((l) => l.is_locked && l.video_source === null)).toBe(true);
  });
});
