// SQL of the studio's coupon list and edits (the checkout's coupon reads are in queries.ts).
import { asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { CouponSort } from '../../../../shared/coupons.js';
import type { Tx, Db } from '../../../db/client.js';
import { couponBundles, couponCourses, coupons, orders } from '../../../db/schema/index.js';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

// Correlated subqueries: drizzle leaves columns of a one-table select unqualified, so the names are spelled out.
/** Paid orders that named the coupon (orders_coupon_idx). */
const paidUses = sql<number>`(select count(*) from "orders" o where o."coupon_id" = "coupons"."id" and o."status" = 'Paid')`.mapWith(Number);
/** Whether any order, in any state, names the coupon: such a coupon is kept (disabled), never deleted. */
const everUsed = sql<boolean>`exists (select 1 from "orders" o where o."coupon_id" = "coupons"."id")`.mapWith(Boolean);

const columns = {
  id: coupons.id,
  code: coupons.code,
  discountType: coupons.discountType,
  percentage: coupons.discountPercentage,
  amountOff: coupons.amountOff,
  expiresAt: coupons.expiresAt,
  maxUses: coupons.maxUses,
  maxUsesPerUser: coupons.maxUsesPerUser,
  usedCount: coupons.usedCount,
  isActive: coupons.isActive,
  createdAt: coupons.createdAt,
  uses: paidUses,
  everUsed,
};
export type CouponRow = NonNullable<Awaited<ReturnType<typeof selectCouponById>>>;

const orderBy: Record<CouponSort, ReturnType<typeof asc>[]> = {
  '-created_at': [desc(coupons.createdAt), desc(coupons.id)],
  created_at: [asc(coupons.createdAt), asc(coupons.id)],
  code: [asc(coupons.code)],
  '-code': [desc(coupons.code)],
  percentage: [asc(coupons.discountPercentage), asc(coupons.id)],
  '-percentage': [desc(coupons.discountPercentage), desc(coupons.id)],
  expires_at: [sql`${coupons.expiresAt} asc nulls last`, asc(coupons.id)],
  '-expires_at': [sql`${coupons.expiresAt} desc nulls last`, desc(coupons.id)],
  uses: [asc(paidUses), asc(coupons.id)],
  '-uses': [desc(paidUses), desc(coupons.id)],
};

export async function selectCouponPage(db: Db, filter: { search?: string | undefined; sort: CouponSort; limit: number; offset: number }) {
  const where = filter.search ? ilike(coupons.code, `%${escapeLike(filter.search)}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(coupons)
      .where(where)
      .orderBy(...orderBy[filter.sort])
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(coupons).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function selectCouponById(db: Db, id: number) {
  const [row] = await db.select(columns).from(coupons).where(eq(coupons.id, id)).limit(1);
  return row;
}

/** The id of the coupon with this code, ignoring case (coupons_code_upper_idx). */
export async function selectCouponIdByCode(db: Db, code: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(eq(sql`upper(${coupons.code})`, code.toUpperCase()))
    .limit(1);
  return row?.id;
}

export async function selectRestrictions(db: Db, couponIds: number[]): Promise<{ couponId: number; courseId: number }[]> {
  if (!couponIds.length) return [];
  return db
    .select({ couponId: couponCourses.couponId, courseId: couponCourses.courseId })
    .from(couponCourses)
    .where(inArray(couponCourses.couponId, couponIds))
    .orderBy(asc(couponCourses.id));
}

export async function selectBundleRestrictions(db: Db, couponIds: number[]): Promise<{ couponId: number; bundleId: number }[]> {
  if (!couponIds.length) return [];
  return db
    .select({ couponId: couponBundles.couponId, bundleId: couponBundles.bundleId })
    .from(couponBundles)
    .where(inArray(couponBundles.couponId, couponIds))
    .orderBy(asc(couponBundles.id));
}

export async function replaceBundleRestrictions(tx: Tx, couponId: number, bundleIds: number[]): Promise<void> {
  await tx.delete(couponBundles).where(eq(couponBundles.couponId, couponId));
  if (bundleIds.length) await tx.insert(couponBundles).values(bundleIds.map((bundleId) => ({ couponId, bundleId })));
}

export type CouponValues = Pick<
  typeof coupons.$inferInsert,
  'code' | 'discountType' | 'discountPercentage' | 'amountOff' | 'expiresAt' | 'maxUses' | 'maxUsesPerUser' | 'isActive'
>;

export async function insertCoupon(tx: Tx, values: CouponValues): Promise<number> {
  const [row] = await tx.insert(coupons).values(values).returning({ id: coupons.id });
  return row!.id;
}

export async function updateCoupon(tx: Tx, id: number, values: Partial<CouponValues>): Promise<void> {
  if (Object.keys(values).length) await tx.update(coupons).set(values).where(eq(coupons.id, id));
}

/** Takes the coupon's row lock, so an edit and a checkout of the same coupon wait for each other. */
export async function lockCoupon(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, id)).for('update');
  return Boolean(row);
}

export async function replaceRestrictions(tx: Tx, couponId: number, courseIds: number[]): Promise<void> {
  await tx.delete(couponCourses).where(eq(couponCourses.couponId, couponId));
  if (courseIds.length) await tx.insert(couponCourses).values(courseIds.map((courseId) => ({ couponId, courseId })));
}

export async function deleteCoupon(tx: Tx, id: number): Promise<void> {
  await tx.delete(coupons).where(eq(coupons.id, id));
}

/** The latest orders that named the coupon. */
export function selectOrdersOfCoupon(db: Db, couponId: number, limit: number) {
  return db
    .select({
      orderNumber: orders.orderNumber,
      email: orders.email,
      status: orders.status,
      total: orders.total,
      currency: orders.currency,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.couponId, couponId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}
