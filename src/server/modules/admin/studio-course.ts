/**
 * The course as the studio shows it: the catalog's course with how many students hold it now
 * (`enrolled`, from the enrolments module). Combined here, in the module above both; a page of
 * courses is counted in one query.
 */
import type { AdminCourse, AdminCourseListItem, Page } from '../../../shared/admin.js';
import type { Db } from '../../db/client.js';
import * as catalog from '../catalog/index.js';
import { activeEnrolmentCounts } from '../enrolments/index.js';

/** The courses with their active enrolment counts (revoked enrolments do not count): one query for them all. */
export async function allWithEnrolled<T extends { id: number }>(db: Db, courses: T[]): Promise<(T & { enrolled: number })[]> {
  const counts = await activeEnrolmentCounts(
    db,
    courses.map((c) => c.id),
  );
  return courses.map((c) => ({ ...c, enrolled: counts.get(c.id) ?? 0 }));
}

/** The course with its active enrolment count. */
export async function withEnrolled<T extends { id: number }>(db: Db, course: T): Promise<T & { enrolled: number }> {
  const [counted] = await allWithEnrolled(db, [course]);
  return counted!;
}

/** One course of the studio, with its curriculum, prices and enrolment count (404 when there is none). */
export async function studioCourse(db: Db, courseId: number): Promise<AdminCourse> {
  return withEnrolled(db, await catalog.getStudioCourse(db, courseId));
}

/** A page of the studio's course list, each with its enrolment count. */
export async function studioCourses(
  db: Db,
  query: catalog.StudioCourseQuery,
  window: { limit: number; offset: number; page: number },
): Promise<Page<AdminCourseListItem>> {
  const page = await catalog.listStudioCourses(db, query, window);
  return { ...page, results: await allWithEnrolled(db, page.results) };
}
