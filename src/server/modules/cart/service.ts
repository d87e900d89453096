import { commerceMessages, type CartResponse } from '../../../shared/commerce.js';
import { subtotalOf, toMajor, toMinor } from '../../../shared/pricing.js';
import { regions, type Region } from '../../../shared/regions.js';
import type { Database, Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Viewer } from '../../http/auth.js';
import { ownedBy } from '../access/index.js';
import { getCourseSummary, listCourses } from '../catalog/index.js';
import { ownedCourseIds } from '../enrolments/index.js';
import * as q from './queries.js';

export interface CartOptions {
  db: Database;
  cartId: string;
  region: Region;
  viewer?: Viewer | undefined;
}

/**
 * Makes sure the cart exists and, for a signed-in viewer, belongs to them: a guest cart is
 * adopted on login and the user's earlier cart merges into it; another user's cart is refused.
 */
async function claimCart({ db, cartId, region, viewer }: Omit<CartOptions, 'db'> & { db: Db }): Promise<void> {
  const cart = await q.selectCart(db, cartId);
  if (cart?.userId && viewer) ownedBy(cart, viewer, 'Cart not found.');
  if (viewer && !cart?.userId) {
    const previous = await q.selectUserCartId(db, viewer.userId);
    await q.ensureCart(db, cartId, region, viewer.userId);
    if (previous && previous !== cartId) await q.moveCartItems(db, previous, cartId);
  } else {
    await q.ensureCart(db, cartId, region);
  }
}

export async function addToCart(
  options: CartOptions & { courseId: number },
): Promise<{ message: 'added_to_cart' | 'already_in_cart'; cart_items_count: number }> {
  const { db, cartId, courseId, viewer } = options;
  const course = await getCourseSummary(db, courseId);
  if (!course?.isPublished) throw AppError.notFound('Course not found.');
  if (course.courseType === 'free') throw AppError.fields({ course_id: [commerceMessages.freeCourseNotInCart] });
  if (viewer && (await ownedCourseIds(db, viewer.userId, [courseId])).size) throw AppError.fields({ course_id: [commerceMessages.alreadyOwned] });
  await claimCart(options);
  const added = await q.insertCartItem(db, cartId, courseId);
  return { message: added ? 'added_to_cart' : 'already_in_cart', cart_items_count: await q.countCartItems(db, cartId) };
}

/**
 * What GET /cart/<id>/ answers, and it writes: claims the cart for the viewer (claimCart: a guest
 * cart is adopted, their earlier cart merged into it), drops the courses they already own, then
 * prices what is left in the visitor's region. The claim and the pruning are one transaction.
 */
export async function claimAndPriceCart(options: CartOptions): Promise<CartResponse> {
  const { db, cartId, region, viewer } = options;
  const items = await db.transaction(async (tx) => {
    await claimCart({ ...options, db: tx });
    const rows = await q.selectCartItems(tx, cartId);
    if (!viewer) return rows;
    const owned = await ownedCourseIds(
      tx,
      viewer.userId,
      rows.map((i) => i.courseId),
    );
    if (!owned.size) return rows;
    await q.deleteCartCourses(tx, cartId, [...owned]);
    return rows.filter((i) => !owned.has(i.courseId));
  });
  const courses = new Map(
    (
      await listCourses(
        db,
        region,
        items.map((i) => i.courseId),
      )
    ).map((c) => [c.id, c]),
  );
  const lines = items.flatMap((item) => {
    const course = courses.get(item.courseId);
    return course
      ? [
          {
            item_id: item.uuid,
            course_id: course.id,
            slug: course.slug,
            title: course.title,
            course_image: course.course_image,
            country_price: course.country_price,
          },
        ]
      : [];
  });
  const meta = regions[region];
  const total = subtotalOf(lines.map((l) => toMinor(l.country_price.amount)));
  return { cart_id: cartId, items: lines, count: lines.length, total: toMajor(total), currency: meta.currency, symbol: meta.symbol, country: region };
}

/** The item id is an unguessable UUID: holding it is holding the cart. */
export async function removeCartItem(db: Database, itemId: string, viewer?: Viewer): Promise<{ message: string; cart_items_count: number }> {
  const [item] = await q.selectCartItemsByUuid(db, [itemId]);
  if (!item) throw AppError.notFound('Cart item not found.');
  const cart = await q.selectCart(db, item.cartId);
  if (cart?.userId && viewer) ownedBy(cart, viewer, 'Cart item not found.');
  await q.deleteCartItem(db, itemId);
  return { message: commerceMessages.removedFromCart, cart_items_count: await q.countCartItems(db, item.cartId) };
}

export async function calculateTotal(db: Database, itemIds: string[], region: Region) {
  const items = itemIds.length ? await q.selectCartItemsByUuid(db, itemIds) : [];
  const courses = await listCourses(db, region, [...new Set(items.map((i) => i.courseId))]);
  const total = subtotalOf(courses.map((c) => toMinor(c.country_price.amount)));
  const meta = regions[region];
  return { total: toMajor(total), currency: meta.currency, symbol: meta.symbol, country: region, count: courses.length };
}

/** After a purchase the bought courses leave every cart of the buyer (and the cart used to check out). */
export async function clearPurchasedCourses(db: Db, userId: number, courseIds: number[], cartId?: string | null): Promise<void> {
  await q.deleteUserCartCourses(db, userId, courseIds);
  if (cartId) await q.deleteCartCourses(db, cartId, courseIds);
}

export async function getCartCourseIds(db: Database, cartId: string): Promise<number[]> {
  return (await q.selectCartItems(db, cartId)).map((i) => i.courseId);
}

/**
 * A cart as another module may see it: whose it is (null: a guest's) and the courses in it;
 * undefined when there is no such cart. Without an id, the signed-in user's latest cart.
 */
export async function cartContents(
  db: Database,
  by: { cartId: string } | { userId: number },
): Promise<{ id: string; userId: number | null; courseIds: number[] } | undefined> {
  const cartId = 'cartId' in by ? by.cartId : await q.selectUserCartId(db, by.userId);
  const cart = cartId ? await q.selectCart(db, cartId) : undefined;
  if (!cart) return undefined;
  return { id: cart.id, userId: cart.userId, courseIds: await getCartCourseIds(db, cart.id) };
}

/** Carts left holding courses: the last course added in [from, to), and longer ago than `idleSince`. */
export function abandonedCarts(db: Database, from: Date, to: Date, idleSince: Date): Promise<number> {
  return q.countAbandonedCarts(db, from, to, idleSince);
}
