import { describe, expect, it } from 'vitest';
import { memberActions, type MemberHistoryEntry } from './memberActions';

const entry = (status: string, provider_payment_id: string | null, created_at: string): MemberHistoryEntry => ({
  status,
  plan_name: 'Monthly',
  payment_method: 'stripe',
  amount: 19,
  currency: 'USD',
  transaction_id: `${status}-${created_at}`,
  provider_payment_id,
  created_at,
});

const member = {
  status: 'active',
  auto_renew: true,
  plan_type: 'monthly' as const,
  payment_method: 'stripe' as const,
  history: [entry('renewed', 'pi_2', '2026-02-01'), entry('active', 'pi_1', '2026-01-01'), entry('created', null, '2026-01-01')],
};

describe('memberActions', () => {
  it('offers turning renewal off, ending now and refunding the newest charge of a renewing membership', () => {
    const actions = memberActions(member);
    expect(actions.stopRenewal).toBe(true);
    expect(actions.endNow).toBe(true);
    expect(actions.refundable?.provider_payment_id).toBe('pi_2');
  });

  it('offers no refund once the last charge is refunded, and nothing to end once it has ended', () => {
    const actions = memberActions({ ...member, status: 'cancelled', history: [entry('refunded', 'pi_2', '2026-02-02'), ...member.history] });
    expect(actions).toEqual({ stopRenewal: false, endNow: false, refundable: null });
  });

  it('never offers to refund a complimentary membership, nor to stop a lifetime one renewing', () => {
    const actions = memberActions({ ...member, payment_method: 'manual', plan_type: 'lifetime', history: [entry('active', null, '2026-01-01')] });
    expect(actions.refundable).toBeNull();
    expect(actions.stopRenewal).toBe(false);
    expect(actions.endNow).toBe(true);
  });

  it('does not offer turning renewal off when it is already off', () => {
    expect(memberActions({ ...member, auto_renew: false }).stopRenewal).toBe(false);
  });
});
