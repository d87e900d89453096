import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { enrolments } from '../../db/schema/index.js';

type Db = Database | Tx;

/** Course ids the user owns now (enrolled and not revoked). */
export async function ownedCourseIds(db: Db, userId: number, courseIds?: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ courseId: enrolments.courseId })
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), isNull(enrolments.revokedAt), courseIds ? inArray(enrolments.courseId, courseIds) : undefined));
  return new Set(rows.map((r) => r.courseId));
}

/**
 * Enrols the user, once per (user, course): a repeated call changes nothing, and a course whose
 * enrolment was revoked (refund) is granted again by a new purchase.
 */
export async function enrol(
  db: Db,
  userId: number,
  courseIds: number[],
  source: 'purchase' | 'free' | 'subscription' | 'admin',
  orderId?: number,
): Promise<void> {
  if (!courseIds.length) return;
  await db
    .insert(enrolments)
    .values(courseIds.map((courseId) => ({ userId, courseId, source, orderId: orderId ?? null })))
    .onConflictDoUpdate({
      target: [enrolments.userId, enrolments.courseId],
      set: { revokedAt: null, source: sql`excluded.source`, orderId: sql`excluded.order_id` },
      setWhere: sql`${enrolments.revokedAt} is not null`,
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
