/** The demo catalog's rows (is_demo), what else names them, and their removal; the home page's catalog figures. */
import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { outer } from '../../../db/sql.js';
import { categories, clientReviews, courses, instructors, lessons, plans, roadmapSteps } from '../../../db/schema/index.js';

/** Published courses, their reviews (sum of each course's average × count, and the count), learners before records, lesson seconds. */
export async function selectFigureFacts(db: Db) {
  const [catalog] = await db
    .select({
      courses: count(),
      ratingPoints: sql<number>`coalesce(sum(${courses.ratingAverage} * ${courses.ratingCount}), 0)`.mapWith(Number),
      ratings: sql<number>`coalesce(sum(${courses.ratingCount}), 0)`.mapWith(Number),
      baseline: sql<number>`coalesce(sum(${courses.enrolledBaseline}), 0)`.mapWith(Number),
    })
    .from(courses)
    .where(eq(courses.isPublished, true));
  const [content] = await db
    .select({ seconds: sql<number>`coalesce(sum(${lessons.durationSeconds}), 0)`.mapWith(Number) })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(courses.isPublished, true));
  return {
    courses: catalog?.courses ?? 0,
    ratingPoints: catalog?.ratingPoints ?? 0,
    ratings: catalog?.ratings ?? 0,
    baseline: catalog?.baseline ?? 0,
    seconds: content?.seconds ?? 0,
  };
}

/** The demo's courses (locked while a removal decides), with whether a roadmap step of the instructor's own names them. */
export async function selectDemoCourses(db: Db, lock: boolean) {
  const query = db
    .select({ id: courses.id, title: courses.title, categoryId: courses.categoryId, instructorId: courses.instructorId })
    .from(courses)
    .where(eq(courses.isDemo, true))
    .orderBy(asc(courses.position), asc(courses.id));
  return lock ? query.for('update') : query;
}

/** Courses named by a roadmap step that is not the demo's. */
export async function selectOwnRoadmapCourseIds(db: Db, courseIds: number[]): Promise<number[]> {
  if (!courseIds.length) return [];
  const rows = await db
    .selectDistinct({ courseId: roadmapSteps.courseId })
    .from(roadmapSteps)
    .where(and(eq(roadmapSteps.isDemo, false), inArray(roadmapSteps.courseId, courseIds)));
  return rows.map((r) => r.courseId);
}

/** The demo's categories and instructor, each with the courses outside `leaving` that still name it. */
export async function selectDemoCategories(db: Db, leaving: number[]) {
  return db
    .select({
      id: categories.id,
      name: categories.categoryName,
      usedBy:
        sql<number>`(select count(*) from courses c where c.category_id = ${outer(categories.id)}${leaving.length ? sql` and c.id not in (${sql.join(leaving, sql`, `)})` : sql``})`.mapWith(
          Number,
        ),
    })
    .from(categories)
    .where(eq(categories.isDemo, true))
    .orderBy(asc(categories.id));
}

export async function selectDemoInstructors(db: Db, leaving: number[]) {
  return db
    .select({
      id: instructors.id,
      name: instructors.name,
      usedBy:
        sql<number>`(select count(*) from courses c where c.instructor_id = ${outer(instructors.id)}${leaving.length ? sql` and c.id not in (${sql.join(leaving, sql`, `)})` : sql``})`.mapWith(
          Number,
        ),
    })
    .from(instructors)
    .where(eq(instructors.isDemo, true))
    .orderBy(asc(instructors.id));
}

export async function selectDemoTestimonials(db: Db) {
  return db
    .select({ id: clientReviews.id, name: clientReviews.name })
    .from(clientReviews)
    .where(eq(clientReviews.isDemo, true))
    .orderBy(asc(clientReviews.position));
}

export async function selectDemoPlans(db: Db, lock: boolean) {
  const query = db.select({ id: plans.id, name: plans.name }).from(plans).where(eq(plans.isDemo, true)).orderBy(asc(plans.position), asc(plans.id));
  return lock ? query.for('update') : query;
}

export async function selectDemoRoadmapSteps(db: Db) {
  return db.select({ id: roadmapSteps.id }).from(roadmapSteps).where(eq(roadmapSteps.isDemo, true)).orderBy(asc(roadmapSteps.position));
}

export async function deleteRoadmapSteps(tx: Tx, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  return (await tx.delete(roadmapSteps).where(inArray(roadmapSteps.id, ids)).returning({ id: roadmapSteps.id })).length;
}

/** The steps left, numbered 1, 2, 3 ... again (position is unique: moved out of the way first). */
export async function renumberRoadmap(tx: Tx): Promise<void> {
  await tx.update(roadmapSteps).set({ position: sql`-${roadmapSteps.position}` });
  await tx.execute(sql`
    update roadmap_steps r set position = n.rank
    from (select id, row_number() over (order by position desc, id) as rank from roadmap_steps) n
    where r.id = n.id`);
}

export async function deleteCourses(tx: Tx, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  return (
    await tx
      .delete(courses)
      .where(and(eq(courses.isDemo, true), inArray(courses.id, ids)))
      .returning({ id: courses.id })
  ).length;
}

/** Demo categories that no course names any more. */
export async function deleteUnusedDemoCategories(tx: Tx, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const used = tx.selectDistinct({ id: courses.categoryId }).from(courses);
  return (
    await tx
      .delete(categories)
      .where(and(eq(categories.isDemo, true), inArray(categories.id, ids), notInArray(categories.id, used)))
      .returning({ id: categories.id })
  ).length;
}

export async function deleteInstructor(tx: Tx, id: number): Promise<void> {
  await tx.delete(instructors).where(and(eq(instructors.id, id), eq(instructors.isDemo, true)));
}

/** The placeholder, still named by a course, becomes a blank profile in the admin's name (no longer the demo's). */
export async function resetInstructor(tx: Tx, id: number, fallback: { name: string; email: string }): Promise<void> {
  await tx
    .update(instructors)
    .set({
      name: fallback.name,
      email: fallback.email,
      designation: 'Instructor',
      bio: '',
      profilePicture: '/media/instructor.svg',
      facebookLink: null,
      linkedinLink: null,
      githubLink: null,
      youtubeLink: null,
      instagramLink: null,
      isDemo: false,
    })
    .where(and(eq(instructors.id, id), eq(instructors.isDemo, true)));
}

export async function deleteTestimonials(tx: Tx, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  return (
    await tx
      .delete(clientReviews)
      .where(and(eq(clientReviews.isDemo, true), inArray(clientReviews.id, ids)))
      .returning({ id: clientReviews.id })
  ).length;
}

export async function deletePlans(tx: Tx, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  return (
    await tx
      .delete(plans)
      .where(and(eq(plans.isDemo, true), inArray(plans.id, ids)))
      .returning({ id: plans.id })
  ).length;
}

/** The site's instructor (the first) and whether it is still the demo's placeholder. */
export async function selectInstructorState(db: Db) {
  const [row] = await db.select({ name: instructors.name, isDemo: instructors.isDemo }).from(instructors).orderBy(asc(instructors.id)).limit(1);
  return row;
}

/** The newest course of the instructor's own (not the demo's), published first. */
export async function selectOwnCourse(db: Db) {
  const [row] = await db
    .select({ id: courses.id, title: courses.title, isPublished: courses.isPublished, archivedAt: courses.archivedAt })
    .from(courses)
    .where(eq(courses.isDemo, false))
    .orderBy(sql`${courses.archivedAt} is null desc`, sql`${courses.isPublished} desc`, sql`${courses.id} desc`)
    .limit(1);
  return row;
}
