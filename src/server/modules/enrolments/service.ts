/**
 * Enrolments (facts layer): who holds which course, how it came about (purchase, free, membership,
 * by hand), and the lessons completed in it (progress lives in the enrolment). Nothing here decides
 * access (the access module does) or issues certificates (learning does).
 */
import type { Db } from '../../db/client.js';
import * as q from './queries.js';
import { moveEnrolmentsToOrder } from './queries/orders.js';

export type EnrolmentSource = 'purchase' | 'free' | 'subscription' | 'admin';

export interface EnrolmentFacts {
  id: number;
  courseId: number;
  status: 'enrolled' | 'in_progress' | 'completed';
  /** 'subscription': started through a membership, which alone decides whether it still opens the course. */
  source: EnrolmentSource;
  /** When it began (a purchase, a free enrolment, a grant, a member's first lesson): drip schedules count from it. */
  enrolledAt: Date;
}

/** The user's enrolments (not revoked) in these courses, by course id: one query. */
export async function enrolmentsOf(db: Db, userId: number, courseIds: number[]): Promise<Map<number, EnrolmentFacts>> {
  if (!courseIds.length) return new Map();
  const rows = await q.selectEnrolmentsOf(db, userId, courseIds);
  return new Map(rows.map((r) => [r.courseId, r]));
}

/**
 * Course ids the user owns (bought, free or granted, not revoked). A course opened through a
 * membership is not owned: the member may still buy it, and keeps it when the membership ends.
 */
export function ownedCourseIds(db: Db, userId: number, courseIds?: number[]): Promise<Set<number>> {
  return q.selectOwnedCourseIds(db, userId, courseIds);
}

/**
 * Enrols the user, once per (user, course): a repeated call changes nothing, a course whose
 * enrolment was revoked (refund) is granted again, and a member who buys a course they started
 * through the membership now owns it (progress kept). A membership never downgrades ownership.
 */
export async function enrol(db: Db, userId: number, courseIds: number[], source: EnrolmentSource, orderId?: number): Promise<void> {
  if (!courseIds.length) return;
  await q.upsertEnrolments(db, userId, courseIds, source, orderId ?? null);
}

/** The students enrolled in these courses (any source, not revoked), with the courses of each: one query. */
export function enrolledStudents(db: Db, courseIds: number[]): Promise<Map<number, number[]>> {
  return q.selectEnrolledStudents(db, courseIds);
}

/** Every enrolment in a course (not revoked): the student, how it came about and its status. One query. */
export function courseEnrolments(db: Db, courseId: number): Promise<{ userId: number; source: EnrolmentSource; status: EnrolmentFacts['status'] }[]> {
  return q.selectCourseEnrolments(db, courseId);
}

/** Courses an order opened that another order of the same student bought too: their enrolments now belong to that order. */
export async function moveOrderEnrolments(db: Db, fromOrderId: number, kept: ReadonlyMap<number, number>): Promise<void> {
  const byOrder = new Map<number, number[]>();
  for (const [courseId, orderId] of kept) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), courseId]);
  for (const [orderId, courseIds] of byOrder) await moveEnrolmentsToOrder(db, fromOrderId, orderId, courseIds);
}

/** A refund revokes the enrolments that order granted. */
export function revokeOrderEnrolments(db: Db, orderId: number): Promise<number> {
  return q.revokeEnrolmentsOfOrder(db, orderId);
}

/** Students enrolled in the course now (revoked enrolments do not count). */
export async function enrolledCount(db: Db, courseId: number): Promise<number> {
  return (await q.countActiveEnrolments(db, [courseId])).get(courseId) ?? 0;
}

/** The user's enrolment in the course (null when none, or revoked) and the lessons completed there, in one query. */
export function enrolmentWithProgress(db: Db, userId: number, courseId: number): Promise<{ enrolment: EnrolmentFacts | null; completed: Set<number> }> {
  return q.selectEnrolmentWithProgress(db, userId, courseId);
}

