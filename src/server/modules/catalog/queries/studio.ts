/** The studio's reads and writes of the catalog: every course whatever its state, and the edits. */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, max, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Tx, Db } from '../../../db/client.js';
import { categories, coursePrices, courseSections, courseSlugRedirects, courses, instructors, lessonResources, lessons } from '../../../db/schema/index.js';
import { outer } from '../../../db/sql.js';

export type CourseStateFilter = 'draft' | 'published' | 'archived';

const stateWhere = (state: CourseStateFilter | undefined): SQL | undefined => {
  if (state === 'archived') return isNotNull(courses.archivedAt);
  if (state === 'published') return and(isNull(courses.archivedAt), eq(courses.isPublished, true));
  if (state === 'draft') return and(isNull(courses.archivedAt), eq(courses.isPublished, false));
  // By default the studio lists everything but the archive.
  return isNull(courses.archivedAt);
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function selectStudioCourses(
  db: Db,
  filter: { search?: string | undefined; state?: CourseStateFilter | undefined; sort: 'position' | 'title' | 'updated_at' | '-updated_at' },
  limit: number,
  offset: number,
) {
  const where = and(
    stateWhere(filter.state),
    filter.search ? or(ilike(courses.title, `%${escapeLike(filter.search)}%`), ilike(courses.slug, `%${escapeLike(filter.search)}%`)) : undefined,
  );
  const order =
    filter.sort === 'title'
      ? [asc(courses.title), asc(courses.id)]
      : filter.sort === 'updated_at'
        ? [asc(courses.updatedAt), asc(courses.id)]
        : filter.sort === '-updated_at'
          ? [desc(courses.updatedAt), desc(courses.id)]
          : [asc(courses.position), asc(courses.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: courses.id,
        slug: courses.slug,
        title: courses.title,
        courseType: courses.courseType,
        complexity: courses.complexity,
        categoryId: categories.id,
        categoryName: categories.categoryName,
        isPublished: courses.isPublished,
        archivedAt: courses.archivedAt,
        position: courses.position,
        updatedAt: courses.updatedAt,
        totalLessons: sql<number>`(select count(*) from ${lessons} where ${lessons.courseId} = ${outer(courses.id)})`.mapWith(Number),
      })
      .from(courses)
      .innerJoin(categories, eq(categories.id, courses.categoryId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(courses).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export function selectPricesOf(db: Db, courseIds: number[]) {
  if (!courseIds.length) return Promise.resolve([]);
  return db
    .select({
      courseId: coursePrices.courseId,
      region: coursePrices.region,
      currency: coursePrices.currency,
      amount: coursePrices.amount,
      regularAmount: coursePrices.regularAmount,
    })
    .from(coursePrices)
    .where(inArray(coursePrices.courseId, courseIds))
    .orderBy(asc(coursePrices.region));
}

export async function selectStudioCourse(db: Db, courseId: number, lock = false) {
  const query = db
    .select({ course: courses, categoryName: categories.categoryName })
    .from(courses)
    .innerJoin(categories, eq(categories.id, courses.categoryId))
    .where(eq(courses.id, courseId))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: courses }) : await query;
  return row;
}

export async function selectCurriculum(db: Db, courseId: number) {
  const [sections, lessonRows, resources, redirects] = await Promise.all([
    db.select().from(courseSections).where(eq(courseSections.courseId, courseId)).orderBy(asc(courseSections.position), asc(courseSections.id)),
    db.select().from(lessons).where(eq(lessons.courseId, courseId)).orderBy(asc(lessons.position), asc(lessons.id)),
    db
      .select({
        id: lessonResources.id,
        lessonId: lessonResources.lessonId,
        fileName: lessonResources.fileName,
        contentType: lessonResources.contentType,
        sizeBytes: lessonResources.sizeBytes,
      })
      .from(lessonResources)
      .innerJoin(lessons, eq(lessons.id, lessonResources.lessonId))
      .where(eq(lessons.courseId, courseId)),
    db
      .select({ oldSlug: courseSlugRedirects.oldSlug })
      .from(courseSlugRedirects)
      .where(eq(courseSlugRedirects.courseId, courseId))
      .orderBy(asc(courseSlugRedirects.createdAt)),
  ]);
  return { sections, lessons: lessonRows, resources, oldSlugs: redirects.map((r) => r.oldSlug) };
}

export async function categoryExists(db: Db, categoryId: number): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).limit(1);
  return Boolean(row);
}

