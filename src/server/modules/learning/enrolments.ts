import type { Db } from '../../db/client.js';
import * as q from './queries.js';

export type EnrolmentSource = 'purchase' | 'free' | 'subscription' | 'admin';

export interface EnrolmentFacts {
  id: number;
  courseId: number;
  status: 'enrolled' | 'in_progress' | 'completed';
  /** 'subscription': started through a membership, which alone decides whether it still opens the course. */
  source: EnrolmentSource;
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
