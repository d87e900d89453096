import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MembershipPlan } from '../../../shared/catalog';
import { useMembershipPayment } from './useMembershipPayment';

const indianPlan = (id: number, plan_type: MembershipPlan['plan_type']): MembershipPlan => ({
  id,
  name: `${plan_type} plan`,
  plan_type,
  country_price: { symbol: '₹', amount: 999, regular_amount: 1999, country_code: 'IN', currency: 'INR' },
  subscription_data: { description: 'Every course', features: ['Every course'] },
});

const started = { checkout_url: null, session_id: null, key_id: 'rzp_test_key', sandbox: true, plan_name: 'Plan', amount: 99900, currency: 'INR' };
const userInfo = { name: 'asha verma', email: 'asha@example.com', contact: '' };
let posted: { path: string; body: unknown }[];

beforeEach(() => {
  posted = [];
  document.cookie = 'user_ip=203.0.113.7; path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname;
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (init?.method === 'POST') posted.push({ path, body: JSON.parse(String(init.body)) });
      if (path === '/api/v1/subscription-lifetime/') return json({ ...started, order_id: 'order_life_1', user_info: userInfo });
      if (path === '/api/v1/membership-subscription-api/') return json({ ...started, subscription_id: 'sub_month_1', user_info: userInfo });
      return new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'user_ip=; max-age=0; path=/';
});

function payFor(plan: MembershipPlan) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(() => useMembershipPayment({ plan, onClose: vi.fn(), onFailed: vi.fn() }), { wrapper });
}

describe('useMembershipPayment with Razorpay', () => {
  it.each([
    ['lifetime', '/api/v1/subscription-lifetime/', { kind: 'lifetime', id: 'order_life_1' }],
    ['monthly', '/api/v1/membership-subscription-api/', { kind: 'subscription', id: 'sub_month_1' }],
  ] as const)('starts the %s plan at %s and opens the popup for what it answers', async (planType, path, expected) => {
    const { result } = payFor(indianPlan(7, planType));
    act(() => result.current.setMethod('razorpay'));
    await act(() => result.current.pay());
    expect(posted.map((p) => p.path)).toContain(path);
    expect(result.current.popup).toEqual({ ...expected, amount: 99900, currency: 'INR', name: 'Asha Verma', email: 'asha@example.com' });
    expect(result.current.error).toBeNull();
  });

  it('chooses Razorpay by default for a plan priced in India, and card elsewhere; the member may change it', () => {
    const india = payFor(indianPlan(7, 'monthly'));
    expect(india.result.current.chosen).toBe('razorpay');
    act(() => india.result.current.setMethod('stripe'));
    expect(india.result.current.chosen).toBe('stripe');
    const us = payFor({ ...indianPlan(8, 'monthly'), country_price: { symbol: '$', amount: 9, regular_amount: 19, country_code: 'US', currency: 'USD' } });
    expect(us.result.current.chosen).toBe('stripe');
    act(() => us.result.current.setMethod('razorpay'));
    expect(us.result.current.chosen).toBe('stripe');
  });
});
