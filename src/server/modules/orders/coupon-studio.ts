/** The coupons as the studio manages them: a sorted, searchable list, one coupon, and its edits. */
import {
  couponExpiryOf,
  couponMessages,
  discountErrors,
  type AdminCoupon,
  type AdminCouponDetail,
  type CouponBody,
  type CouponPatch,
  type CouponQuery,
} from '../../../shared/coupons.js';
import { toMajor, toMinor } from '../../../shared/pricing.js';
import type { Tx, Db } from '../../db/client.js';
import { AppError, type FieldErrors } from '../../errors.js';
import { bundleSummaries, getCourseSummaries } from '../catalog/index.js';
import * as cq from './queries/coupons.js';
import { couponState, majorAmounts } from './coupons.js';

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
};

async function present(db: Db, rows: cq.CouponRow[]): Promise<AdminCoupon[]> {
  const restrictions = await cq.selectRestrictions(
    db,
    rows.map((r) => r.id),
  );
  const titles = await getCourseSummaries(
    db,
    restrictions.map((r) => r.courseId),
  );
  const bundleRestrictions = await cq.selectBundleRestrictions(
    db,
    rows.map((r) => r.id),
  );
  const bundleTitles = await bundleSummaries(
    db,
    bundleRestrictions.map((r) => r.bundleId),
  );
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    discount_type: row.discountType,
    percentage: row.discountType === 'percent' ? row.percentage : 0,
    amount_off: row.discountType === 'fixed' ? majorAmounts(row.amountOff ?? {}) : null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    max_uses: row.maxUses,
    max_uses_per_user: row.maxUsesPerUser,
    courses: restrictions.filter((r) => r.couponId === row.id).map((r) => ({ id: r.courseId, title: titles.get(r.courseId)?.title ?? `Course ${r.courseId}` })),
    bundles: bundleRestrictions
      .filter((r) => r.couponId === row.id)
      .map((r) => ({ id: r.bundleId, title: bundleTitles.get(r.bundleId)?.title ?? `Bundle ${r.bundleId}` })),
    is_active: row.isActive,
    state: couponState(row),
    uses: row.uses,
    reserved: row.usedCount,
    deletable: !row.everUsed,
    created_at: row.createdAt.toISOString(),
  }));
}

export async function listStudioCoupons(db: Db, query: CouponQuery, window: { limit: number; offset: number }) {
  const { rows, total } = await cq.selectCouponPage(db, { search: query.search, sort: query.sort, ...window });
  return { count: total, page: query.page, page_size: query.page_size, results: await present(db, rows) };
}

export async function getStudioCoupon(db: Db, id: number): Promise<AdminCoupon> {
  const row = await cq.selectCouponById(db, id);
  if (!row) throw AppError.notFound(couponMessages.notFound);
  return (await present(db, [row]))[0]!;
}

export async function getStudioCouponDetail(db: Db, id: number): Promise<AdminCouponDetail> {
  const coupon = await getStudioCoupon(db, id);
  const orders = await cq.selectOrdersOfCoupon(db, id, 20);
  return {
    ...coupon,
    orders: orders.map((o) => ({
      order_number: o.orderNumber,
      email: o.email,
      status: o.status,
      total: toMajor(o.total),
      currency: o.currency,
      created_at: o.createdAt.toISOString(),
    })),
  };
}

/** The rules that need the database or several fields at once, reported per field together. */
async function validate(tx: Tx, next: CouponBody, changed: CouponPatch, before?: AdminCoupon): Promise<void> {
  const errors: FieldErrors = { ...discountErrors(next) };
  if (changed.code !== undefined) {
    const holder = await cq.selectCouponIdByCode(tx, changed.code);
    if (holder !== undefined && holder !== before?.id) errors.code = [couponMessages.codeTaken];
  }
  // A date in the past is refused when it is set, not when an expired coupon is edited otherwise.
  const expiry = changed.expires_at ? couponExpiryOf(changed.expires_at) : undefined;
  if (expiry && expiry <= new Date() && expiry.toISOString() !== before?.expires_at) errors.expires_at = [couponMessages.expiryPast];
  if (next.max_uses !== null && next.max_uses_per_user !== null && next.max_uses_per_user > next.max_uses)
    errors.max_uses_per_user = [couponMessages.perUserOverTotal];
  if (changed.course_ids?.length) {
    const found = await getCourseSummaries(tx, changed.course_ids);
    if (changed.course_ids.some((courseId) => !found.has(courseId))) errors.course_ids = [couponMessages.unknownCourse];
  }
  if (changed.bundle_ids?.length) {
    const found = await bundleSummaries(tx, changed.bundle_ids);
    if (changed.bundle_ids.some((bundleId) => !found.has(bundleId))) errors.bundle_ids = [couponMessages.unknownBundle];
  }
  if (Object.keys(errors).length) throw AppError.fields(errors);
}

