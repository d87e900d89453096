import { and, count, desc, eq, inArray, isNotNull, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { courseRatings } from '../../db/schema/index.js';

/** The reviews of one course are written one at a time: a write, its aggregate and a concurrent one never interleave. */
const REVIEW_LOCK = 24_007;

export async function lockCourseReviews(db: Db, courseId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${REVIEW_LOCK}, ${courseId})`);
}

const reviewColumns = {
  id: courseRatings.id,
  courseId: courseRatings.courseId,
  userId: courseRatings.userId,
  rating: courseRatings.rating,
  review: courseRatings.review,
  createdAt: courseRatings.createdAt,
  updatedAt: courseRatings.updatedAt,
  hiddenAt: courseRatings.hiddenAt,
  hiddenReason: courseRatings.hiddenReason,
  reply: courseRatings.reply,
  repliedAt: courseRatings.repliedAt,
};
export type ReviewRow = Awaited<ReturnType<typeof selectReview>> & {};

/**
 * The student's review, created or replaced in one statement (unique per student and course);
 * `inserted` says which. An edit keeps the date it was first written, a reply and a hide.
 */
export async function upsertReview(db: Db, input: { courseId: number; userId: number; rating: number; review: string }) {
  const [row] = await db
    .insert(courseRatings)
    .values(input)
    .onConflictDoUpdate({
      target: [courseRatings.courseId, courseRatings.userId],
      set: { rating: input.rating, review: input.review, updatedAt: sql`now()` },
    })
    .returning({ id: courseRatings.id, inserted: sql<boolean>`(xmax = 0)` });
  return row!;
}

/** The visible reviews' average (one decimal, as text) and count. */
export async function selectCourseAggregate(db: Db, courseId: number): Promise<{ average: string; count: number }> {
  const [row] = await db
    .select({
      average: sql<string>`coalesce(round(avg(${courseRatings.rating}), 1), 0)::text`,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(courseRatings)
    .where(and(eq(courseRatings.courseId, courseId), isNull(courseRatings.hiddenAt)));
  return row ?? { average: '0', count: 0 };
}

export async function selectReview(db: Db, id: number) {
  const [row] = await db.select(reviewColumns).from(courseRatings).where(eq(courseRatings.id, id)).limit(1);
  return row;
}

export async function selectReviewOf(db: Db, courseId: number, userId: number) {
  const [row] = await db
    .select(reviewColumns)
    .from(courseRatings)
    .where(and(eq(courseRatings.courseId, courseId), eq(courseRatings.userId, userId)))
    .limit(1);
  return row;
}

export interface ReviewFilter {
  courseId?: number | undefined;
  stars?: number | undefined;
  /** public: not hidden (the only thing the storefront lists); hidden: hidden only; undefined: both. */
  status?: 'public' | 'hidden' | undefined;
  replied?: boolean | undefined;
}

function whereOf(filter: ReviewFilter): SQL | undefined {
  return and(
    filter.courseId === undefined ? undefined : eq(courseRatings.courseId, filter.courseId),
    filter.stars === undefined ? undefined : eq(courseRatings.rating, filter.stars),
    filter.status === 'public' ? isNull(courseRatings.hiddenAt) : filter.status === 'hidden' ? isNotNull(courseRatings.hiddenAt) : undefined,
    filter.replied === undefined ? undefined : filter.replied ? isNotNull(courseRatings.repliedAt) : isNull(courseRatings.repliedAt),
  );
}

/** One page, newest first, with the total matching. */
export async function selectReviewPage(db: Db, filter: ReviewFilter, limit: number, offset: number) {
  const rows = await db
    .select({ ...reviewColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(courseRatings)
    .where(whereOf(filter))
    .orderBy(desc(courseRatings.createdAt), desc(courseRatings.id))
    .limit(limit)
    .offset(offset);
  if (rows.length || offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  // Past the last page: the total still says how many there are.
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(courseRatings)
    .where(whereOf(filter));
  return { rows, total: row?.n ?? 0 };
}

/** Sets the reply unless there is one: undefined when the review has a reply already (or is gone). */
export async function setReply(db: Db, id: number, reply: string) {
  const [row] = await db
    .update(courseRatings)
    .set({ reply, repliedAt: sql`now()` })
    .where(and(eq(courseRatings.id, id), isNull(courseRatings.repliedAt)))
    .returning({ id: courseRatings.id });
  return row;
}

export async function setHidden(db: Db, id: number, hidden: { at: Date; reason: string } | null) {
  const [row] = await db
    .update(courseRatings)
    .set(hidden ? { hiddenAt: hidden.at, hiddenReason: hidden.reason } : { hiddenAt: null, hiddenReason: null })
    .where(and(eq(courseRatings.id, id), hidden ? isNull(courseRatings.hiddenAt) : isNotNull(courseRatings.hiddenAt)))
    .returning({ id: courseRatings.id });
  return row;
}

/** Of `courseIds`, those reviewed by anyone outside `exceptUserIds`. */
export async function selectCoursesReviewedBy(db: Db, courseIds: number[], exceptUserIds: number[]): Promise<number[]> {
  if (!courseIds.length) return [];
  const rows = await db
    .selectDistinct({ courseId: courseRatings.courseId })
    .from(courseRatings)
    .where(and(inArray(courseRatings.courseId, courseIds), exceptUserIds.length ? notInArray(courseRatings.userId, exceptUserIds) : undefined));
  return rows.map((r) => r.courseId);
}

/** The reviews the users wrote, per course. */
export async function countReviewsByCourse(db: Db, userIds: number[]) {
  if (!userIds.length) return [];
  return db
    .select({ courseId: courseRatings.courseId, n: count() })
    .from(courseRatings)
    .where(inArray(courseRatings.userId, userIds))
    .groupBy(courseRatings.courseId)
    .orderBy(courseRatings.courseId);
}

export async function deleteReviewsOf(db: Db, courseId: number, userIds: number[]): Promise<number> {
  const rows = await db
    .delete(courseRatings)
    .where(and(eq(courseRatings.courseId, courseId), inArray(courseRatings.userId, userIds)))
    .returning({ id: courseRatings.id });
  return rows.length;
}
