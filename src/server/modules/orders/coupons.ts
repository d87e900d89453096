import { commerceMessages } from '../../../shared/commerce.js';
import type { CouponState } from '../../../shared/coupons.js';
import { amountOffIn, toMajor, type QuoteCoupon } from '../../../shared/pricing.js';
import type { Tx, Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import * as q from './queries.js';

export interface CouponCheck {
  id: number;
  code: string;
  discountType: 'percent' | 'fixed';
  /** A percent coupon's percentage (0 for a fixed one). */
  percentage: number;
  /** A fixed coupon's amount per currency (minor units); null for a percent one. */
  amountOff: Record<string, number> | null;
  /** Courses the coupon is restricted to; null (with bundleIds null) applies to every line. */
  courseIds: Set<number> | null;
  /** Bundles the coupon is restricted to; null (with courseIds null) applies to every line. */
  bundleIds: Set<number> | null;
}

const refuse = (message: string) => new AppError('bad_request', message, { errors: [message] });

type CouponRow = Pick<NonNullable<Awaited<ReturnType<typeof q.selectCouponByCode>>>, 'isActive' | 'expiresAt' | 'maxUses' | 'usedCount'>;

/**
 * Whether a coupon works at all right now, whoever asks (the studio shows the same state):
 * switched off, past its expiry, or its total limit reached (counting checkouts still waiting
 * for their payment, which hold a use until they fail or are cancelled).
 */
export function couponState(coupon: CouponRow, now = new Date()): CouponState {
  if (!coupon.isActive) return 'disabled';
  if (coupon.expiresAt && coupon.expiresAt <= now) return 'expired';
  if (coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses) return 'used_up';
  return 'active';
}

const refusals: Record<Exclude<CouponState, 'active'>, string> = {
  disabled: commerceMessages.couponDisabled,
  expired: commerceMessages.couponExpired,
  used_up: commerceMessages.couponExhausted,
};

/** The buyer's own limit: `maxUsesPerUser` uses (held by their Pending and Paid orders); null is no limit. */
export function buyerMayUse(maxUsesPerUser: number | null, usedByBuyer: number): boolean {
  return maxUsesPerUser === null || usedByBuyer < maxUsesPerUser;
}

/** A coupon limited to some courses applies when the cart holds at least one of them; an unlimited one (null), or no cart to check, always. */
export function appliesToCourses(couponCourseIds: ReadonlySet<number> | null, cartCourseIds: readonly number[] | undefined): boolean {
  return !couponCourseIds || !cartCourseIds || cartCourseIds.some((id) => couponCourseIds.has(id));
}

/**
 * A coupon limited to some courses or bundles applies when the cart holds one of them (a course
 * bought alone, or a bundle it names); an unlimited one, or no cart to check, always.
 */
export function appliesToLines(
  coupon: { courseIds: ReadonlySet<number> | null; bundleIds: ReadonlySet<number> | null },
  cart: { courseIds?: readonly number[] | undefined; bundleIds?: readonly number[] | undefined },
): boolean {
  if (!coupon.courseIds && !coupon.bundleIds) return true;
  if (!cart.courseIds && !cart.bundleIds) return true;
  return (cart.courseIds ?? []).some((id) => coupon.courseIds?.has(id) ?? false) || (cart.bundleIds ?? []).some((id) => coupon.bundleIds?.has(id) ?? false);
}

/**
 * Whether a coupon can be used now by this user for these courses: the one check the coupon
 * endpoint and create-order both ask (state, then the buyer's own limit, then the courses). `lock` takes the coupon row
 * FOR UPDATE so concurrent checkouts racing for the last use see each other's reservation.
 */
export async function checkCoupon(
  db: Db,
  code: string,
  options: { userId?: number | undefined; courseIds?: number[] | undefined; bundleIds?: number[] | undefined; lock?: boolean } = {},
): Promise<CouponCheck> {
  const coupon = await q.selectCouponByCode(db, code, options.lock);
  if (!coupon) throw refuse(commerceMessages.couponNotFound);
  const state = couponState(coupon);
  if (state !== 'active') throw refuse(refusals[state]);
  if (options.userId && coupon.maxUsesPerUser !== null && !buyerMayUse(coupon.maxUsesPerUser, await q.countRedemptions(db, coupon.id, options.userId)))
    throw refuse(commerceMessages.couponUsedByYou);
  const [restrictedCourses, restrictedBundles] = await Promise.all([q.selectCouponCourseIds(db, coupon.id), q.selectCouponBundleIds(db, coupon.id)]);
  const restricted = restrictedCourses.length > 0 || restrictedBundles.length > 0;
  const courseIds = restricted ? new Set(restrictedCourses) : null;
  const bundleIds = restricted ? new Set(restrictedBundles) : null;
  const cart = { courseIds: options.courseIds, bundleIds: options.bundleIds ?? (options.courseIds ? [] : undefined) };
  if (!appliesToLines({ courseIds, bundleIds }, cart)) throw refuse(commerceMessages.couponNotApplicable);
  return {
    id: coupon.id,
    code: coupon.code,
    discountType: coupon.discountType,
    percentage: coupon.discountType === 'percent' ? coupon.discountPercentage : 0,
    amountOff: coupon.discountType === 'fixed' ? (coupon.amountOff ?? {}) : null,
    courseIds,
    bundleIds,
  };
}

/**
 * The coupon as the one pricing function takes it for a cart in this currency. A fixed coupon
 * has an amount per currency: one the instructor gave no amount in does not apply there.
 */
export function couponInCurrency(coupon: CouponCheck, currency: string): QuoteCoupon {
  if (coupon.discountType === 'percent') return { percentage: coupon.percentage, courseIds: coupon.courseIds, bundleIds: coupon.bundleIds };
  const amountOff = amountOffIn(coupon.amountOff, currency);
  if (amountOff === undefined) throw refuse(commerceMessages.couponNotInCurrency);
  return { amountOff, courseIds: coupon.courseIds, bundleIds: coupon.bundleIds };
}

type OrderStatus = 'Pending' | 'Paid' | 'Failed' | 'Cancelled' | 'Refunded';

/**
 * The coupon-use rule, in one place: an order holds one use of its coupon while it is, or may
 * still become, a sale (Pending, Paid). An order that ends without a sale (its payment failed, the
 * buyer left the checkout, a newer checkout replaced it) or whose sale is undone (Refunded) gives
 * the use back: the coupon's limits and the buyer's own limit count it no more. A late payment on
 * a Failed order takes the use again.
 */
export const holdsCouponUse = (status: OrderStatus): boolean => status === 'Pending' || status === 'Paid';

/** Counts one use against the coupon for this order (inside the order's transaction, after checkCoupon with lock). */
export async function reserveCoupon(tx: Tx, couponId: number, userId: number, orderId: number): Promise<void> {
  await q.insertRedemption(tx, couponId, userId, orderId);
}

/** Brings the order's coupon use in line with the status it just moved to (under the order's row lock). */
export async function settleCouponUse(tx: Tx, order: { id: number; userId: number; couponId: number | null }, status: OrderStatus): Promise<void> {
  if (!order.couponId) return;
  if (holdsCouponUse(status)) await q.insertRedemption(tx, order.couponId, order.userId, order.id);
  else await q.deleteRedemptionOfOrder(tx, order.id);
}

/** A fixed coupon's amounts as the API shows them: major units per currency. */
export function majorAmounts(amounts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(amounts).map(([currency, amount]) => [currency, toMajor(amount)]));
}
