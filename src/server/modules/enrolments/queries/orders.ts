// SQL of what orders ask of enrolments when a purchase closes: the enrolments another purchase now owns.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { enrolments } from '../../../db/schema/index.js';

/** The live enrolments an order granted, in these courses, now owned by another order of the same student (a course bought twice). */
export async function moveEnrolmentsToOrder(db: Db, fromOrderId: number, toOrderId: number, courseIds: number[]): Promise<number> {
  if (!courseIds.length) return 0;
  const rows = await db
    .update(enrolments)
    .set({ orderId: toOrderId })
    .where(and(eq(enrolments.orderId, fromOrderId), inArray(enrolments.courseId, courseIds), isNull(enrolments.revokedAt)))
    .returning({ id: enrolments.id });
  return rows.length;
}
