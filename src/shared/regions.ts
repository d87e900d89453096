/** Pricing regions: every country prices in one of these; US is the default for any other. */
export const regions = {
  US: { currency: 'USD', symbol: '$' },
  IN: { currency: 'INR', symbol: '₹' },
  GB: { currency: 'GBP', symbol: '£' },
  EU: { currency: 'EUR', symbol: '€' },
} as const;
export type Region = keyof typeof regions;
export const regionCodes = Object.keys(regions) as Region[];
export const DEFAULT_REGION: Region = 'US';

/** The order prices are listed in: the default region first, then the others as `regions` lists them ('$49.00 · ₹1,999.00'). */
export function byRegionOrder(a: { region: string }, b: { region: string }): number {
  const rank = (region: string) => (region === DEFAULT_REGION ? -1 : regionCodes.indexOf(region as Region));
  return rank(a.region) - rank(b.region);
}

/** Euro-area members (Bulgaria from 2026) and the states that use the euro by agreement. */
const EURO_COUNTRIES = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
  'AD',
  'MC',
  'SM',
  'VA',
  'ME',
  'XK',
]);

export function regionForCountry(countryCode: string | undefined | null): Region {
  const code = (countryCode ?? '').toUpperCase();
  if (code === 'IN') return 'IN';
  if (code === 'GB') return 'GB';
  if (EURO_COUNTRIES.has(code)) return 'EU';
  return DEFAULT_REGION;
}

export type PaymentProvider = 'razorpay' | 'stripe';

/**
 * The payment providers a buyer is offered, the first being the default: where Razorpay is offered
 * (prices in India, INR) it comes first, since UPI is how India pays; card (Stripe) is always there.
 * The checkout and the membership plans both ask this.
 */
export function offeredProviders(razorpayOffered: boolean): PaymentProvider[] {
  return razorpayOffered ? ['razorpay', 'stripe'] : ['stripe'];
}
