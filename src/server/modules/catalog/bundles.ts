/**
 * Bundles (issue 25): several courses sold together at one price per region. The studio's edits
 * (in the caller's transaction, which the studio audits), the storefront's published bundles and
 * the checkout's read of what a bundle costs and opens. What combines a bundle with the viewer (the
 * courses they own) or with orders (how many sold) lives above: storefront, orders, admin.
 */
import { bundleMessages, type AdminBundle, type BundleBody, type BundlePatch, type BundleState } from '../../../shared/bundles.js';
import type { CountryPrice, CourseListItem } from '../../../shared/catalog.js';
import { toMajor, toMinor } from '../../../shared/pricing.js';
import { byRegionOrder, DEFAULT_REGION, regions, type Region } from '../../../shared/regions.js';
import type { Database, Db, Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { sanitizeRichText } from '../../lib/html.js';
import * as q from './queries/bundles.js';
import { pickPrice } from './serialise.js';
import { listCourses } from './service.js';

/** A bundle as the studio shows it, but for how many sold (the admin module adds it from orders). */
export type CatalogStudioBundle = Omit<AdminBundle, 'sold'>;
export type BundleTransition = 'publish' | 'unpublish' | 'archive' | 'restore';

type Row = NonNullable<Awaited<ReturnType<typeof q.selectBundleById>>>;

async function studioViews(db: Db, rows: Row[]): Promise<CatalogStudioBundle[]> {
  const ids = rows.map((r) => r.id);
  const [courseRows, priceRows] = await Promise.all([q.selectBundleCourses(db, ids), q.selectBundlePrices(db, ids)]);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    description: sanitizeRichText(r.description),
    cover_image: r.coverImage,
    state: r.status,
    is_demo: r.isDemo,
    courses: courseRows
      .filter((c) => c.bundleId === r.id)
      .map((c) => ({ id: c.courseId, slug: c.slug, title: c.title, course_type: c.courseType, published: c.isPublished && !c.archivedAt })),
    prices: priceRows
      .filter((p) => p.bundleId === r.id)
      .sort(byRegionOrder)
      .map((p) => ({ region: p.region, currency: p.currency, amount: toMajor(p.amount) })),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }));
}

async function rowOrThrow(db: Db, id: number, lock = false): Promise<Row> {
  const row = await q.selectBundleById(db, id, lock);
  if (!row) throw AppError.notFound(bundleMessages.notFound);
  return row;
}

export async function getStudioBundle(db: Db, id: number): Promise<CatalogStudioBundle> {
  return (await studioViews(db, [await rowOrThrow(db, id)]))[0]!;
}

export async function listStudioBundles(
  db: Db,
  filter: { search?: string | undefined; state?: BundleState | undefined },
  limit: number,
  offset: number,
): Promise<{ rows: CatalogStudioBundle[]; total: number }> {
  const { rows, total } = await q.selectStudioBundles(db, filter, limit, offset);
  return { rows: await studioViews(db, rows), total };
}

/** A bundle's courses must exist and be paid courses (free ones are enrolled in, never sold). */
async function checkCourses(db: Db, courseIds: number[]): Promise<void> {
  const found = await q.selectCoursesForBundle(db, courseIds);
  if (found.length !== courseIds.length) throw AppError.fields({ course_ids: [bundleMessages.courseUnknown] });
  if (found.some((c) => c.courseType !== 'paid')) throw AppError.fields({ course_ids: [bundleMessages.courseNotPaid] });
}

async function checkSlug(db: Db, slug: string, exceptId?: number): Promise<void> {
  if (await q.slugTaken(db, slug, exceptId)) throw AppError.fields({ slug: [bundleMessages.slugTaken] });
}

const storedPrices = (prices: { region: Region; amount: number }[]) =>
  prices.map((p) => ({ region: p.region, currency: regions[p.region].currency, amount: toMinor(p.amount) }));

/** Creates a draft bundle. */
export async function createBundle(tx: Tx, body: BundleBody): Promise<CatalogStudioBundle> {
  await checkSlug(tx, body.slug);
  await checkCourses(tx, body.course_ids);
  const id = await q.insertBundle(tx, {
    slug: body.slug,
    title: body.title,
    description: sanitizeRichText(body.description),
    coverImage: body.cover_image,
  });
  await q.replaceBundleCourses(tx, id, body.course_ids);
  await q.replaceBundlePrices(tx, id, storedPrices(body.prices));
  return getStudioBundle(tx, id);
}

/** Saves the fields sent (courses and prices, when sent, are the whole list). A published bundle keeps to the publishing rules. */
export async function updateBundle(tx: Tx, id: number, patch: BundlePatch): Promise<{ before: CatalogStudioBundle; after: CatalogStudioBundle }> {
  const row = await rowOrThrow(tx, id, true);
  const before = await getStudioBundle(tx, id);
  if (patch.slug !== undefined) await checkSlug(tx, patch.slug, id);
  if (patch.course_ids) await checkCourses(tx, patch.course_ids);
  await q.updateBundle(tx, id, {
    ...(patch.slug !== undefined ? { slug: patch.slug } : {}),
    ...(patch.title !== undefined ? { title: patch.title } : {}),
    ...(patch.description !== undefined ? { description: sanitizeRichText(patch.description) } : {}),
    ...(patch.cover_image !== undefined ? { coverImage: patch.cover_image } : {}),
  });
  if (patch.course_ids) await q.replaceBundleCourses(tx, id, patch.course_ids);
  if (patch.prices) await q.replaceBundlePrices(tx, id, storedPrices(patch.prices));
  if (row.status === 'published') await checkPublishable(tx, id);
  return { before, after: await getStudioBundle(tx, id) };
}

