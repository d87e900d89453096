import { bundleMessages } from '../../../shared/bundles.js';
import { commerceMessages, type CartBundle, type CartResponse } from '../../../shared/commerce.js';
import { bundleSaving, subtotalOf, toMajor, toMinor } from '../../../shared/pricing.js';
import { regions, type Region } from '../../../shared/regions.js';
import type { Database, Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Viewer } from '../../http/auth.js';
import { noMemo, type Memo } from '../../http/viewer-cache.js';
import { ownedBy } from '../access/index.js';
import { bundlesForPurchase, getCourseSummary, listCourses, type PricedBundle } from '../catalog/index.js';
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

interface AddedToCart {
  message: 'added_to_cart' | 'already_in_cart';
  cart_items_count: number;
  /** A bundle's only (the spec's answer for a course is the two fields above). */
  owned_course_ids?: number[];
  replaced_course_ids?: number[];
}

/** The courses of the cart's bundles (published ones on sale), by bundle. */
async function bundlesInCart(db: Db, cartId: string, region: Region): Promise<{ uuid: string; bundle: PricedBundle }[]> {
  const rows = await q.selectCartBundles(db, cartId);
  if (!rows.length) return [];
  const priced = new Map(
    (
      await bundlesForPurchase(
        db,
        region,
        rows.map((r) => r.bundleId),
      )
    ).map((b) => [b.id, b]),
  );
  return rows.flatMap((r) => {
    const bundle = priced.get(r.bundleId);
    return bundle ? [{ uuid: r.uuid, bundle }] : [];
  });
}

export async function addToCart(options: CartOptions & { courseId?: number | undefined; bundleId?: number | undefined }): Promise<AddedToCart> {
  if (options.bundleId !== undefined) return addBundleToCart({ ...options, bundleId: options.bundleId });
  const { db, cartId, region, viewer } = options;
  const courseId = options.courseId!;
  const course = await getCourseSummary(db, courseId);
  if (!course?.isPublished) throw AppError.notFound('Course not found.');
  if (course.courseType === 'free') throw AppError.fields({ course_id: [commerceMessages.freeCourseNotInCart] });
  if (viewer && (await ownedCourseIds(db, viewer.userId, [courseId])).size) throw AppError.fields({ course_id: [commerceMessages.alreadyOwned] });
  await claimCart(options);
  // A course already in the cart through one of its bundles is there.
  const inBundle = (await bundlesInCart(db, cartId, region)).some((b) => b.bundle.courseIds.includes(courseId));
  const added = !inBundle && (await q.insertCartItem(db, cartId, courseId));
  return { message: added ? 'added_to_cart' : 'already_in_cart', cart_items_count: await q.countCartItems(db, cartId) };
}

/**
 * Adds a bundle: one that is published and on sale. A signed-in buyer who owns every course of it
 * is refused (400); owning some is allowed, and said (`owned_course_ids`). The bundle takes the
 * place of its own courses' lines in the cart; a bundle sharing a course with another bundle of the
 * cart is refused (each course is bought once per order).
 */
async function addBundleToCart(options: CartOptions & { bundleId: number }): Promise<AddedToCart> {
  const { db, cartId, region, viewer, bundleId } = options;
  const [bundle] = await bundlesForPurchase(db, region, [bundleId]);
  if (!bundle) throw AppError.notFound(bundleMessages.notFound);
  const owned = viewer ? await ownedCourseIds(db, viewer.userId, bundle.courseIds) : new Set<number>();
  if (owned.size === bundle.courseIds.length) throw AppError.fields({ bundle_id: [bundleMessages.ownsAll] });
  await claimCart(options);
  const others = (await bundlesInCart(db, cartId, region)).filter((b) => b.bundle.id !== bundleId);
  if (others.some((b) => b.bundle.courseIds.some((id) => bundle.courseIds.includes(id)))) throw AppError.fields({ bundle_id: [bundleMessages.overlapsCart] });
  const replaced = (await q.selectCartItems(db, cartId)).map((i) => i.courseId).filter((id) => bundle.courseIds.includes(id));
  const added = await db.transaction(async (tx) => {
    await q.deleteCartCourses(tx, cartId, replaced);
    return q.insertCartBundle(tx, cartId, bundleId);
  });
  return {
    message: added ? 'added_to_cart' : 'already_in_cart',
    cart_items_count: await q.countCartItems(db, cartId),
    owned_course_ids: bundle.courseIds.filter((id) => owned.has(id)),
    replaced_course_ids: replaced,
  };
}

