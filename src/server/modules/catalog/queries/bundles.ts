/** Bundles: the studio's reads and writes, the storefront's published ones, and the checkout's. */
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { bundleCourses, bundlePrices, bundles, courses } from '../../../db/schema/index.js';

export type BundleState = 'draft' | 'published' | 'archived';
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const bundleColumns = {
  id: bundles.id,
  slug: bundles.slug,
  title: bundles.title,
  description: bundles.description,
  coverImage: bundles.coverImage,
  status: bundles.status,
  position: bundles.position,
  isDemo: bundles.isDemo,
  createdAt: bundles.createdAt,
  updatedAt: bundles.updatedAt,
};
export type BundleRow = Awaited<ReturnType<typeof selectBundleById>> & {};

export async function selectBundleById(db: Db, id: number, lock = false) {
  const query = db.select(bundleColumns).from(bundles).where(eq(bundles.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function selectBundleBySlug(db: Db, slug: string) {
  const [row] = await db.select(bundleColumns).from(bundles).where(eq(bundles.slug, slug)).limit(1);
  return row;
}

export async function selectBundles(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.select(bundleColumns).from(bundles).where(inArray(bundles.id, ids));
}

export function selectPublishedBundles(db: Db) {
  return db.select(bundleColumns).from(bundles).where(eq(bundles.status, 'published')).orderBy(asc(bundles.position), asc(bundles.id));
}

export async function selectStudioBundles(db: Db, filter: { search?: string | undefined; state?: BundleState | undefined }, limit: number, offset: number) {
  const where = and(
    filter.state ? eq(bundles.status, filter.state) : ne(bundles.status, 'archived'),
    filter.search ? or(ilike(bundles.title, `%${escapeLike(filter.search)}%`), ilike(bundles.slug, `%${escapeLike(filter.search)}%`)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select(bundleColumns).from(bundles).where(where).orderBy(desc(bundles.updatedAt), desc(bundles.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(bundles).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The courses of the bundles, in each bundle's order, with what the studio shows of each. */
export async function selectBundleCourses(db: Db, bundleIds: number[]) {
  if (!bundleIds.length) return [];
  return db
    .select({
      bundleId: bundleCourses.bundleId,
      courseId: courses.id,
      slug: courses.slug,
      title: courses.title,
      courseType: courses.courseType,
      isPublished: courses.isPublished,
      archivedAt: courses.archivedAt,
    })
    .from(bundleCourses)
    .innerJoin(courses, eq(courses.id, bundleCourses.courseId))
    .where(inArray(bundleCourses.bundleId, bundleIds))
    .orderBy(asc(bundleCourses.bundleId), asc(bundleCourses.position), asc(bundleCourses.id));
}

export async function selectBundlePrices(db: Db, bundleIds: number[]) {
  if (!bundleIds.length) return [];
  return db
    .select({ bundleId: bundlePrices.bundleId, region: bundlePrices.region, currency: bundlePrices.currency, amount: bundlePrices.amount })
    .from(bundlePrices)
    .where(inArray(bundlePrices.bundleId, bundleIds));
}

/** The courses (any state) among these ids, to check a bundle's list. */
export function selectCoursesForBundle(db: Db, courseIds: number[]) {
  return db
    .select({ id: courses.id, courseType: courses.courseType, isPublished: courses.isPublished, archivedAt: courses.archivedAt })
    .from(courses)
    .where(inArray(courses.id, courseIds));
}

export async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: bundles.id })
    .from(bundles)
    .where(and(eq(bundles.slug, slug), exceptId ? ne(bundles.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function insertBundle(tx: Tx, values: { slug: string; title: string; description: string; coverImage: string }): Promise<number> {
  const [{ max } = { max: 0 }] = await tx.select({ max: sql<number>`coalesce(max(${bundles.position}), 0)`.mapWith(Number) }).from(bundles);
  const [row] = await tx
    .insert(bundles)
    .values({ ...values, position: max + 1 })
    .returning({ id: bundles.id });
  return row!.id;
}

export async function updateBundle(
  tx: Tx,
  id: number,
  values: Partial<{ slug: string; title: string; description: string; coverImage: string; status: BundleState }>,
): Promise<void> {
  await tx
    .update(bundles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(bundles.id, id));
}

export async function replaceBundleCourses(tx: Tx, bundleId: number, courseIds: number[]): Promise<void> {
  await tx.delete(bundleCourses).where(eq(bundleCourses.bundleId, bundleId));
  if (courseIds.length) await tx.insert(bundleCourses).values(courseIds.map((courseId, position) => ({ bundleId, courseId, position })));
}

export async function replaceBundlePrices(tx: Tx, bundleId: number, prices: { region: string; currency: string; amount: number }[]): Promise<void> {
  await tx.delete(bundlePrices).where(eq(bundlePrices.bundleId, bundleId));
  if (prices.length) await tx.insert(bundlePrices).values(prices.map((p) => ({ ...p, bundleId })));
}

/** The demo's bundles (marked is_demo by the seed); `lock` holds them until the caller's transaction ends. */
export async function selectDemoBundles(db: Db, lock: boolean) {
  const query = db.select({ id: bundles.id, title: bundles.title }).from(bundles).where(eq(bundles.isDemo, true)).orderBy(asc(bundles.id));
  return lock ? query.for('update') : query;
}

export async function deleteBundles(tx: Tx, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await tx.delete(bundles).where(inArray(bundles.id, ids)).returning({ id: bundles.id });
  return rows.length;
}
