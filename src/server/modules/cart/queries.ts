import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cartBundles, cartItems, carts } from '../../db/schema/index.js';
import { userFactsChanged } from '../../invalidation/user-facts.js';

/**
 * A signed-in user's priced cart is kept with their facts (the viewer cache), so every write to a
 * cart they own drops it, after the commit: each write below says which cart (or whose carts) it changed.
 */
async function cartChanged(db: Db, cartId: string | undefined): Promise<void> {
  if (!cartId) return;
  const [row] = await db.select({ userId: carts.userId }).from(carts).where(eq(carts.id, cartId)).limit(1);
  if (row?.userId) userFactsChanged(db, row.userId);
}

export async function ensureCart(db: Db, cartId: string, region: string, userId?: number): Promise<void> {
  await db
    .insert(carts)
    .values({ id: cartId, region, userId: userId ?? null })
    .onConflictDoUpdate({ target: carts.id, set: { updatedAt: new Date(), ...(userId ? { userId } : {}) } });
  if (userId) userFactsChanged(db, userId);
}

export async function selectCart(db: Db, cartId: string) {
  const [row] = await db.select().from(carts).where(eq(carts.id, cartId)).limit(1);
  return row;
}

/** Adds the course unless it is already there; true when added. */
export async function insertCartItem(db: Db, cartId: string, courseId: number): Promise<boolean> {
  const rows = await db.insert(cartItems).values({ cartId, courseId }).onConflictDoNothing().returning({ id: cartItems.id });
  if (rows.length) await cartChanged(db, cartId);
  return rows.length === 1;
}

/** Lines of the cart: its courses and its bundles. */
export async function countCartItems(db: Db, cartId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId));
  const [bundleRow] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(cartBundles)
    .where(eq(cartBundles.cartId, cartId));
  return (row?.n ?? 0) + (bundleRow?.n ?? 0);
}

/** Adds the bundle unless it is already there; true when added. */
export async function insertCartBundle(db: Db, cartId: string, bundleId: number): Promise<boolean> {
  const rows = await db.insert(cartBundles).values({ cartId, bundleId }).onConflictDoNothing().returning({ id: cartBundles.id });
  if (rows.length) await cartChanged(db, cartId);
  return rows.length === 1;
}

export function selectCartBundles(db: Db, cartId: string) {
  return db
    .select({ uuid: cartBundles.uuid, bundleId: cartBundles.bundleId })
    .from(cartBundles)
    .where(eq(cartBundles.cartId, cartId))
    .orderBy(asc(cartBundles.createdAt), asc(cartBundles.id));
}

export function selectCartBundlesByUuid(db: Db, uuids: string[]) {
  return db
    .select({ uuid: cartBundles.uuid, bundleId: cartBundles.bundleId, cartId: cartBundles.cartId })
    .from(cartBundles)
    .where(inArray(cartBundles.uuid, uuids));
}

export async function deleteCartBundleItem(db: Db, uuid: string) {
  const [row] = await db.delete(cartBundles).where(eq(cartBundles.uuid, uuid)).returning({ cartId: cartBundles.cartId });
  await cartChanged(db, row?.cartId);
  return row;
}

export async function deleteCartBundles(db: Db, cartId: string, bundleIds: number[]): Promise<void> {
  if (!bundleIds.length) return;
  await db.delete(cartBundles).where(and(eq(cartBundles.cartId, cartId), inArray(cartBundles.bundleId, bundleIds)));
  await cartChanged(db, cartId);
}

/** Removes the bundles from every cart of the user (after a purchase). */
export async function deleteUserCartBundles(db: Db, userId: number, bundleIds: number[]): Promise<void> {
  if (!bundleIds.length) return;
  await db
    .delete(cartBundles)
    .where(and(inArray(cartBundles.bundleId, bundleIds), inArray(cartBundles.cartId, db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)))));
  userFactsChanged(db, userId);
}

export function selectCartItems(db: Db, cartId: string) {
  return db
    .select({ uuid: cartItems.uuid, courseId: cartItems.courseId })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

export function selectCartItemsByUuid(db: Db, uuids: string[]) {
  return db.select({ uuid: cartItems.uuid, courseId: cartItems.courseId, cartId: cartItems.cartId }).from(cartItems).where(inArray(cartItems.uuid, uuids));
}

export async function deleteCartItem(db: Db, uuid: string) {
  const [row] = await db.delete(cartItems).where(eq(cartItems.uuid, uuid)).returning({ cartId: cartItems.cartId });
  await cartChanged(db, row?.cartId);
  return row;
}

export async function deleteCartCourses(db: Db, cartId: string, courseIds: number[]): Promise<void> {
  if (!courseIds.length) return;
  await db.delete(cartItems).where(and(eq(cartItems.cartId, cartId), inArray(cartItems.courseId, courseIds)));
  await cartChanged(db, cartId);
}

/** Removes the courses from every cart of the user (after a purchase). */
export async function deleteUserCartCourses(db: Db, userId: number, courseIds: number[]): Promise<void> {
  if (!courseIds.length) return;
  await db
    .delete(cartItems)
    .where(and(inArray(cartItems.courseId, courseIds), inArray(cartItems.cartId, db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)))));
  userFactsChanged(db, userId);
}

export async function selectUserCartId(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(eq(carts.userId, userId))
    .orderBy(sql`${carts.updatedAt} desc`)
    .limit(1);
  return row?.id;
}

export async function moveCartItems(db: Db, fromCartId: string, toCartId: string): Promise<void> {
  await db.execute(
    sql`insert into cart_items (cart_id, course_id) select ${toCartId}, course_id from cart_items where cart_id = ${fromCartId} on conflict do nothing`,
  );
  await db.delete(cartItems).where(eq(cartItems.cartId, fromCartId));
  await db.execute(
    sql`insert into cart_bundles (cart_id, bundle_id) select ${toCartId}, bundle_id from cart_bundles where cart_id = ${fromCartId} on conflict do nothing`,
  );
  await db.delete(cartBundles).where(eq(cartBundles.cartId, fromCartId));
  await cartChanged(db, fromCartId);
  await cartChanged(db, toCartId);
}

/**
 * Carts still holding courses whose last course was added in [from, to) and before `idleSince`
 * (longer ago than the reminder delay): bought courses leave the cart, so these were left.
 */
export async function countAbandonedCarts(db: Db, from: Date, to: Date, idleSince: Date): Promise<number> {
  const lastAdded = db
    .select({ cartId: cartItems.cartId, at: sql<Date>`max(${cartItems.createdAt})`.as('at') })
    .from(cartItems)
    .groupBy(cartItems.cartId)
    .as('last_added');
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(lastAdded)
    .where(
      and(
        sql`${lastAdded.at} >= ${from.toISOString()}::timestamptz`,
        sql`${lastAdded.at} < ${to.toISOString()}::timestamptz`,
        sql`${lastAdded.at} < ${idleSince.toISOString()}::timestamptz`,
      ),
    );
  return row?.n ?? 0;
}
