// The test clock both local billing fakes run on (Stripe's test clocks, Razorpay's per-subscription
// clock): a clock is an offset from the real time that only moves forward, and a billing period
// ends on the anchor's day of month, clamped to the month's last day, as both providers do.

type Json = Record<string, unknown>;

export const seconds = (ms: number) => Math.floor(ms / 1000);

/** The fakes keep their own bookkeeping in fields starting with '_': never sent. */
export const publicView = <T extends Json>(object: T): Json => Object.fromEntries(Object.entries(object).filter(([key]) => !key.startsWith('_')));

export interface TestClock {
  _offset_ms: number;
}

/** The clock's time in ms (real time for no clock). */
export const clockTime = (clock: TestClock | undefined): number => Date.now() + (clock?._offset_ms ?? 0);

/** Moves the clock to `toMs`; never backwards. */
export function moveClock(clock: TestClock, toMs: number): void {
  clock._offset_ms = Math.max(clock._offset_ms, toMs - Date.now());
}

/** The anchor plus n months (a year is 12), on the anchor's day of month, clamped to the month's last day. */
export function addMonths(anchorSeconds: number, n: number): number {
  const anchor = new Date(anchorSeconds * 1000);
  const months = anchor.getUTCMonth() + n;
  const year = anchor.getUTCFullYear() + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(anchor.getUTCDate(), lastDay);
  return seconds(Date.UTC(year, month, day, anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds()));
}
