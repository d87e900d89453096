import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { enrolments } from '../../db/schema/index.js';

type Db = Database | Tx;

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
  const rows = await db
    .select({ id: enrolments.id, courseId: enrolments.courseId, status: enrolments.courseStatus, source: enrolments.source })
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), isNull(enrolments.revokedAt), inArray(enrolments.courseId, courseIds)));
  return new Map(rows.map((r) => [r.courseId, r]));
}

/**
 * Course ids the user owns (bought, free or granted, not revoked). A course opened through a
 * membership is not owned: the member may still buy it, and keeps it when the membership ends.
 */
export async function ownedCourseIds(db: Db, userId: number, courseIds?: number[]): Promise<Set<number>> {
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
 * Enrols the user, once per (user, course): a repeated call changes nothing, a course whose
 * enrolment was revoked (refund) is granted again, and a member who buys a course they started
 * through the membership now owns it (progress kept). A membership never downgrades ownership.
 */
export async function enrol(db: Db, userId: number, courseIds: number[], source: EnrolmentSource, orderId?: number): Promise<void> {
  if (!courseIds.length) return;
  await db
    .insert(enrolments)
    .values(courseIds.map((courseId) => ({ userId, courseId, source, orderId: orderId ?? null })))
    .onConflictDoUpdate({
      target: [enrolments.userId, enrolments.courseId],
      set: { revokedAt: null, source: sql`excluded.source`, orderId: sql`excluded.order_id` },
      setWhere: sql`${enrolments.revokedAt} is not null or (${enrolments.source} = 'subscription' and excluded.source <> 'subscription')`,
    });
}

/** A refund revokes the enrolments that order granted. */
export async function revokeOrderEnrolments(db: Db, orderId: number): Promise<number> {
  const rows = await db
    .update(enrolments)
    .set({ revokedAt: new Date() })
    .where(and(eq(enrolments.orderId, orderId), isNull(enrolments.revokedAt)))
    .returning({ id: enrolments.id });
  return rows.length;
}
