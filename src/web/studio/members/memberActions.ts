import type { AdminMemberDetail } from '../../../shared/admin';

export type MemberHistoryEntry = AdminMemberDetail['history'][number];

export interface MemberActions {
  /** Auto-renewal can be turned off: a renewing plan that is still current. */
  stopRenewal: boolean;
  /** The membership can be ended at once: it has not ended yet. */
  endNow: boolean;
  /** The last charge, when it was taken by a provider and not refunded yet. */
  refundable: MemberHistoryEntry | null;
}

const ENDED = ['pending', 'failed', 'expired', 'cancelled'];

/**
 * Which of the studio's actions a membership offers, from what the server said about it (the
 * server decides again when asked: this only keeps buttons that can only fail out of the way).
 */
export function memberActions(member: Pick<AdminMemberDetail, 'status' | 'auto_renew' | 'plan_type' | 'payment_method' | 'history'>): MemberActions {
  const ended = ENDED.includes(member.status);
  // History is newest first: the last charge is the first payment entry.
  const charge = member.history.find((h) => (h.status === 'active' || h.status === 'renewed') && h.provider_payment_id) ?? null;
  const refunded = charge !== null && member.history.some((h) => h.status === 'refunded' && h.provider_payment_id === charge.provider_payment_id);
  return {
    stopRenewal: !ended && member.auto_renew && member.plan_type !== 'lifetime',
    endNow: !ended,
    refundable: member.payment_method !== 'manual' && charge && !refunded ? charge : null,
  };
}