export function selectCategories(db: Db) {
  return db.select().from(categories).orderBy(asc(categories.categoryName));
}

export async function insertCategory(tx: Tx, values: typeof categories.$inferInsert) {
  const [row] = await tx.insert(categories).values(values).onConflictDoNothing().returning();
  return row;
}

/** Is the slug a live course's (other than `exceptId`)? */
export async function slugInUse(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.slug, slug), exceptId ? ne(courses.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/** The single instructor the courses are taught by; made from the admin's name on a site with none. */
export async function instructorId(tx: Tx, fallback: { name: string; email: string }): Promise<number> {
  const [row] = await tx.select({ id: instructors.id }).from(instructors).orderBy(asc(instructors.id)).limit(1);
  if (row) return row.id;
  const [created] = await tx
    .insert(instructors)
    .values({ name: fallback.name, designation: 'Instructor', email: fallback.email, bio: '', profilePicture: '/media/instructor.svg' })
    .returning({ id: instructors.id });
  return created!.id;
}

export async function nextCoursePosition(tx: Tx): Promise<number> {
  const [row] = await tx.select({ n: max(courses.position) }).from(courses);
  return (row?.n ?? 0) + 1;
}

export async function insertStudioCourse(tx: Tx, values: typeof courses.$inferInsert): Promise<number> {
  const [row] = await tx.insert(courses).values(values).returning({ id: courses.id });
  return row!.id;
}

export async function updateStudioCourse(tx: Tx, courseId: number, values: Partial<typeof courses.$inferInsert>): Promise<void> {
  await tx
    .update(courses)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(courses.id, courseId));
}

/** The old slug now leads to this course; a slug taken back by a live course stops redirecting. */
export async function addSlugRedirect(tx: Tx, oldSlug: string, courseId: number): Promise<void> {
  await tx
    .insert(courseSlugRedirects)
    .values({ oldSlug, courseId })
    .onConflictDoUpdate({ target: courseSlugRedirects.oldSlug, set: { courseId, createdAt: new Date() } });
}

export async function deleteSlugRedirect(tx: Tx, slug: string): Promise<void> {
  await tx.delete(courseSlugRedirects).where(eq(courseSlugRedirects.oldSlug, slug));
}

/** The current slug of a course that used to live at `oldSlug` (published or not: the caller decides). */
export async function selectRedirectTarget(db: Db, oldSlug: string) {
  const [row] = await db
    .select({ slug: courses.slug, isPublished: courses.isPublished, archivedAt: courses.archivedAt })
    .from(courseSlugRedirects)
    .innerJoin(courses, eq(courses.id, courseSlugRedirects.courseId))
    .where(eq(courseSlugRedirects.oldSlug, oldSlug))
    .limit(1);
  return row;
}

export async function replacePrices(
  tx: Tx,
  courseId: number,
  rows: { region: string; currency: string; amount: number; regularAmount: number }[],
): Promise<void> {
  await tx.delete(coursePrices).where(eq(coursePrices.courseId, courseId));
  if (rows.length) await tx.insert(coursePrices).values(rows.map((r) => ({ ...r, courseId })));
}

export async function selectSection(db: Db, sectionId: number) {
  const [row] = await db.select().from(courseSections).where(eq(courseSections.id, sectionId)).limit(1);
  return row;
}