/** A bundle line as the cart shows it, for a buyer owning `owned` of its courses. */
function cartBundleView(uuid: string, bundle: PricedBundle, owned: ReadonlySet<number>): CartBundle {
  const price = toMinor(bundle.price.amount);
  const { separately, saving } = bundleSaving(
    price,
    bundle.courses.map((c) => toMinor(c.country_price.amount)),
  );
  return {
    item_id: uuid,
    bundle_id: bundle.id,
    slug: bundle.slug,
    title: bundle.title,
    cover_image: bundle.coverImage,
    country_price: { ...bundle.price, regular_amount: toMajor(Math.max(separately, price)) },
    saving: toMajor(saving),
    courses: bundle.courses.map((c) => ({ id: c.id, slug: c.slug, title: c.title, course_image: c.course_image, owned: owned.has(c.id) })),
    new_course_ids: bundle.courseIds.filter((id) => !owned.has(id)),
    owned_course_ids: bundle.courseIds.filter((id) => owned.has(id)),
  };
}

/**
 * What the cart holds for the viewer, and what of it must go: the courses and whole bundles they
 * already own, and the course lines a bundle of the cart covers (two carts merged at sign-in: the
 * bundle sells it). `owned` is which of the courses the cart names the viewer owns (a bundle shows its own).
 */
async function cartForViewer(db: Db, cartId: string, region: Region, viewer: Viewer | undefined) {
  const held = await q.selectCartItems(db, cartId);
  const heldBundles = await bundlesInCart(db, cartId, region);
  // One question for every course the cart names, alone or in a bundle.
  const named = [...new Set([...held.map((i) => i.courseId), ...heldBundles.flatMap((b) => b.bundle.courseIds)])];
  const owned = viewer ? await ownedCourseIds(db, viewer.userId, named) : new Set<number>();
  const ownedWhole = heldBundles.filter((b) => b.bundle.courseIds.every((id) => owned.has(id)));
  const bundles = heldBundles.filter((b) => !ownedWhole.includes(b));
  const covered = new Set(bundles.flatMap((b) => b.bundle.courseIds));
  const items = held.filter((i) => !owned.has(i.courseId) && !covered.has(i.courseId));
  return {
    items,
    bundles,
    owned,
    dropCourseIds: held.filter((i) => !items.includes(i)).map((i) => i.courseId),
    dropBundleIds: ownedWhole.map((b) => b.bundle.id),
  };
}

/**
 * What GET /cart/<id>/ answers, and it may write: claims the cart for the viewer (claimCart: a guest
 * cart is adopted, their earlier cart merged into it), drops what cartForViewer says must go, then
 * prices what is left in the visitor's region. The claim and all the pruning are one transaction.
 * Most reads change nothing (the cart is already the viewer's and holds nothing to drop): those are
 * answered from reads alone, and a signed-in viewer's answer is kept with their facts (`mine`, the
 * viewer cache), dropped when the cart, what they own or the catalog changes (cart/queries.ts).
 * A guest is given no `mine`: their cart is never kept.
 */
export async function claimAndPriceCart(options: CartOptions, mine: Memo = noMemo): Promise<CartResponse> {
  const { db, cartId, region, viewer } = options;
  const asRead = await mine(`cart:${cartId}:${region}`, () => cartAsRead(options), { isFresh: (kept) => kept !== undefined });
  if (asRead) return asRead;
  const contents = await db.transaction(async (tx) => {
    await claimCart({ ...options, db: tx });
    const found = await cartForViewer(tx, cartId, region, viewer);
    if (found.dropCourseIds.length) await q.deleteCartCourses(tx, cartId, found.dropCourseIds);
    if (found.dropBundleIds.length) await q.deleteCartBundles(tx, cartId, found.dropBundleIds);
    return found;
  });
  return pricedCart(db, cartId, region, contents);
}

/** The priced cart when reading it changes nothing; undefined when it must be claimed or pruned first. */
async function cartAsRead({ db, cartId, region, viewer }: CartOptions): Promise<CartResponse | undefined> {
  const cart = await q.selectCart(db, cartId);
  if (!cart || (viewer && cart.userId !== viewer.userId)) return undefined;
  const contents = await cartForViewer(db, cartId, region, viewer);
  if (contents.dropCourseIds.length || contents.dropBundleIds.length) return undefined;
  return pricedCart(db, cartId, region, contents);
}

