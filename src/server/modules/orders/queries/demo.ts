// SQL of what the studio's 'Remove the demo content' asks the orders module: what an order names.
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { couponRedemptions, coupons, orderItems, orders, providerEvents } from '../../../db/schema/index.js';

/** Of `courseIds`, those any order (in any state) has a line for. */
export async function selectCoursesWithOrders(db: Db, courseIds: number[]): Promise<number[]> {
  if (!courseIds.length) return [];
  const rows = await db.selectDistinct({ courseId: orderItems.courseId }).from(orderItems).where(inArray(orderItems.courseId, courseIds));
  return rows.map((r) => r.courseId);
}

/** Of `bundleIds`, those any order (in any state) has a line for. */
export async function selectBundlesWithOrders(db: Db, bundleIds: number[]): Promise<number[]> {
  if (!bundleIds.length) return [];
  const rows = await db.selectDistinct({ bundleId: orderItems.bundleId }).from(orderItems).where(inArray(orderItems.bundleId, bundleIds));
  return rows.flatMap((r) => (r.bundleId === null ? [] : [r.bundleId]));
}

/** Paid orders per bundle. */
export async function selectBundleSales(db: Db, bundleIds: number[]): Promise<{ bundleId: number; n: number }[]> {
  if (!bundleIds.length) return [];
  const rows = await db
    .select({ bundleId: orderItems.bundleId, n: sql<number>`count(distinct ${orderItems.orderId})`.mapWith(Number) })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orderItems.bundleId, bundleIds), eq(orders.status, 'Paid')))
    .groupBy(orderItems.bundleId);
  return rows.flatMap((r) => (r.bundleId === null ? [] : [{ bundleId: r.bundleId, n: r.n }]));
}

/** Of `userIds`, those with an order or a coupon use. */
export async function selectUsersWithOrders(db: Db, userIds: number[]): Promise<number[]> {
  if (!userIds.length) return [];
  const ordered = await db.selectDistinct({ userId: orders.userId }).from(orders).where(inArray(orders.userId, userIds));
  const redeemed = await db.selectDistinct({ userId: couponRedemptions.userId }).from(couponRedemptions).where(inArray(couponRedemptions.userId, userIds));
  return [...new Set([...ordered, ...redeemed].map((r) => r.userId))];
}

/** The demo's coupons, locked while a removal decides (a checkout naming one waits), with whether any order or use names them. */
export async function selectDemoCoupons(db: Db, lock: boolean) {
  const query = db
    .select({
      id: coupons.id,
      code: coupons.code,
      used: sql<boolean>`(exists (select 1 from "orders" o where o."coupon_id" = "coupons"."id") or exists (select 1 from "coupon_redemptions" r where r."coupon_id" = "coupons"."id"))`.mapWith(
        Boolean,
      ),
    })
    .from(coupons)
    .where(eq(coupons.isDemo, true))
    .orderBy(asc(coupons.code));
  return lock ? query.for('update') : query;
}

export async function deleteDemoCoupons(tx: Tx, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  return (
    await tx
      .delete(coupons)
      .where(and(eq(coupons.isDemo, true), inArray(coupons.id, ids)))
      .returning({ id: coupons.id })
  ).length;
}

/** When each provider's webhook last reached us (any event, processed or not). */
export async function selectLastProviderEvents(db: Db) {
  return db
    .select({ provider: providerEvents.provider, at: max(providerEvents.receivedAt) })
    .from(providerEvents)
    .groupBy(providerEvents.provider);
}
