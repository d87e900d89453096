import { formatPersonName } from '../../../shared/text.js';
import {
  REVIEWS_PAGE_SIZE,
  reviewMessages,
  type AdminReview,
  type AllReviewsQuery,
  type CourseReview,
  type CourseReviewPage,
  type CourseReviewQuery,
  type MyReview,
  type ReviewBody,
  type SavedReview,
} from '../../../shared/reviews.js';
import type { Database, Db, Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Viewer } from '../../http/auth.js';
import { getPublicUsers } from '../accounts/index.js';
import { accessWithProgress, type CourseAccess } from '../access/index.js';
import { getCourseMeta, getCourseSummaries, setCourseRating } from '../catalog/index.js';
import * as q from './queries.js';

type Row = NonNullable<Awaited<ReturnType<typeof q.selectReview>>>;

/**
 * Who may rate a course: a viewer the access module lets open it (no second check here) who has
 * completed at least one lesson of it, or the course. Null when they may; else why not.
 */
export function reviewRefusal(access: CourseAccess, completed: ReadonlySet<number>): string | null {
  if (!access.full) return reviewMessages.notStudent;
  if (completed.size === 0 && access.enrolment?.status !== 'completed') return reviewMessages.nothingCompleted;
  return null;
}

async function publishedCourse(db: Database, slug: string) {
  const course = await getCourseMeta(db, slug);
  if (!course) throw AppError.notFound('Course not found.');
  return course;
}

const ownView = (row: Row): NonNullable<MyReview['review']> => ({
  id: row.id,
  rating: row.rating,
  review: row.review,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  hidden: row.hiddenAt !== null,
});

/** Recomputes the course's figures from its visible reviews, in the caller's transaction (which holds the course's review lock). */
async function refreshAggregate(tx: Db, courseId: number): Promise<{ average: string; count: number }> {
  const figures = await q.selectCourseAggregate(tx, courseId);
  await setCourseRating(tx, courseId, figures);
  return figures;
}

/**
 * A student's rating and review: the first one creates it (created: true), any later one edits
 * it. The review, its course's average and count change in one transaction, one writer per course
 * at a time, so two saves at once end in one review and a true average.
 */
export async function saveReview(db: Database, viewer: Viewer, slug: string, body: ReviewBody): Promise<SavedReview> {
  const course = await publishedCourse(db, slug);
  const { access, completed } = await accessWithProgress(db, viewer, course.id);
  const refusal = reviewRefusal(access, completed);
  if (refusal) throw new AppError('forbidden', refusal);
  return db.transaction(async (tx) => {
    await q.lockCourseReviews(tx, course.id);
    const { id, inserted } = await q.upsertReview(tx, { courseId: course.id, userId: viewer.userId, rating: body.rating, review: body.review ?? '' });
    const figures = await refreshAggregate(tx, course.id);
    return {
      created: inserted,
      review: ownView((await q.selectReview(tx, id))!),
      course: { slug: course.slug, ratings: Number(figures.average), ratings_count: figures.count },
    };
  });
}

/** The viewer's own review of the course (hidden or not) and whether they may rate it. */
export async function myReview(db: Database, viewer: Viewer, slug: string): Promise<MyReview> {
  const course = await publishedCourse(db, slug);
  const [{ access, completed }, row] = await Promise.all([accessWithProgress(db, viewer, course.id), q.selectReviewOf(db, course.id, viewer.userId)]);
  const reason = reviewRefusal(access, completed);
  return { may_review: reason === null, reason, review: row ? ownView(row) : null };
}

/** Names (the one name rule) and courses of a page of reviews: two queries whatever the page's size. */
async function describe(db: Db, rows: Row[]) {
  const [people, courses] = await Promise.all([
    getPublicUsers(
      db,
      rows.map((r) => r.userId),
    ),
    getCourseSummaries(
      db,
      rows.map((r) => r.courseId),
    ),
  ]);
  return { people, courses };
}

function publicPage(
  rows: Row[],
  total: number,
  page: number,
  described: Awaited<ReturnType<typeof describe>>,
  link: (page: number) => string,
): CourseReviewPage {
  const results = rows.map((r): CourseReview => {
    const course = described.courses.get(r.courseId);
    return {
      id: r.id,
      rating: r.rating,
      review: r.review,
      student_name: formatPersonName(described.people.get(r.userId)?.fullName) || 'Student',
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
      verified_student: true,
      reply: r.reply !== null && r.repliedAt ? { text: r.reply, created_at: r.repliedAt.toISOString() } : null,
      course: { slug: course?.slug ?? '', title: course?.title ?? '' },
    };
  });
  return {
    count: total,
    next: page * REVIEWS_PAGE_SIZE < total ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results,
  };
}

async function publicReviews(db: Database, courseId: number | undefined, query: CourseReviewQuery, link: (page: number) => string): Promise<CourseReviewPage> {
  const { rows, total } = await q.selectReviewPage(
    db,
    { courseId, stars: query.stars, status: 'public' },
    REVIEWS_PAGE_SIZE,
    (query.page - 1) * REVIEWS_PAGE_SIZE,
  );
  return publicPage(rows, total, query.page, await describe(db, rows), link);
}