async function pricedCart(
  db: Db,
  cartId: string,
  region: Region,
  { items, bundles, owned }: Pick<Awaited<ReturnType<typeof cartForViewer>>, 'items' | 'bundles' | 'owned'>,
): Promise<CartResponse> {
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
  const bundleLines = bundles.map((b) => cartBundleView(b.uuid, b.bundle, owned));
  const meta = regions[region];
  const total = subtotalOf([...lines, ...bundleLines].map((l) => toMinor(l.country_price.amount)));
  return {
    cart_id: cartId,
    items: lines,
    bundles: bundleLines,
    count: lines.length + bundleLines.length,
    total: toMajor(total),
    currency: meta.currency,
    symbol: meta.symbol,
    country: region,
  };
}

/** The item id is an unguessable UUID: holding it is holding the cart. */
export async function removeCartItem(db: Database, itemId: string, viewer?: Viewer): Promise<{ message: string; cart_items_count: number }> {
  const [item] = await q.selectCartItemsByUuid(db, [itemId]);
  const [bundleItem] = item ? [] : await q.selectCartBundlesByUuid(db, [itemId]);
  const cartId = item?.cartId ?? bundleItem?.cartId;
  if (!cartId) throw AppError.notFound('Cart item not found.');
  const cart = await q.selectCart(db, cartId);
  if (cart?.userId && viewer) ownedBy(cart, viewer, 'Cart item not found.');
  if (item) await q.deleteCartItem(db, itemId);
  else await q.deleteCartBundleItem(db, itemId);
  return { message: commerceMessages.removedFromCart, cart_items_count: await q.countCartItems(db, cartId) };
}

export async function calculateTotal(db: Database, itemIds: string[], region: Region) {
  const items = itemIds.length ? await q.selectCartItemsByUuid(db, itemIds) : [];
  const bundleItems = itemIds.length ? await q.selectCartBundlesByUuid(db, itemIds) : [];
  const courses = await listCourses(db, region, [...new Set(items.map((i) => i.courseId))]);
  const bundles = bundleItems.length
    ? await bundlesForPurchase(
        db,
        region,
        bundleItems.map((b) => b.bundleId),
      )
    : [];
  const total = subtotalOf([...courses.map((c) => toMinor(c.country_price.amount)), ...bundles.map((b) => toMinor(b.price.amount))]);
  const meta = regions[region];
  return { total: toMajor(total), currency: meta.currency, symbol: meta.symbol, country: region, count: courses.length + bundles.length };
}

/** After a purchase the bought courses and bundles leave every cart of the buyer (and the cart used to check out). */
export async function clearPurchasedCourses(db: Db, userId: number, courseIds: number[], cartId?: string | null, bundleIds: number[] = []): Promise<void> {
  await q.deleteUserCartCourses(db, userId, courseIds);
  await q.deleteUserCartBundles(db, userId, bundleIds);
  if (cartId) {
    await q.deleteCartCourses(db, cartId, courseIds);
    await q.deleteCartBundles(db, cartId, bundleIds);
  }
}

/** The bundles in a cart (a coupon's bundle limits are checked against them). */
export async function getCartBundleIds(db: Database, cartId: string): Promise<number[]> {
  return (await q.selectCartBundles(db, cartId)).map((b) => b.bundleId);
}

export async function getCartCourseIds(db: Database, cartId: string): Promise<number[]> {
  return (await q.selectCartItems(db, cartId)).map((i) => i.courseId);
}

/**
 * A cart as another module may see it: whose it is (null: a guest's) and the courses in it, those
 * of its bundles included (what buying it gives); undefined when there is no such cart. Without an
 * id, the signed-in user's latest cart.
 */
export async function cartContents(
  db: Database,
  by: { cartId: string } | { userId: number },
): Promise<{ id: string; userId: number | null; courseIds: number[] } | undefined> {
  const cartId = 'cartId' in by ? by.cartId : await q.selectUserCartId(db, by.userId);
  const cart = cartId ? await q.selectCart(db, cartId) : undefined;
  if (!cart) return undefined;
  const [own, bundles] = await Promise.all([getCartCourseIds(db, cart.id), bundlesInCart(db, cart.id, cart.region as Region)]);
  return { id: cart.id, userId: cart.userId, courseIds: [...new Set([...own, ...bundles.flatMap((b) => b.bundle.courseIds)])] };
}

/** Carts left holding courses: the last course added in [from, to), and longer ago than `idleSince`. */
export function abandonedCarts(db: Database, from: Date, to: Date, idleSince: Date): Promise<number> {
  return q.countAbandonedCarts(db, from, to, idleSince);
}
