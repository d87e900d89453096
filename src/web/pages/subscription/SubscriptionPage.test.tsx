import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlanChanges, SubscriptionDetail } from '../../../shared/subscriptions';
import SubscriptionPage from './SubscriptionPage';

const base: SubscriptionDetail = {
  subscription_active: true,
  id: 41,
  name: 'Monthly Membership',
  plan_type: 'monthly',
  status: 'Active',
  payment_method: 'stripe',
  start_date: '2026-11-26T10:00:00.000Z',
  end_date: '2027-01-26T10:00:00.000Z',
  auto_renew: true,
  is_active: true,
  is_canceled: false,
  grace_until: null,
  state: 'renewing',
  paid_through: '2027-01-26T10:00:00.000Z',
  ended_on: null,
  stripe_customer_id: 'cus_1',
  razorpay_customer_id: null,
  sandbox_url: null,
};

/** The detail after a declined renewal on Jan 26: Stripe already moved into the unpaid period ending Feb 26. */
const retrying: SubscriptionDetail = { ...base, state: 'retrying', grace_until: '2027-02-02T10:00:00.000Z' };
const ended: SubscriptionDetail = {
  ...base,
  status: 'Inactive',
  state: 'ended',
  is_active: false,
  auto_renew: false,
  ended_on: '2027-02-02T10:00:00.000Z',
};

let detail: SubscriptionDetail;
let changes: PlanChanges;
const posted: { path: string; body: unknown }[] = [];
const planChanges: PlanChanges = {
  subscription_id: 41,
  options: [
    {
      plan_id: 2,
      plan_type: 'yearly',
      name: 'Yearly Membership',
      kind: 'now',
      amount_due: 13600,
      credit: 1999,
      currency: 'USD',
      amount_due_label: '$136.00',
      note: "Charged today with Stripe's proration.",
    },
    {
      plan_id: 3,
      plan_type: 'lifetime',
      name: 'Lifetime Membership',
      kind: 'upgrade',
      amount_due: 27901,
      credit: 1999,
      currency: 'USD',
      amount_due_label: '$279.01',
      note: 'One payment of $279.01 instead of $299.00.',
    },
  ],
};
const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));

beforeEach(() => {
  document.cookie = 'user_ip=203.0.113.9; path=/';
  window.localStorage.setItem('accessToken', 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const path = new URL(String(input)).pathname;
      if (init?.method === 'POST') {
        posted.push({ path, body: JSON.parse(String(init.body)) });
        if (path === '/api/v1/resume-subscription/') {
          detail = { ...detail, state: 'renewing', auto_renew: true, is_canceled: false };
          return json({ success: true, message: 'Auto-renewal is back on. Your membership renews on Jan 26, 2027.', subscription: detail });
        }
        if (path === '/api/v1/subscription/payment-method/') return json({ url: '/sandbox/stripe/portal/bps_1', provider: 'stripe' });
      }
      if (path === '/api/v1/user/subscription-detail/') return json(detail);
      if (path === '/api/v1/subscription/plan-changes/') return json(changes);
      if (path === '/api/v1/membership-plan/') return json([]);
      if (path === '/api/v1/subscription/course/') return json({ courses: [] });
      return json({});
    }),
  );
});
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  document.cookie = 'user_ip=; Max-Age=0; path=/';
});

async function show(d: SubscriptionDetail, options: PlanChanges = { subscription_id: d.id, options: [] }) {
  detail = d;
  changes = options;
  posted.length = 0;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/subscription']}>
        <SubscriptionPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.findByTestId('subscription-card');
}

