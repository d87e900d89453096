// Display of amounts and durations. Money arithmetic (minor units, discounts, totals) is src/shared/pricing.ts.

/**
 * Formats a price for display: no decimals when the amount is whole (spec section 9),
 * grouping per the currency's locale (₹3,999 and $49.99).
 */
export function formatPrice(amount: number, symbol: string, currency?: string): string {
  const whole = Number.isInteger(amount);
  const locale = currency === 'INR' ? 'en-IN' : 'en-US';
  const digits = new Intl.NumberFormat(locale, {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
  return `${symbol}${digits}`;
}

/** '6h 25m', '45m', '0m' */
export function formatDuration(totalSeconds: number): string {
  const minutes = Math.round(totalSeconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m}m`;
  return `${h}h ${String(m).padStart(2, '0')}m`;
}

/** '12:05' or '1:02:09' */
export function formatPlayback(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(sec).padStart(2, '0')}`;
}
