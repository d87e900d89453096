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
  const t = now.getTime();
  switch (m.status) {
    case 'active':
      if (!m.endDate) return true;
      return t < m.endDate.getTime() + (m.autoRenew ? RENEWAL_SETTLE_MS : 0);
    case 'past_due':
      return m.graceUntil !== null && t < m.graceUntil.getTime();
    default:
      return false;
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
