import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../routes';
import { priya } from './fixtures';

const CART_ID = '0b8f6a8e-3f5e-4a53-9d2c-7d8f7f4a1b2c';

const replies: Record<string, unknown> = {
  '/api/v1/site-config/': {
    country: 'IN',
    currency: 'INR',
    captcha: { provider: 'altcha', site_key: null },
    google_client_id: null,
    payments: { stripe: 'sandbox', razorpay: 'sandbox', razorpay_key_id: 'rzp_test' },
    community_url: 'https://discord.gg/example',
    support_email: 'support@example.test',
  },
  '/api/v1/user-details/': { ...priya, profile_picture: null },
  [`/api/v1/get-cart-items/${CART_ID}/`]: {
    cart_id: CART_ID,
    items: [
      {
        item_id: '5b0c7d0e-1111-4c4c-8a8a-000000000001',
        course_id: 7,
        slug: 'django-rest-framework',
        title: 'Django REST Framework',
        course_image: '/media/courses/drf.svg',
        country_price: { amount: 499, regular_amount: 999, symbol: '₹', country: 'IN', currency: 'INR' },
      },
    ],
    count: 1,
    total: 499,
    currency: 'INR',
    symbol: '₹',
    country: 'IN',
  },
  '/api/v1/fetchCountries/': { countries: [{ country_name: 'India', country_code: 'IN' }] },
  '/api/v1/fetchStates/India': { states: [{ state_name: 'Karnataka' }, { state_name: 'Kerala' }] },
  '/api/v1/emails/create-abandoned-email/': { message: 'scheduled' },
  '/api/v1/courses/': [],
  '/api/v1/instructor-detail/': { name: 'Ada', designation: 'Instructor', bio: '', profile_picture: '' },
};

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  window.localStorage.setItem('accessToken', 'access');
  window.localStorage.setItem('refreshToken', 'refresh');
  window.localStorage.setItem('userId', '7');
  window.localStorage.setItem('cartId', CART_ID);
  document.cookie = 'user_ip=203.0.113.7; path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input)).pathname;
      const body = replies[path];
      return new Response(JSON.stringify(body ?? { detail: 'Not found.' }), {
        status: body === undefined ? 404 : 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.cookie = 'user_ip=; Max-Age=0; path=/';
});

// Issue 9 item 2: the checkout and the profile both list countries and states; the profile opened
// after the checkout crashed to a blank screen because the two read one cache entry in two shapes.
it('opens the profile after the checkout, with the countries and states both pages list', { timeout: 40_000 }, async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/checkout']}>
        <Link to="/my-profile">Open my profile</Link>
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // Each page is a lazy chunk that vitest transforms on first use: slow on a busy machine.
  const checkoutCountry = await screen.findByLabelText('Country', {}, { timeout: 15_000 });
  expect(await screen.findByRole('option', { name: 'India' })).toBeInTheDocument();
  expect(checkoutCountry).toHaveValue('India');
  expect(await screen.findByRole('option', { name: 'Kerala' })).toBeInTheDocument();

  await userEvent.setup().click(screen.getByRole('link', { name: 'Open my profile' }));

  expect(await screen.findByRole('heading', { name: 'My Profile' }, { timeout: 15_000 })).toBeInTheDocument();
  const profileCountry = await screen.findByLabelText('Country');
  expect(profileCountry).toHaveValue('India');
  expect(await screen.findByLabelText('State')).toHaveValue('Karnataka');
  expect(screen.getByRole('option', { name: 'Kerala' })).toBeInTheDocument();
});
