import { dehydrate, hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MembershipPlan } from '../../../shared/catalog';
import type { SubscriptionDetail } from '../../../shared/subscriptions';
import { setTokens } from '../../lib/auth';
import { prefetchPage } from '../../ssr/prefetch';
import SubscribePage from './SubscribePage';

const plan = (id: number, plan_type: MembershipPlan['plan_type'], name: string, amount: number): MembershipPlan => ({
  id,
  name,
  plan_type,
  country_price: { symbol: '$', amount, regular_amount: amount * 2, country_code: 'US', currency: 'USD' },
  subscription_data: { description: `${name}: every course`, features: ['Every course'] },
});
const plans = [plan(1, 'monthly', 'Monthly membership', 19), plan(2, 'yearly', 'Yearly membership', 190), plan(3, 'lifetime', 'Lifetime membership', 499)];

const inactive: SubscriptionDetail = {
  subscription_active: false,
  id: null,
  name: null,
  plan_type: null,
  status: null,
  payment_method: null,
  start_date: null,
  end_date: null,
  auto_renew: false,
  is_active: false,
  is_canceled: false,
  grace_until: null,
  state: null,
  paid_through: null,
  ended_on: null,
  stripe_customer_id: null,
  razorpay_customer_id: null,
  sandbox_url: null,
};

const user = {
  user_id: 7,
  username: 'mira',
  email: 'mira@example.com',
  full_name: 'Mira Okafor',
  phone_number: '',
  address_line_1: '',
  address_line_2: '',
  city: '',
  state: '',
  country: 'US',
  pin_code: '',
  about_me: '',
  profile_picture: null,
  is_verified: true,
  is_admin: false,
};

const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

const page = (client: QueryClient) => (
  <QueryClientProvider client={client}>
    <MemoryRouter initialEntries={['/subscribe']}>
      <SubscribePage />
    </MemoryRouter>
  </QueryClientProvider>
);

let detail: SubscriptionDetail;
let root: Root | undefined;

/** The server's HTML: its first render is a signed-out visitor's, and a modal has no document to open in. */
function renderOnServer(client: QueryClient): string {
  Object.defineProperty(document, 'body', { configurable: true, get: () => null });
  try {
    return renderToString(page(client));
  } finally {
    delete (document as { body?: HTMLElement }).body;
  }
}

/** As in the browser after the login modal's reload: the server-rendered /subscribe, hydrated with its query cache. */
async function loadServerRenderedPage() {
  const server = newClient();
  await prefetchPage(server, '/subscribe', '203.0.113.9');
  const container = document.createElement('div');
  container.innerHTML = renderOnServer(server);
  document.body.appendChild(container);
  const client = newClient();
  hydrate(client, JSON.parse(JSON.stringify(dehydrate(server))) as ReturnType<typeof dehydrate>);
  await act(async () => {
    root = hydrateRoot(container, page(client));
  });
}

describe('SubscribePage, back from the login modal', () => {
  beforeEach(() => {
    document.cookie = 'user_ip=203.0.113.9; path=/';
    detail = inactive;
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input) => {
        const path = new URL(String(input)).pathname;
        if (path === '/api/v1/user/subscription-detail/') return json(detail);
        if (path === '/api/v1/user-details/') return json(user);
        if (path === '/api/v1/membership-plan/') return json(plans);
        return json([]);
      }),
    );
  });

  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
    window.sessionStorage.clear();
    vi.unstubAllGlobals();
    document.cookie = 'user_ip=; Max-Age=0; path=/';
  });

  it("hydrates the server's page without its preview player, then puts the player in its kept place", async () => {
    const server = newClient();
    await prefetchPage(server, '/subscribe', '203.0.113.9');
    expect(renderOnServer(server)).not.toContain('<iframe');
    await loadServerRenderedPage();
    // (A hydration mismatch would log an error, and a test that logs one fails.)
    await waitFor(() =>
      expect(screen.getByTitle(/^Course preview: /)).toHaveAttribute('src', expect.stringMatching(/^https:\/\/www\.youtube-nocookie\.com\/embed\//)),
    );
  });

  it("disables 'See plans' and the billing toggle in the server's HTML (a switch there would be undone by hydration), and enables them once hydrated", async () => {
    const server = newClient();
    await prefetchPage(server, '/subscribe', '203.0.113.9');
    const html = renderOnServer(server);
    expect(html.match(/<button[^>]*>See plans<\/button>/)?.[0]).toContain('disabled=""');
    const radios = html.match(/<input[^>]*name="billing"[^>]*>/g) ?? [];
    expect(radios).toHaveLength(2);
    for (const radio of radios) expect(radio).toContain('disabled=""');
    await loadServerRenderedPage();
    await waitFor(() => expect(screen.getByRole('button', { name: 'See plans' })).toBeEnabled());
    expect(screen.getByRole('radio', { name: /Yearly/ })).toBeEnabled();
  });

  it('reopens the payment overlay on the plan chosen before the login', async () => {
    window.sessionStorage.setItem('subscribePlan', '2');
    window.localStorage.setItem('accessToken', 'token');
    await loadServerRenderedPage();

    const overlay = await screen.findByRole('dialog', { name: 'Confirm your plan' });
    expect(within(overlay).getByTestId('confirm-plan-name')).toHaveTextContent('Yearly membership');
    expect(screen.getByRole('radio', { name: /Yearly/ })).toBeChecked();
    // Used once: a later visit does not reopen it.
    expect(window.sessionStorage.getItem('subscribePlan')).toBeNull();
  });

  it('a lifetime member: every plan reads Already Subscribed', async () => {
    detail = { ...inactive, subscription_active: true, is_active: true, status: 'Active', plan_type: 'lifetime', state: 'lifetime' };
    window.localStorage.setItem('accessToken', 'token');
    await loadServerRenderedPage();
    await screen.findByText('You are a member: every course is open to you.');
    expect(screen.queryByRole('link', { name: 'Switch to Yearly' })).not.toBeInTheDocument();
    expect(document.querySelectorAll('.plan-card button[disabled]')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Upgrade to Lifetime' })).not.toBeInTheDocument();
  });

  it('does not reopen it for a member whose membership is already active', async () => {
    detail = { ...inactive, subscription_active: true, is_active: true, status: 'Active', plan_type: 'monthly' };
    window.sessionStorage.setItem('subscribePlan', '1');
    window.localStorage.setItem('accessToken', 'token');
    await loadServerRenderedPage();

    await screen.findByText('You are a member: every course is open to you.');
    expect(screen.queryByRole('dialog', { name: 'Confirm your plan' })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('subscribePlan')).toBeNull();
    // Their own plan is 'Already Subscribed'; the others lead to the plan change, not a second membership.
    expect(screen.getAllByRole('button', { name: 'Already Subscribed' }).every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.getByRole('link', { name: 'Upgrade to Lifetime' })).toHaveAttribute('href', '/subscription#change-plan');
    fireEvent.click(screen.getByRole('radio', { name: /Yearly/ }));
    expect(screen.getByRole('link', { name: 'Switch to Yearly' })).toHaveAttribute('href', '/subscription#change-plan');
  });

  it('leaves the plan to the reloaded page: the page the visitor logs in on does not open the overlay itself', async () => {
    window.sessionStorage.setItem('subscribePlan', '1');
    await loadServerRenderedPage();
    await screen.findByRole('button', { name: 'Subscribe Monthly' });

    // The modal's login stores the tokens, then reloads the page.
    await act(async () => setTokens({ access: 'token', refresh: 'refresh' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole('dialog', { name: 'Confirm your plan' })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('subscribePlan')).toBe('1');
  });
});