/** The lessons of the course the user has completed. */
export function completedLessonIds(db: Db, userId: number, courseId: number): Promise<Set<number>> {
  return q.selectCompletedLessonIds(db, userId, courseId);
}

/** How many students hold each course now (revoked enrolments do not count): one query. */
export function activeEnrolmentCounts(db: Db, courseIds: number[]): Promise<Map<number, number>> {
  return q.countActiveEnrolments(db, courseIds);
}

export type EnrolmentStatus = EnrolmentFacts['status'];
export type ActiveEnrolment = NonNullable<Awaited<ReturnType<typeof q.selectActiveEnrolment>>>;

/** The user's enrolment in the course (undefined when none, or revoked); `lock` holds its row for the caller's transaction. */
export function activeEnrolment(db: Db, userId: number, courseId: number, lock = false): Promise<ActiveEnrolment | undefined> {
  return q.selectActiveEnrolment(db, userId, courseId, lock);
}

export function setEnrolmentStatus(db: Db, enrolmentId: number, status: EnrolmentStatus): Promise<void> {
  return q.updateEnrolmentStatus(db, enrolmentId, status);
}

/** Revokes one enrolment (its progress is kept should the user be enrolled again). */
export function revokeEnrolmentById(db: Db, enrolmentId: number): Promise<void> {
  return q.revokeEnrolment(db, enrolmentId);
}

/** How each of the user's enrolments came about (purchase, free, subscription, admin), by enrolment id. */
export function enrolmentSources(db: Db, userId: number): Promise<Map<number, string>> {
  return q.selectEnrolmentSources(db, userId);
}

/** The user's enrolments (not revoked), newest first, each with the number of lessons completed in it: one query. */
export function enrolmentsWithProgress(db: Db, userId: number, options: { completedOnly?: boolean; courseIds?: number[] | undefined }) {
  return q.selectEnrolments(db, userId, options);
}

/** Marks a lesson completed (counted once). */
export function markLessonCompleted(db: Db, userId: number, courseId: number, lessonId: number): Promise<void> {
  return q.insertProgress(db, userId, courseId, lessonId);
}

/** Marks a lesson not completed. */
export function unmarkLessonCompleted(db: Db, userId: number, lessonId: number): Promise<void> {
  return q.deleteLessonProgress(db, userId, lessonId);
}

/** Forgets every completed lesson of the course (a restart). */
export function clearProgress(db: Db, userId: number, courseId: number): Promise<void> {
  return q.deleteProgress(db, userId, courseId);
}

/**
 * How many lessons of the course the user has completed; a quiz lesson (the course's quizzes, from
 * the catalog) counts only once the user passed it.
 */
export function completedLessonCount(db: Db, userId: number, courseId: number, quizLessonIds: number[] = []): Promise<number> {
  return q.countProgress(db, userId, courseId, quizLessonIds);
}

/** The user's enrolments (not revoked), those completed, and the lessons completed in all: one query. */
export function enrolmentSummary(db: Db, userId: number): Promise<{ totalCourses: number; completedCourses: number; completedLessons: number }> {
  return q.selectSummary(db, userId);
}

/** People holding a course now, each once (the home page's students figure adds the courses' baselines). */
export function countStudents(db: Db): Promise<number> {
  return q.countStudents(db);
}

/** Of `courseIds`, those anyone but `exceptUserIds` (the demo's students) is or was enrolled in. */
export async function coursesWithEnrolments(db: Db, courseIds: number[], exceptUserIds: number[]): Promise<Set<number>> {
  return new Set(await q.selectCoursesWithEnrolments(db, courseIds, exceptUserIds));
}

/** How many enrolments the users hold (any state). */
export function countEnrolmentsOf(db: Db, userIds: number[]): Promise<number> {
  return q.countEnrolmentsOf(db, userIds);
}
