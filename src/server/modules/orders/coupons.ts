import { and, eq, sql } from 'drizzle-orm';
import { commerceMessages } from '../../../shared/commerce.js';
import type { Database, Tx } from '../../db/client.js';
import { couponCourses, couponRedemptions, coupons } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

type Db = Database | Tx;

export interface CouponCheck {
  id: number;
  code: string;
  percentage: number;
  /** Courses the coupon is restricted to; null applies to every course. */
  courseIds: Set<number> | null;
}

const refuse = (message: string) => new AppError('bad_request', message, { errors: [message] });

/**
 * Whether a coupon can be used now by this user for these courses. `lock` takes the coupon row
 * FOR UPDATE so concurrent checkouts racing for the last use see each other's reservation.
 */
export async function checkCoupon(
  db: Db,
  code: string,
  options: { userId?: number | undefined; courseIds?: number[] | undefined; lock?: boolean } = {},
): Promise<CouponCheck> {
  const query = db
    .select()
    .from(coupons)
    .where(eq(sql`upper(${coupons.code})`, code.trim().toUpperCase()))
    .limit(1);
  const [coupon] = options.lock ? await query.for('update') : await query;
  if (!coupon || !coupon.isActive) throw refuse(commerceMessages.couponNotFound);
  if (coupon.expiresAt && coupon.expiresAt <= new Date()) throw refuse(commerceMessages.couponExpired);
  if (coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses) throw refuse(commerceMessages.couponExhausted);
  if (options.userId && coupon.maxUsesPerUser !== null) {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.userId, options.userId)));
    if ((row?.n ?? 0) >= coupon.maxUsesPerUser) throw refuse(commerceMessages.couponUsedByYou);
  }
  const restricted = await db.select({ courseId: couponCourses.courseId }).from(couponCourses).where(eq(couponCourses.couponId, coupon.id));
  const courseIds = restricted.length ? new Set(restricted.map((r) => r.courseId)) : null;
  if (courseIds && options.courseIds && !options.courseIds.some((id) => courseIds.has(id))) throw refuse(commerceMessages.couponNotApplicable);
  return { id: coupon.id, code: coupon.code, percentage: coupon.discountPercentage, courseIds };
}

/** Counts one use against the coupon for this order (inside the order's transaction, after checkCoupon with lock). */
export async function reserveCoupon(tx: Tx, couponId: number, userId: number, orderId: number): Promise<void> {
  await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(eq(coupons.id, couponId));
  await tx.insert(couponRedemptions).values({ couponId, userId, orderId });
}

/** Gives the use back when the order's payment failed. */
export async function releaseCoupon(tx: Tx, orderId: number): Promise<void> {
  const [redemption] = await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId)).returning({ couponId: couponRedemptions.couponId });
  if (redemption)
    await tx
      .update(coupons)
      .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
      .where(eq(coupons.id, redemption.couponId));
}
