import { commerceMessages } from '../../../shared/commerce.js';
import type { Database, Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import * as q from './queries.js';

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
  const coupon = await q.selectCouponByCode(db, code, options.lock);
  if (!coupon || !coupon.isActive) throw refuse(commerceMessages.couponNotFound);
  if (coupon.expiresAt && coupon.expiresAt <= new Date()) throw refuse(commerceMessages.couponExpired);
  if (coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses) throw refuse(commerceMessages.couponExhausted);
  if (options.userId && coupon.maxUsesPerUser !== null && (await q.countRedemptions(db, coupon.id, options.userId)) >= coupon.maxUsesPerUser)
    throw refuse(commerceMessages.couponUsedByYou);
  const restricted = await q.selectCouponCourseIds(db, coupon.id);
  const courseIds = restricted.length ? new Set(restricted) : null;
  if (courseIds && options.courseIds && !options.courseIds.some((id) => courseIds.has(id))) throw refuse(commerceMessages.couponNotApplicable);
  return { id: coupon.id, code: coupon.code, percentage: coupon.discountPercentage, courseIds };
}

/** Counts one use against the coupon for this order (inside the order's transaction, after checkCoupon with lock). */
export async function reserveCoupon(tx: Tx, couponId: number, userId: number, orderId: number): Promise<void> {
  await q.insertRedemption(tx, couponId, userId, orderId);
}

/** Gives the use back when the order's payment failed. */
export async function releaseCoupon(tx: Tx, orderId: number): Promise<void> {
  await q.deleteRedemptionOfOrder(tx, orderId);
}
