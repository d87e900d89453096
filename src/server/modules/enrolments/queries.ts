import { and, desc, eq, exists, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { enrolments, lessonProgress, quizAttempts } from '../../db/schema/index.js';
import { outer } from '../../db/sql.js';
import { userFactsChanged } from '../../invalidation/user-facts.js';

export async function selectActiveEnrolment(db: Db, userId: number, courseId: number, lock = false) {
  const query = db
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId), isNull(enrolments.revokedAt)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertProgress(db: Db, userId: number, courseId: number, lessonId: number): Promise<void> {
  await db.insert(lessonProgress).values({ userId, courseId, lessonId }).onConflictDoNothing();
  userFactsChanged(db, userId);
}

/** Lessons of the course the user has completed, a quiz lesson (`quizLessonIds`) counting only once it is passed. */
export async function countProgress(db: Db, userId: number, courseId: number, quizLessonIds: number[] = []): Promise<number> {
  const passed = db
    .select({ one: sql`1` })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.lessonId, outer(lessonProgress.lessonId)), eq(quizAttempts.passed, true)));
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(lessonProgress)
    .where(
      and(
        eq(lessonProgress.userId, userId),
        eq(lessonProgress.courseId, courseId),
        quizLessonIds.length ? sql`(${notInArray(lessonProgress.lessonId, quizLessonIds)} or ${exists(passed)})` : undefined,
      ),
    );
  return row?.n ?? 0;
}

export async function updateEnrolmentStatus(db: Db, enrolmentId: number, status: 'enrolled' | 'in_progress' | 'completed'): Promise<void> {
  const rows = await db
    .update(enrolments)
    .set({ courseStatus: status, completedAt: status === 'completed' ? new Date() : null })
    .where(eq(enrolments.id, enrolmentId))
    .returning({ userId: enrolments.userId });
  userFactsChanged(
    db,
    rows.map((r) => r.userId),
  );
}

export async function deleteLessonProgress(db: Db, userId: number, lessonId: number): Promise<void> {
  await db.delete(lessonProgress).where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)));
  userFactsChanged(db, userId);
}

export async function deleteProgress(db: Db, userId: number, courseId: number): Promise<void> {
  await db.delete(lessonProgress).where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId)));
  userFactsChanged(db, userId);
}

/** A user's enrolments (not revoked) with their completed lessons, in one query; newest first. */
export function selectEnrolments(db: Db, userId: number, options: { completedOnly?: boolean; courseIds?: number[] | undefined }) {
  const done =
    sql<number>`(select count(*) from ${lessonProgress} where ${lessonProgress.userId} = ${userId} and ${lessonProgress.courseId} = ${outer(enrolments.courseId)})`.mapWith(
      Number,
    );
  return db
    .select({ id: enrolments.id, status: enrolments.courseStatus, createdAt: enrolments.createdAt, courseId: enrolments.courseId, done })
    .from(enrolments)
    .where(
      and(
        eq(enrolments.userId, userId),
        isNull(enrolments.revokedAt),
        options.completedOnly ? eq(enrolments.courseStatus, 'completed') : undefined,
        options.courseIds ? inArray(enrolments.courseId, options.courseIds) : undefined,
      ),
    )
    .orderBy(desc(enrolments.createdAt), desc(enrolments.id));
}

/** The user's enrolments (not revoked) in these courses. */
export function selectEnrolmentsOf(db: Db, userId: number, courseIds: number[]) {
  return db
    .select({ id: enrolments.id, courseId: enrolments.courseId, status: enrolments.courseStatus, source: enrolments.source, enrolledAt: enrolments.createdAt })
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), isNull(enrolments.revokedAt), inArray(enrolments.courseId, courseIds)));
}

/** The students enrolled (not revoked) in these courses, with the courses of each. */
export async function selectEnrolledStudents(db: Db, courseIds: number[]): Promise<Map<number, number[]>> {
  if (!courseIds.length) return new Map();
  const rows = await db
    .select({ userId: enrolments.userId, courseId: enrolments.courseId })
    .from(enrolments)
    .where(and(isNull(enrolments.revokedAt), inArray(enrolments.courseId, courseIds)))
    .orderBy(enrolments.userId, enrolments.courseId);
  const byUser = new Map<number, number[]>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.courseId]);
  return byUser;
}

/** Every enrolment (not revoked) in a course: who, how and how far. */
export function selectCourseEnrolments(db: Db, courseId: number) {
  return db
    .select({ userId: enrolments.userId, source: enrolments.source, status: enrolments.courseStatus })
    .from(enrolments)
    .where(and(eq(enrolments.courseId, courseId), isNull(enrolments.revokedAt)))
    .orderBy(enrolments.userId);
}

/** Course ids the user owns: enrolled, not revoked, and not through a membership. */
export async function selectOwnedCourseIds(db: Db, userId: number, courseIds?: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ courseId: enrolments.courseId })
    .from(enrolments)
    .where(
      and(
        eq(enrolments.userId, userId),
        isNull(enrolments.revokedAt),
        sql`${enrolments.source} <> 'subscription'`,
        courseIds ? inArray(enrolments.courseId, courseIds) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.courseId));
}

/**
 * One enrolment per (user, course): an existing one is left alone, except that a revoked one is
 * granted again and one started through a membership becomes owned by a purchase or grant. A grant
 * again is dated now (created_at is the enrolment's 'enrolled at'): a course enrolled by hand after
 * its purchase was refunded was shown with the refunded purchase's date.
 */
