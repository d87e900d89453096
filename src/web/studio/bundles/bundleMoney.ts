import type { AdminCourseListItem } from '../../../shared/admin';
import { bundleSaving, toMajor, toMinor } from '../../../shared/pricing';
import { regions, type Region } from '../../../shared/regions';

export type PricedCourse = Pick<AdminCourseListItem, 'id' | 'title' | 'prices'>;

/** A course's own price in a region (major units), or null when it has none there. */
export function coursePriceIn(course: PricedCourse, region: Region): number | null {
  return course.prices.find((p) => p.region === region)?.amount ?? null;
}

/**
 * What the chosen courses cost one by one in a region: the sum of their prices there, or the courses
 * without a price in it (then no sum: buyers there pay those in another currency, and no saving can be shown).
 */
export function separatelyIn(courses: readonly PricedCourse[], region: Region): { total: number; missing: [] } | { total: null; missing: string[] } {
  const missing = courses.filter((c) => coursePriceIn(c, region) === null).map((c) => c.title);
  if (missing.length) return { total: null, missing };
  return { total: toMajor(courses.reduce((sum, c) => sum + toMinor(coursePriceIn(c, region)!), 0)), missing: [] };
}

export type SavingText =
  | { kind: 'none' }
  | { kind: 'saving'; separately: number; saving: number; percent: number }
  | { kind: 'no-saving'; separately: number }
  | { kind: 'missing'; titles: string[] };

/** The saving a bundle price gives in a region against its courses' own prices, as the storefront shows it (bundleSaving). */
export function savingIn(amount: number | undefined, courses: readonly PricedCourse[], region: Region): SavingText {
  if (courses.length === 0) return { kind: 'none' };
  const separately = separatelyIn(courses, region);
  if (separately.total === null) return { kind: 'missing', titles: separately.missing };
  if (amount === undefined || !Number.isFinite(amount) || amount < 0) return { kind: 'none' };
  const { saving, percent } = bundleSaving(
    toMinor(amount),
    courses.map((c) => toMinor(coursePriceIn(c, region)!)),
  );
  return saving > 0 ? { kind: 'saving', separately: separately.total, saving: toMajor(saving), percent } : { kind: 'no-saving', separately: separately.total };
}

export const currencyOf = (region: Region) => regions[region].currency;
