/**
 * The storefront's bundles: the catalog's published bundles priced for the visitor, with the saving
 * against the courses' own prices (bundleSaving, the one pricing file) and, for a signed-in
 * viewer, the courses they own already (enrolments).
 */
import type { Bundle } from '../../../shared/bundles.js';
import { bundleMessages } from '../../../shared/bundles.js';
import { bundleSaving, toMajor, toMinor } from '../../../shared/pricing.js';
import type { Region } from '../../../shared/regions.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Viewer } from '../../http/auth.js';
import { getPublishedBundle, listPublishedBundles, type PricedBundle } from '../catalog/index.js';
import { ownedCourseIds } from '../enrolments/index.js';

/** A priced bundle as the API answers it, for a viewer owning `owned` of the courses. */
export function bundleView(bundle: PricedBundle, owned: ReadonlySet<number>): Bundle {
  const price = toMinor(bundle.price.amount);
  const { separately, saving, percent } = bundleSaving(
    price,
    bundle.courses.map((c) => toMinor(c.country_price.amount)),
  );
  const ownedIds = bundle.courseIds.filter((id) => owned.has(id));
  return {
    id: bundle.id,
    slug: bundle.slug,
    title: bundle.title,
    description: bundle.description,
    cover_image: bundle.coverImage,
    country_price: { ...bundle.price, regular_amount: toMajor(Math.max(separately, price)) },
    saving: toMajor(saving),
    saving_percent: percent,
    courses: bundle.courses.map((c) => ({ ...c, owned: owned.has(c.id) })),
    owned_course_ids: ownedIds,
    owns_all: ownedIds.length === bundle.courseIds.length,
  };
}

async function ownedOf(db: Database, viewer: Viewer | undefined, bundles: PricedBundle[]): Promise<Set<number>> {
  if (!viewer) return new Set();
  return ownedCourseIds(db, viewer.userId, [...new Set(bundles.flatMap((b) => b.courseIds))]);
}

export async function listBundles(db: Database, region: Region, viewer: Viewer | undefined): Promise<Bundle[]> {
  const bundles = await listPublishedBundles(db, region);
  const owned = await ownedOf(db, viewer, bundles);
  return bundles.map((b) => bundleView(b, owned));
}

/** A published bundle on sale by its address; a draft, an archived one or one whose course left the storefront is 404. */
export async function getBundle(db: Database, slug: string, region: Region, viewer: Viewer | undefined): Promise<Bundle> {
  const bundle = await getPublishedBundle(db, slug, region);
  if (!bundle) throw AppError.notFound(bundleMessages.notFound);
  return bundleView(bundle, await ownedOf(db, viewer, [bundle]));
}
