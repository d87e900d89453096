// The demo's bundles as rows: a bundle with its courses (in order) and its price per region.
import { regionCodes, regions, type Region } from '../../../shared/regions.js';
import type { Db } from '../client.js';
import { bundleCourses, bundlePrices, bundles } from '../schema/index.js';

export interface BundleInput {
  slug: string;
  title: string;
  description: string;
  coverImage: string;
  status: 'draft' | 'published' | 'archived';
  courseIds: number[];
  /** Minor units per region. */
  prices: Partial<Record<Region, number>>;
  position?: number;
  isDemo?: boolean;
}

export async function insertBundle(db: Db, input: BundleInput): Promise<{ id: number }> {
  const [bundle] = await db
    .insert(bundles)
    .values({
      slug: input.slug,
      title: input.title,
      description: input.description,
      coverImage: input.coverImage,
      status: input.status,
      position: input.position ?? 0,
      isDemo: input.isDemo ?? false,
    })
    .returning({ id: bundles.id });
  if (!bundle) throw new Error('insertBundle: no row returned');
  await db.insert(bundleCourses).values(input.courseIds.map((courseId, position) => ({ bundleId: bundle.id, courseId, position })));
  const prices = regionCodes.flatMap((region) => {
    const amount = input.prices[region];
    return amount === undefined ? [] : [{ bundleId: bundle.id, region, currency: regions[region].currency, amount }];
  });
  if (prices.length) await db.insert(bundlePrices).values(prices);
  return bundle;
}
