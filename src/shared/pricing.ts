// Money rules, in one place for the server and the web app: every price, discount and total is
// computed here, in integer minor units (cents, paise). Amounts become major units (what the API
// sends, 49.99) only at the edge, through toMajor. Every region's currency (USD, INR, GBP, EUR)
// has two decimals; see docs/decisions/0007-money-in-minor-units-in-one-file.md.

/** Minor units (cents, paise) to the major-unit number the API sends. */
export function toMajor(minor: number): number {
  return Math.round(minor) / 100;
}

/** Major units to integer minor units, rounding half away from zero. */
export function toMinor(major: number): number {
  return Math.round(major * 100);
}

/**
 * What is left to refund of an order (minor units): what was paid less the refunds made or still
 * waiting for the provider's answer; never below 0.
 */
export function refundLeft(paid: number, refunds: readonly { amount: number }[]): number {
  return Math.max(0, paid - refunds.reduce((sum, r) => sum + r.amount, 0));
}

/** A regional price as stored: minor units; regularAmount is the struck-through price. */
export interface StoredPrice {
  amount: number | null;
  regularAmount?: number | null;
  currency: string | null;
  region: string | null;
}

/** The price that applies: the visitor's region's when it has one, else the default region's; undefined when neither is priced. */
export function applicablePrice<P extends StoredPrice>(own: P | null | undefined, fallback: P | null | undefined): P | undefined {
  if (own?.amount != null) return own;
  if (fallback?.amount != null) return fallback;
  return undefined;
}

/** The sum of some prices (minor units). */
export function subtotalOf(prices: readonly number[]): number {
  return prices.reduce((sum, price) => sum + price, 0);
}

/** A coupon's percentage, kept to 0..100 so that no coupon can raise a total or take it below 0. */
export function clampPercentage(percentage: number): number {
  if (!Number.isFinite(percentage)) return 0;
  return Math.min(100, Math.max(0, percentage));
}

/** Spec: discount = total × percentage / 100, rounded to the minor unit; the total is floored at 0. */
export function applyDiscount(subtotalMinor: number, percentage: number): { discount: number; total: number } {
  const discount = Math.min(subtotalMinor, Math.round((subtotalMinor * clampPercentage(percentage)) / 100));
  return { discount, total: Math.max(0, subtotalMinor - discount) };
}

export interface QuoteLine {
  /** A course bought alone. */
  courseId?: number | undefined;
  /** A bundle, priced as one line (its courses are not lines of their own). */
  bundleId?: number | undefined;
  /** Minor units. */
  price: number;
}

export interface QuoteCoupon {
  /** A percentage coupon's percent off (kept to 0..100). */
  percentage?: number | undefined;
  /** A fixed coupon's amount off in the cart's currency (minor units); set, it takes the place of the percentage. */
  amountOff?: number | null | undefined;
  /** The courses the coupon is limited to; null (or undefined) with no bundleIds either applies it to every line. */
  courseIds?: ReadonlySet<number> | readonly number[] | null | undefined;
  /** The bundles the coupon is limited to (a coupon that names only courses never applies to a bundle line). */
  bundleIds?: ReadonlySet<number> | readonly number[] | null | undefined;
}

export interface Quote {
  subtotal: number;
  /** What the coupon applies to: the lines of its courses, or the whole subtotal. */
  eligible: number;
  discount: number;
  total: number;
}

/** A coupon's discount on what it applies to: a fixed amount or a percentage of it, never more than it. */
export function couponDiscount(eligibleMinor: number, coupon: Pick<QuoteCoupon, 'percentage' | 'amountOff'>): number {
  if (coupon.amountOff != null) {
    const amountOff = Number.isFinite(coupon.amountOff) ? Math.max(0, Math.round(coupon.amountOff)) : 0;
    return Math.min(eligibleMinor, amountOff);
  }
  return applyDiscount(eligibleMinor, coupon.percentage ?? 0).discount;
}

/** A fixed coupon's amount in one currency (its amounts are kept per currency), or undefined when it has none there. */
export function amountOffIn(amounts: Readonly<Record<string, number>> | null | undefined, currency: string): number | undefined {
  const amount = amounts?.[currency.toUpperCase()];
  return amount != null && amount > 0 ? amount : undefined;
}

/** What a cart or an order costs (minor units): the lines' sum, the coupon's discount on its courses' and bundles' lines, the total. */
export function quote(lines: readonly QuoteLine[], coupon?: QuoteCoupon | null): Quote {
  const subtotal = subtotalOf(lines.map((l) => l.price));
  if (!coupon) return { subtotal, eligible: 0, discount: 0, total: subtotal };
  const restricted = Boolean(coupon.courseIds || coupon.bundleIds);
  const courses = new Set(coupon.courseIds ?? []);
  const bundles = new Set(coupon.bundleIds ?? []);
  const applies = (l: QuoteLine) => !restricted || (l.bundleId != null ? bundles.has(l.bundleId) : l.courseId != null && courses.has(l.courseId));
  const eligible = subtotalOf(lines.filter(applies).map((l) => l.price));
  const discount = couponDiscount(eligible, coupon);
  return { subtotal, eligible, discount, total: Math.max(0, subtotal - discount) };
}

/** Splits a (discounted) total across the lines in proportion to their prices, so that the parts add up to it exactly. */
export function splitTotal<L extends { price: number }>(lines: readonly L[], total: number): { line: L; amount: number }[] {
  const subtotal = subtotalOf(lines.map((l) => l.price));
  let remaining = total;
  return lines.map((line, index) => {
    const amount = index === lines.length - 1 ? remaining : Math.floor((line.price * total) / Math.max(subtotal, 1));
    remaining -= amount;
    return { line, amount };
  });
}

/** 'Save N%': how far below the regular price a price is, in whole percent (0 when it is not below). */
export function percentOff(amount: number, regularAmount: number): number {
  if (!(regularAmount > amount) || regularAmount <= 0) return 0;
  return Math.round(((regularAmount - amount) / regularAmount) * 100);
}

/**
 * A bundle's saving against its courses bought one by one (minor units, never below 0), and that as
 * whole percent. `coursePrices` are the courses' own prices in the same region.
 */
export function bundleSaving(bundlePrice: number, coursePrices: readonly number[]): { separately: number; saving: number; percent: number } {
  const separately = subtotalOf(coursePrices);
  const saving = Math.max(0, separately - bundlePrice);
  return { separately, saving, percent: percentOff(bundlePrice, separately) };
}