/** A new cover (an uploaded image's public path): answers the one it replaced, for the caller to delete once committed. */
export async function setBundleCover(tx: Tx, id: number, coverImage: string): Promise<{ before: { cover_image: string }; after: { cover_image: string } }> {
  const row = await rowOrThrow(tx, id, true);
  await q.updateBundle(tx, id, { coverImage });
  return { before: { cover_image: row.coverImage }, after: { cover_image: coverImage } };
}

/** What publishing needs: two courses or more, each published, and a price in the default region. */
async function checkPublishable(db: Db, id: number): Promise<void> {
  const bundle = await getStudioBundle(db, id);
  const problems: string[] = [];
  if (bundle.courses.length < 2) problems.push(bundleMessages.twoCourses);
  if (bundle.courses.some((c) => !c.published || c.course_type !== 'paid')) problems.push(bundleMessages.courseNotPaid);
  if (!bundle.prices.some((p) => p.region === DEFAULT_REGION && p.amount > 0)) problems.push(bundleMessages.needsUsdPrice);
  if (problems.length) throw AppError.fields({ non_field_errors: problems });
}

/** publish: on the storefront; unpublish: back to draft; archive: off the storefront and the studio's list (buyers keep their courses); restore: back to draft. */
export async function transitionBundle(
  tx: Tx,
  id: number,
  transition: BundleTransition,
): Promise<{ before: { state: BundleState }; after: { state: BundleState } }> {
  const row = await rowOrThrow(tx, id, true);
  if (transition === 'publish') await checkPublishable(tx, id);
  const status: BundleState = transition === 'publish' ? 'published' : transition === 'archive' ? 'archived' : 'draft';
  await q.updateBundle(tx, id, { status });
  return { before: { state: row.status }, after: { state: status } };
}

// ---------------------------------------------------------------- storefront and checkout

/** A published bundle priced for a region: its price (the region's, else the default region's), and its courses as cards. */
export interface PricedBundle {
  id: number;
  slug: string;
  title: string;
  /** Sanitised HTML. */
  description: string;
  coverImage: string;
  price: CountryPrice;
  /** Minor units; null when the bundle has no price here nor in the default region. */
  priceMinor: number | null;
  /** Its courses in order, as course cards priced for the region; a course no longer on sale is left out. */
  courses: CourseListItem[];
  /** The bundle's courses, every one of them (on sale or not). */
  courseIds: number[];
}

async function priced(db: Db, region: Region, rows: Row[]): Promise<PricedBundle[]> {
  const ids = rows.map((r) => r.id);
  const [courseRows, priceRows] = await Promise.all([q.selectBundleCourses(db, ids), q.selectBundlePrices(db, ids)]);
  const cards = new Map((await listCourses(db, region, [...new Set(courseRows.map((c) => c.courseId))])).map((c) => [c.id, c]));
  return rows.map((r) => {
    const own = priceRows.find((p) => p.bundleId === r.id && p.region === region) ?? null;
    const fallback = priceRows.find((p) => p.bundleId === r.id && p.region === DEFAULT_REGION) ?? null;
    const chosen = own ?? fallback;
    const courseIds = courseRows.filter((c) => c.bundleId === r.id).map((c) => c.courseId);
    return {
      id: r.id,
      slug: r.slug,
      title: r.title,
      description: sanitizeRichText(r.description),
      coverImage: r.coverImage,
      price: pickPrice(region, own, fallback),
      priceMinor: chosen ? chosen.amount : null,
      courses: courseIds.flatMap((id) => cards.get(id) ?? []),
      courseIds,
    };
  });
}

/** Whether a bundle can be sold: priced, and every course of it on sale (published, paid). */
export const onSale = (b: PricedBundle): b is PricedBundle & { priceMinor: number } =>
  b.priceMinor !== null && b.courses.length === b.courseIds.length && b.courses.length >= 2 && b.courses.every((c) => c.course_type === 'paid');

/** The storefront's bundles: published ones on sale, priced for the region, in the studio's order. */
export async function listPublishedBundles(db: Database, region: Region): Promise<PricedBundle[]> {
  return (await priced(db, region, await q.selectPublishedBundles(db))).filter(onSale);
}

/** One published bundle on sale by its address; undefined otherwise (a draft is not found). */
export async function getPublishedBundle(db: Database, slug: string, region: Region): Promise<PricedBundle | undefined> {
  const row = await q.selectBundleBySlug(db, slug);
  if (row?.status !== 'published') return undefined;
  return (await priced(db, region, [row])).find(onSale);
}

/** The bundles a checkout or cart names, priced for the region: only published ones on sale (others are left out). */
export async function bundlesForPurchase(db: Db, region: Region, ids: number[]): Promise<(PricedBundle & { priceMinor: number })[]> {
  const rows = (await q.selectBundles(db, [...new Set(ids)])).filter((r) => r.status === 'published');
  return (await priced(db, region, rows)).filter(onSale);
}

/** Titles and addresses of bundles, whatever their state (an order's lines name them after the fact). */
export async function bundleSummaries(db: Db, ids: number[]): Promise<Map<number, { id: number; slug: string; title: string; coverImage: string }>> {
  const rows = await q.selectBundles(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, { id: r.id, slug: r.slug, title: r.title, coverImage: r.coverImage }]));
}

/** The demo's bundles; `lock` holds them until the caller's transaction ends. */
export function demoBundles(db: Db, options: { lock: boolean }): Promise<{ id: number; title: string }[]> {
  return q.selectDemoBundles(db, options.lock);
}

/** Deletes bundles (the demo's that no one bought): their courses, prices, cart lines and coupon limits go with them. */
export function deleteBundles(tx: Tx, ids: number[]): Promise<number> {
  return q.deleteBundles(tx, ids);
}