export async function insertSection(
  tx: Tx,
  courseId: number,
  values: Pick<typeof courseSections.$inferInsert, 'title' | 'availableAfterDays' | 'availableFrom'>,
) {
  const [last] = await tx
    .select({ n: max(courseSections.position) })
    .from(courseSections)
    .where(eq(courseSections.courseId, courseId));
  const [row] = await tx
    .insert(courseSections)
    .values({ courseId, ...values, position: (last?.n ?? 0) + 1 })
    .returning();
  return row!;
}

export async function updateSection(tx: Tx, sectionId: number, values: Partial<typeof courseSections.$inferInsert>): Promise<void> {
  await tx.update(courseSections).set(values).where(eq(courseSections.id, sectionId));
}

export async function countLessonsOfSection(db: Db, sectionId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(lessons).where(eq(lessons.sectionId, sectionId));
  return row?.n ?? 0;
}

export async function deleteSection(tx: Tx, sectionId: number): Promise<void> {
  await tx.delete(courseSections).where(eq(courseSections.id, sectionId));
}

export async function selectLesson(db: Db, lessonId: number) {
  const [row] = await db.select().from(lessons).where(eq(lessons.id, lessonId)).limit(1);
  return row;
}

export async function insertLesson(tx: Tx, values: Omit<typeof lessons.$inferInsert, 'position'>) {
  const [last] = await tx
    .select({ n: max(lessons.position) })
    .from(lessons)
    .where(eq(lessons.sectionId, values.sectionId));
  const [row] = await tx
    .insert(lessons)
    .values({ ...values, position: (last?.n ?? 0) + 1 })
    .returning();
  return row!;
}

export async function updateLesson(tx: Tx, lessonId: number, values: Partial<typeof lessons.$inferInsert>) {
  const [row] = await tx.update(lessons).set(values).where(eq(lessons.id, lessonId)).returning();
  return row;
}

export async function deleteLesson(tx: Tx, lessonId: number): Promise<void> {
  await tx.delete(lessons).where(eq(lessons.id, lessonId));
}

export async function setSectionPosition(tx: Tx, sectionId: number, position: number): Promise<void> {
  await tx.update(courseSections).set({ position }).where(eq(courseSections.id, sectionId));
}

export async function setLessonPlace(tx: Tx, lessonId: number, sectionId: number, position: number): Promise<void> {
  await tx.update(lessons).set({ sectionId, position }).where(eq(lessons.id, lessonId));
}

export async function touchCourse(tx: Tx, courseId: number): Promise<void> {
  await tx.update(courses).set({ updatedAt: new Date() }).where(eq(courses.id, courseId));
}

// ---------------------------------------------------------------- lesson resources

const resourceColumns = {
  id: lessonResources.id,
  lessonId: lessonResources.lessonId,
  fileName: lessonResources.fileName,
  storagePath: lessonResources.storagePath,
  contentType: lessonResources.contentType,
  sizeBytes: lessonResources.sizeBytes,
};

export async function selectResourcesOfLesson(db: Db, lessonId: number) {
  return db.select(resourceColumns).from(lessonResources).where(eq(lessonResources.lessonId, lessonId)).orderBy(asc(lessonResources.id));
}

export async function selectResourceWithCourse(db: Db, resourceId: number) {
  const [row] = await db
    .select({ ...resourceColumns, courseId: lessons.courseId })
    .from(lessonResources)
    .innerJoin(lessons, eq(lessons.id, lessonResources.lessonId))
    .where(eq(lessonResources.id, resourceId))
    .limit(1);
  return row;
}

export async function deleteResourcesOfLesson(tx: Tx, lessonId: number): Promise<void> {
  await tx.delete(lessonResources).where(eq(lessonResources.lessonId, lessonId));
}

export async function deleteResource(tx: Tx, resourceId: number): Promise<void> {
  await tx.delete(lessonResources).where(eq(lessonResources.id, resourceId));
}

export async function insertResource(tx: Tx, values: Omit<typeof lessonResources.$inferInsert, 'id'>) {
  const [row] = await tx.insert(lessonResources).values(values).returning(resourceColumns);
  return row!;
}
