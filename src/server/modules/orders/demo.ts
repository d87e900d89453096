/**
 * What the studio's first start asks the orders module: which demo courses, coupons and students an
 * order names (those are never removed), the removal of unused demo coupons, and when each
 * payment provider's webhook last reached us.
 */
import type { Db, Tx } from '../../db/client.js';
import * as q from './queries/demo.js';

/** Of `courseIds`, those an order (in any state) has a line for. */
export async function coursesWithOrders(db: Db, courseIds: number[]): Promise<Set<number>> {
  return new Set(await q.selectCoursesWithOrders(db, courseIds));
}

/** Of `bundleIds`, those an order (in any state) has a line for: such a bundle is never deleted. */
export async function bundlesWithOrders(db: Db, bundleIds: number[]): Promise<Set<number>> {
  return new Set(await q.selectBundlesWithOrders(db, bundleIds));
}

/** How many paid orders bought each bundle (the studio's list). */
export async function bundleSales(db: Db, bundleIds: number[]): Promise<Map<number, number>> {
  return new Map((await q.selectBundleSales(db, bundleIds)).map((r) => [r.bundleId, r.n]));
}

/** Of `userIds`, those who placed an order or used a coupon. */
export async function usersWithOrders(db: Db, userIds: number[]): Promise<Set<number>> {
  return new Set(await q.selectUsersWithOrders(db, userIds));
}

/** The demo's coupons and whether an order or a use names them; `lock` holds them until the caller's transaction ends. */
export function demoCoupons(db: Db, options: { lock: boolean }): Promise<{ id: number; code: string; used: boolean }[]> {
  return q.selectDemoCoupons(db, options.lock);
}

/** Deletes the named demo coupons (their course limits go with them). */
export function deleteDemoCoupons(tx: Tx, ids: number[]): Promise<number> {
  return q.deleteDemoCoupons(tx, ids);
}

/** When each provider's webhook last reached us (null: never). */
export async function lastWebhookAt(db: Db): Promise<Record<'stripe' | 'razorpay', Date | null>> {
  const rows = await q.selectLastProviderEvents(db);
  const at = (provider: 'stripe' | 'razorpay') => rows.find((r) => r.provider === provider)?.at ?? null;
  return { stripe: at('stripe'), razorpay: at('razorpay') };
}