const minorAmounts = (amounts: Record<string, number>) => Object.fromEntries(Object.entries(amounts).map(([currency, amount]) => [currency, toMinor(amount)]));

function valuesOf(body: CouponPatch, kind: CouponBody['discount_type']): Partial<cq.CouponValues> {
  const values: Partial<cq.CouponValues> = {};
  if (body.code !== undefined) values.code = body.code;
  if (body.percentage !== undefined) values.discountPercentage = body.percentage;
  if (body.amount_off !== undefined) values.amountOff = body.amount_off && minorAmounts(body.amount_off);
  // A coupon takes off one kind of discount: the other kind's value is kept empty.
  if (body.discount_type !== undefined) values.discountType = body.discount_type;
  if (kind === 'fixed' && (body.discount_type !== undefined || body.percentage !== undefined)) values.discountPercentage = 0;
  if (kind === 'percent' && (body.discount_type !== undefined || body.amount_off !== undefined)) values.amountOff = null;
  if (body.expires_at !== undefined) values.expiresAt = body.expires_at === null ? null : couponExpiryOf(body.expires_at);
  if (body.max_uses !== undefined) values.maxUses = body.max_uses;
  if (body.max_uses_per_user !== undefined) values.maxUsesPerUser = body.max_uses_per_user;
  if (body.is_active !== undefined) values.isActive = body.is_active;
  return values;
}

async function saving<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    // Two admins saving the same new code at once: the unique index decides.
    if (isUniqueViolation(error)) throw AppError.fields({ code: [couponMessages.codeTaken] });
    throw error;
  }
}

export async function createStudioCoupon(tx: Tx, body: CouponBody): Promise<AdminCoupon> {
  await validate(tx, body, body);
  const id = await saving(() => cq.insertCoupon(tx, valuesOf(body, body.discount_type) as cq.CouponValues));
  await cq.replaceRestrictions(tx, id, [...new Set(body.course_ids)]);
  await cq.replaceBundleRestrictions(tx, id, [...new Set(body.bundle_ids)]);
  return getStudioCoupon(tx, id);
}

/** An edit: only the fields sent change. Orders already placed keep the discount they were given. */
export async function updateStudioCoupon(tx: Tx, id: number, patch: CouponPatch): Promise<{ before: AdminCoupon; after: AdminCoupon }> {
  if (!(await cq.lockCoupon(tx, id))) throw AppError.notFound(couponMessages.notFound);
  const before = await getStudioCoupon(tx, id);
  const next: CouponBody = {
    code: before.code,
    discount_type: before.discount_type,
    percentage: before.discount_type === 'percent' ? before.percentage : undefined,
    amount_off: before.amount_off,
    expires_at: before.expires_at,
    max_uses: before.max_uses,
    max_uses_per_user: before.max_uses_per_user,
    course_ids: before.courses.map((c) => c.id),
    bundle_ids: (before.bundles ?? []).map((b) => b.id),
    is_active: before.is_active,
    ...patch,
  };
  await validate(tx, next, patch, before);
  await saving(() => cq.updateCoupon(tx, id, valuesOf(patch, next.discount_type)));
  if (patch.course_ids) await cq.replaceRestrictions(tx, id, [...new Set(patch.course_ids)]);
  if (patch.bundle_ids) await cq.replaceBundleRestrictions(tx, id, [...new Set(patch.bundle_ids)]);
  return { before, after: await getStudioCoupon(tx, id) };
}

/** Deletes a coupon no order ever named; one that was used is kept for the orders' history (disable it). */
export async function deleteStudioCoupon(tx: Tx, id: number): Promise<AdminCoupon> {
  if (!(await cq.lockCoupon(tx, id))) throw AppError.notFound(couponMessages.notFound);
  const before = await getStudioCoupon(tx, id);
  if (!before.deletable) throw new AppError('conflict', couponMessages.usedCannotDelete);
  await cq.deleteCoupon(tx, id);
  return before;
}