const queryString = (params: Record<string, string | number | undefined>) =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

/** GET /courses/{slug}/reviews/: the course's public reviews, newest first (hidden ones left out). */
export async function listCourseReviews(db: Database, slug: string, query: CourseReviewQuery, baseUrl: string): Promise<CourseReviewPage> {
  const course = await publishedCourse(db, slug);
  const link = (page: number) => `${baseUrl}/api/v1/courses/${encodeURIComponent(course.slug)}/reviews/?${queryString({ page, stars: query.stars })}`;
  return publicReviews(db, course.id, query, link);
}

/** GET /course-reviews/: the newest public reviews of every published course, or of one (none for a course not on sale). */
export async function listAllReviews(db: Database, query: AllReviewsQuery, baseUrl: string): Promise<CourseReviewPage> {
  const course = query.course ? await getCourseMeta(db, query.course) : undefined;
  if (query.course && !course) return { count: 0, next: null, previous: null, results: [] };
  const link = (page: number) => `${baseUrl}/api/v1/course-reviews/?${queryString({ page, stars: query.stars, course: course?.slug })}`;
  return publicReviews(db, course?.id, query, link);
}

// ---------------------------------------------------------------- studio

async function adminViews(db: Db, rows: Row[]): Promise<AdminReview[]> {
  const described = await describe(db, rows);
  return rows.map((r) => {
    const person = described.people.get(r.userId);
    const course = described.courses.get(r.courseId);
    return {
      id: r.id,
      rating: r.rating,
      review: r.review,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
      student: { id: r.userId, email: person?.email ?? '', full_name: formatPersonName(person?.fullName) },
      course: { id: r.courseId, slug: course?.slug ?? '', title: course?.title ?? '' },
      reply: r.reply !== null && r.repliedAt ? { text: r.reply, created_at: r.repliedAt.toISOString() } : null,
      hidden: r.hiddenAt ? { at: r.hiddenAt.toISOString(), reason: r.hiddenReason ?? '' } : null,
    };
  });
}

/** The studio's list: every review, hidden ones too, newest first, with the student's email. */
export async function studioReviews(db: Database, filter: q.ReviewFilter, limit: number, offset: number): Promise<{ results: AdminReview[]; total: number }> {
  const { rows, total } = await q.selectReviewPage(db, filter, limit, offset);
  return { results: await adminViews(db, rows), total };
}

async function studioReview(tx: Db, id: number): Promise<AdminReview> {
  const row = await q.selectReview(tx, id);
  if (!row) throw AppError.notFound(reviewMessages.notFound);
  return (await adminViews(tx, [row]))[0]!;
}

/** The instructor's public reply: once per review (409 after). */
export async function replyToReview(tx: Tx, id: number, reply: string): Promise<{ before: AdminReview; after: AdminReview }> {
  const before = await studioReview(tx, id);
  if (!(await q.setReply(tx, id, reply))) throw new AppError('conflict', reviewMessages.alreadyReplied);
  return { before, after: await studioReview(tx, id) };
}

/** Hides a review (with the instructor's reason) or shows it again; the course's figures change in the same transaction. */
export async function setReviewHidden(tx: Tx, id: number, hidden: { reason: string } | null): Promise<{ before: AdminReview; after: AdminReview }> {
  const found = await q.selectReview(tx, id);
  if (!found) throw AppError.notFound(reviewMessages.notFound);
  await q.lockCourseReviews(tx, found.courseId);
  const before = await studioReview(tx, id);
  if (!(await q.setHidden(tx, id, hidden ? { at: new Date(), reason: hidden.reason } : null))) {
    throw new AppError('conflict', hidden ? reviewMessages.alreadyHidden : reviewMessages.notHidden);
  }
  await refreshAggregate(tx, found.courseId);
  return { before, after: await studioReview(tx, id) };
}

/** Of `courseIds`, those anyone but `exceptUserIds` (the demo's students) reviewed. */
export async function coursesReviewedBy(db: Db, courseIds: number[], exceptUserIds: number[]): Promise<Set<number>> {
  return new Set(await q.selectCoursesReviewedBy(db, courseIds, exceptUserIds));
}

/** How many reviews the users wrote. */
export async function countReviewsBy(db: Db, userIds: number[]): Promise<number> {
  return (await q.countReviewsByCourse(db, userIds)).reduce((sum, r) => sum + r.n, 0);
}

/**
 * Deletes every review the users wrote (the demo's students, before their accounts go), each
 * course's figures recomputed in the same transaction under its review lock, as any review write.
 */
export async function removeReviewsBy(tx: Tx, userIds: number[]): Promise<number> {
  let removed = 0;
  for (const { courseId } of await q.countReviewsByCourse(tx, userIds)) {
    await q.lockCourseReviews(tx, courseId);
    removed += await q.deleteReviewsOf(tx, courseId, userIds);
    await refreshAggregate(tx, courseId);
  }
  return removed;
}
