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
