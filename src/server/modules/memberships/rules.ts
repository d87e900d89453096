/**
 * The membership rules that do not need the database: when a membership is current, and how long
 * a period is. Everything that asks "is this member in?" ends up in isMembershipCurrent.
 */

export type MembershipStatus = 'pending' | 'active' | 'past_due' | 'cancelled' | 'expired' | 'failed';

export interface MembershipState {
  status: MembershipStatus;
  /** End of the paid period; null for lifetime. */
  endDate: Date | null;
  /** After a failed renewal: access continues until then. */
  graceUntil: Date | null;
  autoRenew: boolean;
}

/**
 * A renewal is charged at the end of the period and confirmed by the provider a little later
 * (Stripe finalises the renewal invoice about an hour after the period ends); an auto-renewing
 * member keeps access through that window. A reconciliation job re-reads the provider soon after
 * the end, so the window only matters when the provider is slow to tell us.
 */
export const RENEWAL_SETTLE_MS = 24 * 60 * 60 * 1000;

/**
 * Current means the member may open every lesson now:
 * - active: lifetime (no end date), or before the end date (an auto-renewing one also during the
 *   short settle window while the renewal is confirmed). A member who cancelled auto-renewal stays
 *   active until the end date;
 * - past_due (a renewal failed): until the grace period ends;
 * - pending, cancelled (ended early: refund, immediate cancellation), expired, failed: never.
 */
export function isMembershipCurrent(m: MembershipState, now: Date = new Date()): boolean {
  const until = currentUntil(m);
  return until !== null && now.getTime() < until;
}

/**
 * The instant (ms) a membership stops being current as time passes, whatever the time now:
 * Infinity for a lifetime one, null for one that is never current. Only a write (a renewal, a
 * cancellation) moves it; a cache of what a member may open holds until then.
 */
export function currentUntil(m: MembershipState): number | null {
  switch (m.status) {
    case 'active':
      return m.endDate ? m.endDate.getTime() + (m.autoRenew ? RENEWAL_SETTLE_MS : 0) : Infinity;
    case 'past_due':
      return m.graceUntil ? m.graceUntil.getTime() : null;
    default:
      return null;
  }
}

/**
 * Where a membership stands, for everything that shows it (the member's page, the API's detail,
 * the studio): one phase and the dates that go with it.
 * - lifetime: no end;
 * - renewing: paid through `paidThrough`, the provider charges the next period then;
 * - ending: auto-renewal is off, access until `paidThrough`;
 * - retrying: a renewal failed; paid through `paidThrough`, access until `graceUntil` while the
 *   provider retries the card;
 * - ended: access ended on `endedOn`;
 * - none: never paid (pending, failed).
 */
export type MembershipPhase = 'none' | 'lifetime' | 'renewing' | 'ending' | 'retrying' | 'ended';

export interface MembershipDates {
  phase: MembershipPhase;
  /** The end of the last period that was paid (null for lifetime and never-paid ones). */
  paidThrough: Date | null;
  /** While retrying: access lasts until then. */
  graceUntil: Date | null;
  /** When access ended (ended only). */
  endedOn: Date | null;
}

export function membershipDates(m: MembershipState & { endedAt?: Date | null }, now: Date = new Date()): MembershipDates {
  const paidThrough = m.status === 'pending' || m.status === 'failed' ? null : m.endDate;
  if (m.status === 'pending' || m.status === 'failed') return { phase: 'none', paidThrough: null, graceUntil: null, endedOn: null };
  if (isMembershipCurrent(m, now)) {
    if (m.status === 'past_due') return { phase: 'retrying', paidThrough, graceUntil: m.graceUntil, endedOn: null };
    if (!m.endDate) return { phase: 'lifetime', paidThrough: null, graceUntil: null, endedOn: null };
    return { phase: m.autoRenew ? 'renewing' : 'ending', paidThrough, graceUntil: null, endedOn: null };
  }
  // Ended: when the ending was recorded; else (a job has not run yet) when access stopped by the dates.
  const endedOn = m.endedAt ?? (m.status === 'past_due' ? m.graceUntil : m.endDate) ?? now;
  return { phase: 'ended', paidThrough, graceUntil: null, endedOn };
}

/** The start of the period that ends at `end`: one month (or year) before, on the same day of month, clamped as the providers do. */
export function periodStartOf(end: Date, planType: 'monthly' | 'yearly'): Date {
  const months = planType === 'yearly' ? 12 : 1;
  const y = end.getUTCFullYear();
  const m = end.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(end.getUTCDate(), lastDay), end.getUTCHours(), end.getUTCMinutes(), end.getUTCSeconds()));
}

/**
 * What is left of the paid period, in the period price's minor units: the price times the unused
 * share of the period (as Stripe prorates). Nothing for an unpaid renewal (past due), a lifetime
 * or an ended membership. A plan change or the lifetime upgrade credits it, so a member who moves
 * loses nothing they paid for.
 */
export function unusedCredit(
  m: MembershipState & { amount: number },
  planType: 'monthly' | 'yearly' | 'lifetime' | undefined,
  now: Date = new Date(),
): { amount: number; days: number } {
  if (m.status !== 'active' || !m.endDate || planType === 'lifetime' || !planType || !isMembershipCurrent(m, now)) return { amount: 0, days: 0 };
  const start = periodStartOf(m.endDate, planType).getTime();
  const end = m.endDate.getTime();
  const left = Math.min(1, Math.max(0, (end - now.getTime()) / Math.max(1, end - start)));
  return { amount: Math.round(m.amount * left), days: Math.floor(Math.max(0, end - now.getTime()) / (24 * 60 * 60 * 1000)) };
}