export async function upsertEnrolments(
  db: Db,
  userId: number,
  courseIds: number[],
  source: 'purchase' | 'free' | 'subscription' | 'admin',
  orderId: number | null,
): Promise<void> {
  await db
    .insert(enrolments)
    .values(courseIds.map((courseId) => ({ userId, courseId, source, orderId })))
    .onConflictDoUpdate({
      target: [enrolments.userId, enrolments.courseId],
      set: { revokedAt: null, source: sql`excluded.source`, orderId: sql`excluded.order_id`, createdAt: sql`excluded.created_at` },
      setWhere: sql`${enrolments.revokedAt} is not null or (${enrolments.source} = 'subscription' and excluded.source <> 'subscription')`,
    });
  userFactsChanged(db, userId);
}

export async function revokeEnrolmentsOfOrder(db: Db, orderId: number): Promise<number> {
  const rows = await db
    .update(enrolments)
    .set({ revokedAt: new Date() })
    .where(and(eq(enrolments.orderId, orderId), isNull(enrolments.revokedAt)))
    .returning({ id: enrolments.id, userId: enrolments.userId });
  userFactsChanged(
    db,
    rows.map((r) => r.userId),
  );
  return rows.length;
}

/** Active (not revoked) enrolments per course. */
export async function countActiveEnrolments(db: Db, courseIds: number[]): Promise<Map<number, number>> {
  if (!courseIds.length) return new Map();
  const rows = await db
    .select({ courseId: enrolments.courseId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(enrolments)
    .where(and(inArray(enrolments.courseId, courseIds), isNull(enrolments.revokedAt)))
    .groupBy(enrolments.courseId);
  return new Map(rows.map((r) => [r.courseId, r.n]));
}

/** The user's enrolment in the course (not revoked, if any) and the lessons they completed there: one query. */
export async function selectEnrolmentWithProgress(db: Db, userId: number, courseId: number) {
  const [row] = await db
    .select({
      enrolment: {
        id: enrolments.id,
        courseId: enrolments.courseId,
        status: enrolments.courseStatus,
        source: enrolments.source,
        enrolledAt: enrolments.createdAt,
      },
      completed: sql<
        number[]
      >`(select coalesce(array_agg(${lessonProgress.lessonId}), '{}') from ${lessonProgress} where ${lessonProgress.userId} = ${userId} and ${lessonProgress.courseId} = ${courseId})`,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(enrolments, and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId), isNull(enrolments.revokedAt)))
    .limit(1);
  return { enrolment: row?.enrolment ?? null, completed: new Set((row?.completed ?? []).map(Number)) };
}

export async function selectCompletedLessonIds(db: Db, userId: number, courseId: number): Promise<Set<number>> {
  const rows = await db
    .select({ lessonId: lessonProgress.lessonId })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId)));
  return new Set(rows.map((r) => r.lessonId));
}

/** How each of the user's enrolments came about (purchase, free, subscription, admin), by enrolment id. */
export async function selectEnrolmentSources(db: Db, userId: number): Promise<Map<number, string>> {
  const rows = await db.select({ id: enrolments.id, source: enrolments.source }).from(enrolments).where(eq(enrolments.userId, userId));
  return new Map(rows.map((r) => [r.id, r.source]));
}

export async function revokeEnrolment(db: Db, enrolmentId: number): Promise<void> {
  const rows = await db.update(enrolments).set({ revokedAt: new Date() }).where(eq(enrolments.id, enrolmentId)).returning({ userId: enrolments.userId });
  userFactsChanged(
    db,
    rows.map((r) => r.userId),
  );
}

/** The user's enrolments (not revoked), those completed, and the lessons completed in all: one query. */
export async function selectSummary(db: Db, userId: number) {
  const [row] = await db
    .select({
      totalCourses: sql<number>`(select count(*) from ${enrolments} where ${enrolments.userId} = ${userId} and ${enrolments.revokedAt} is null)`.mapWith(
        Number,
      ),
      completedCourses:
        sql<number>`(select count(*) from ${enrolments} where ${enrolments.userId} = ${userId} and ${enrolments.revokedAt} is null and ${enrolments.courseStatus} = 'completed')`.mapWith(
          Number,
        ),
      completedLessons: sql<number>`(select count(*) from ${lessonProgress} where ${lessonProgress.userId} = ${userId})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return row!;
}

/** People holding a course now (each once, however many courses): the home page's students figure. */
export async function countStudents(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${enrolments.userId})`.mapWith(Number) })
    .from(enrolments)
    .where(isNull(enrolments.revokedAt));
  return row?.n ?? 0;
}

/** Of `courseIds`, those someone outside `exceptUserIds` is or was enrolled in (revoked ones too). */
export async function selectCoursesWithEnrolments(db: Db, courseIds: number[], exceptUserIds: number[]): Promise<number[]> {
  if (!courseIds.length) return [];
  const rows = await db
    .selectDistinct({ courseId: enrolments.courseId })
    .from(enrolments)
    .where(and(inArray(enrolments.courseId, courseIds), exceptUserIds.length ? notInArray(enrolments.userId, exceptUserIds) : undefined));
  return rows.map((r) => r.courseId);
}

export async function countEnrolmentsOf(db: Db, userIds: number[]): Promise<number> {
  if (!userIds.length) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(enrolments)
    .where(inArray(enrolments.userId, userIds));
  return row?.n ?? 0;
}