describe('SubscriptionPage states', () => {
  it('renewing: Active, the end date, auto renew on, a cancel button', async () => {
    const card = await show(base);
    expect(within(card).getByTestId('subscription-status')).toHaveTextContent(/^Active$/);
    expect(within(card).getByTestId('subscription-end-label')).toHaveTextContent('End date');
    expect(within(card).getByTestId('subscription-end')).toHaveTextContent('Jan 26, 2027');
    expect(within(card).getByRole('button', { name: 'Cancel Subscription' })).toBeInTheDocument();
  });

  it('retrying after a declined renewal: says the payment failed, shows what was paid for and until when access lasts, never an unpaid end date', async () => {
    const card = await show(retrying);
    expect(within(card).getByTestId('subscription-status')).toHaveTextContent('Payment failed — retrying');
    expect(within(card).getByTestId('subscription-end-label')).toHaveTextContent('Paid through');
    expect(within(card).getByTestId('subscription-end')).toHaveTextContent('Jan 26, 2027');
    expect(within(card).getByTestId('subscription-retry-notice')).toHaveTextContent('Stripe retries your card until Feb 2, 2027');
    expect(card).not.toHaveTextContent('Feb 26, 2027');
  });

  it('ended: the badge and the day access ended, never a future end date', async () => {
    const card = await show(ended);
    expect(within(card).getByTestId('subscription-status')).toHaveTextContent(/^Inactive$/);
    expect(within(card).getByTestId('subscription-end-label')).toHaveTextContent('Ended on');
    expect(within(card).getByTestId('subscription-end')).toHaveTextContent('Feb 2, 2027');
    expect(within(card).getByTestId('subscription-ended-notice')).toHaveTextContent('Your membership ended on Feb 2, 2027.');
    expect(within(card).queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
  });

  it('ending (auto-renewal off): Active until the paid-through date', async () => {
    const card = await show({ ...base, state: 'ending', auto_renew: false, is_canceled: true });
    expect(within(card).getByTestId('subscription-status')).toHaveTextContent(/^Active$/);
    expect(within(card).getByTestId('subscription-expiry-notice')).toHaveTextContent('expires on Jan 26, 2027');
    expect(within(card).getByTestId('subscription-auto-renew')).toHaveTextContent('Disabled');
  });

  it('lifetime: no end date', async () => {
    const card = await show({
      ...base,
      name: 'Lifetime Membership',
      plan_type: 'lifetime',
      state: 'lifetime',
      end_date: null,
      paid_through: null,
      auto_renew: false,
    });
    expect(within(card).getByTestId('subscription-end')).toHaveTextContent('Lifetime');
  });

  it('ending with Stripe: turns auto-renew back on through the server, and the card says so', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const card = await show({ ...base, state: 'ending', auto_renew: false, is_canceled: true });
    fireEvent.click(within(card).getByRole('button', { name: 'Turn auto-renew back on' }));
    await waitFor(() => expect(within(card).getByTestId('subscription-auto-renew')).toHaveTextContent('Enabled'));
    expect(posted).toEqual([{ path: '/api/v1/resume-subscription/', body: { subscription_id: 41 } }]);
    expect(alert).toHaveBeenCalledWith('Auto-renewal is back on. Your membership renews on Jan 26, 2027.');
    expect(within(card).queryByRole('button', { name: 'Turn auto-renew back on' })).not.toBeInTheDocument();
  });

  it('ending with Razorpay: no resume button, the way back is said', async () => {
    const card = await show({ ...base, payment_method: 'razorpay', state: 'ending', auto_renew: false, is_canceled: true });
    expect(within(card).queryByRole('button', { name: 'Turn auto-renew back on' })).not.toBeInTheDocument();
    expect(within(card).getByTestId('subscription-expiry-notice')).toHaveTextContent('Razorpay cannot restart a subscription set to end');
  });

  it('retrying: the card update asks the server for the provider’s page', async () => {
    const card = await show(retrying);
    const button = within(card).getByRole('button', { name: 'Update card' });
    expect(button).toHaveClass('btn-warning');
    fireEvent.click(button);
    await waitFor(() => expect(posted).toEqual([{ path: '/api/v1/subscription/payment-method/', body: { subscription_id: 41 } }]));
  });

  it('no card to update once ended or for lifetime', async () => {
    const card = await show(ended);
    expect(within(card).queryByRole('button', { name: 'Update card' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('change-plan')).not.toBeInTheDocument();
  });

  it('renewing: lists the plan changes the server offers, with today’s amount and what happens', async () => {
    await show(base, planChanges);
    const section = await screen.findByTestId('change-plan');
    expect(within(section).getByTestId('plan-change-amount-yearly')).toHaveTextContent('$136.00 today');
    expect(within(section).getByRole('button', { name: 'Switch to Yearly' })).toBeInTheDocument();
    expect(within(section).getByTestId('plan-change-amount-lifetime')).toHaveTextContent('$279.01 today');
    expect(section).toHaveTextContent('One payment of $279.01 instead of $299.00.');
  });
});
