import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartResponse } from '../../../shared/commerce';
import CheckoutPage from './CheckoutPage';
import { checkoutTotals } from './checkoutSchema';

const CART_ID = '0b8f6a8e-3f5e-4a53-9d2c-7d8f7f4a1b2c';

const siteConfig = {
  country: 'US',
  currency: 'USD',
  captcha: { provider: 'altcha', site_key: null },
  google_client_id: null,
  payments: { stripe: 'sandbox', razorpay: 'sandbox', razorpay_key_id: 'rzp_test' },
  community_url: 'https://discord.gg/example',
  support_email: 'support@example.test',
};

function makeCart(overrides: Partial<CartResponse> = {}): CartResponse {
  return {
    cart_id: CART_ID,
    items: [
      {
        item_id: '5b0c7d0e-1111-4c4c-8a8a-000000000001',
        course_id: 7,
        slug: 'django-rest-framework',
        title: 'Django REST Framework',
        course_image: '/media/courses/drf.svg',
        country_price: { amount: 49.99, regular_amount: 99, symbol: '$', country: 'US', currency: 'USD' },
      },
      {
        item_id: '5b0c7d0e-1111-4c4c-8a8a-000000000002',
        course_id: 9,
        slug: 'machine-learning',
        title: 'Machine Learning A-Z',
        course_image: '/media/courses/ml.svg',
        country_price: { amount: 30, regular_amount: 60, symbol: '$', country: 'US', currency: 'USD' },
      },
    ],
    count: 2,
    total: 79.99,
    currency: 'USD',
    symbol: '$',
    country: 'US',
    ...overrides,
  };
}

type Handler = (init: RequestInit | undefined, url: URL) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;
let cart: CartResponse;
let handlers: Record<string, Handler>;
let fetchMock: ReturnType<typeof vi.fn>;

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  cart = makeCart();
  handlers = {};
  window.localStorage.setItem('cartId', CART_ID);
  document.cookie = 'user_ip=203.0.113.7; path=/';
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const path = url.pathname;
    const handler = handlers[path];
    if (handler) {
      const reply = await handler(init, url);
      return json(reply.status, reply.body);
    }
    if (path === '/api/v1/site-config/') return json(200, siteConfig);
    if (path === `/api/v1/get-cart-items/${CART_ID}/`) return json(200, cart);
    if (path === '/api/v1/fetchCountries/')
      return json(200, {
        countries: [
          { country_name: 'India', country_code: 'IN' },
          { country_name: 'United States', country_code: 'US' },
        ],
      });
    if (path.startsWith('/api/v1/fetchStates/')) {
      const country = decodeURIComponent(path.split('/').at(-1) ?? '');
      return json(200, {
        states: country === 'India' ? [{ state_name: 'Karnataka' }, { state_name: 'Kerala' }] : [{ state_name: 'California' }, { state_name: 'Texas' }],
      });
    }
    if (path === '/api/v1/emails/create-abandoned-email/') return json(200, { message: 'scheduled' });
    return json(404, { detail: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.cookie = 'user_ip=; Max-Age=0; path=/';
});

function renderCheckout(entry = '/checkout') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/checkout" element={<CheckoutPage />} />
          <Route path="/order/success/" element={<h1>Success page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The message under a field, found through its aria-describedby. */
function errorOf(input: HTMLElement): string | null {
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

const field = {
  fullName: () => screen.getByLabelText('Full name'),
  email: () => screen.getByLabelText('Email address'),
  phone: () => screen.getByLabelText('Phone number'),
  address: () => screen.getByLabelText('Address'),
  country: () => screen.getByLabelText('Country'),
  state: () => screen.getByLabelText('State / Province'),
  city: () => screen.getByLabelText('City'),
  pin: () => screen.getByLabelText('PIN / Postal code'),
  password: () => screen.getByLabelText('Password'),
};

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field.fullName(), 'Asha Verma');
  await user.type(field.email(), 'asha@example.com');
  await user.type(field.phone(), '+1 415 555 0100');
  await user.type(field.address(), '1 Market Street');
  await waitFor(() => expect(field.country()).toHaveValue('United States'));
  await waitFor(() => expect(within(field.state()).getByRole('option', { name: 'California' })).toBeInTheDocument());
  await user.selectOptions(field.state(), 'California');
  await user.type(field.city(), 'San Francisco');
  await user.type(field.pin(), '94105');
  await user.type(field.password(), 'Str0ng!Pass');
}

const enrollNow = () => screen.getByRole('button', { name: 'Enroll Now' });

describe('checkout form', () => {
  it('while the cart loads, shows its shape as a status region a screen reader names', async () => {
    let answer: (reply: { status: number; body?: unknown }) => void = () => {};
    handlers[`/api/v1/get-cart-items/${CART_ID}/`] = () => new Promise((resolve) => (answer = resolve));
    renderCheckout();
    // aria-label is allowed on a div only with a role (axe: aria-prohibited-attr).
    expect(await screen.findByRole('status', { name: 'Loading your cart' })).toHaveAttribute('aria-busy', 'true');
    answer({ status: 200, body: cart });
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading your cart' })).not.toBeInTheDocument());
  });

  it('shows the required and email messages, and sends nothing while invalid', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByText('Django REST Framework');
    await waitFor(() => expect(field.country()).toHaveValue('United States'));
    await user.selectOptions(field.country(), '');

    await user.click(enrollNow());
    for (const input of [
      field.fullName(),
      field.email(),
      field.phone(),
      field.address(),
      field.country(),
      field.state(),
      field.city(),
      field.pin(),
      field.password(),
    ]) {
      expect(errorOf(input)).toBe('This field is required.');
    }

    await user.type(field.fullName(), '   ');
    await user.type(field.email(), 'asha@example');
    await user.click(enrollNow());
    expect(errorOf(field.fullName())).toBe('This field is required.');
    expect(errorOf(field.email())).toBe('Please enter a valid email address.');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/create-order/'))).toBe(false);
  });

  it('asks a signed-in buyer for no password and prefills their details', async () => {
    window.localStorage.setItem('accessToken', 'token');
    handlers['/api/v1/user-details/'] = () => ({
      status: 200,
      body: {
        user_id: 3,
        username: 'ravi',
        email: 'ravi@example.com',
        full_name: 'RAVI kumar',
        phone_number: '+91 98450 00000',
        address_line_1: 'MG Road',
        address_line_2: '',
        city: 'Bengaluru',
        state: 'Karnataka',
        country: 'India',
        pin_code: '560001',
        about_me: '',
        profile_picture: null,
        is_verified: true,
        is_admin: false,
      },
    });
    renderCheckout();
    expect(await screen.findByText('ravi@example.com')).toBeInTheDocument();
    await waitFor(() => expect(field.fullName()).toHaveValue('Ravi Kumar'));
    await waitFor(() => expect(field.country()).toHaveValue('India'));
    await waitFor(() => expect(field.state()).toHaveValue('Karnataka'));
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByText(/Already have an account\?/)).not.toBeInTheDocument();
  });

  it('reloads the states when the country changes, clearing the chosen state', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await waitFor(() => expect(within(field.state()).getByRole('option', { name: 'California' })).toBeInTheDocument());
    await user.selectOptions(field.state(), 'California');
    await user.selectOptions(field.country(), 'India');
    expect(field.state()).toHaveValue('');
    await waitFor(() => expect(within(field.state()).getByRole('option', { name: 'Kerala' })).toBeInTheDocument());
    expect(within(field.state()).queryByRole('option', { name: 'California' })).not.toBeInTheDocument();
  });

  it('shows server field errors under their fields; editing a field clears its error', async () => {
    handlers['/api/v1/create-order/'] = () => ({
      status: 400,
      body: { email: ['An account with this email already exists. Log in to check out.'], pin_code: ['Invalid PIN.'] },
    });
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByText('Django REST Framework');
    await fillValidForm(user);
    await user.click(enrollNow());

    await waitFor(() => expect(errorOf(field.email())).toBe('An account with this email already exists. Log in to check out.'));
    expect(errorOf(field.pin())).toBe('Invalid PIN.');
    // The button is back after the failure.
    expect(enrollNow()).toBeEnabled();

    await user.type(field.email(), 'x');
    expect(errorOf(field.email())).toBeNull();
    expect(errorOf(field.pin())).toBe('Invalid PIN.');
  });
});

describe('coupon and payment method', () => {
  it('applies a coupon (input locked, Remove), discounts the total, and Remove clears it', async () => {
    handlers['/api/v1/coupon/'] = () => ({ status: 200, body: { message: 'Coupon applied successfully.', discount_percentage: 25, code: 'LAUNCH25' } });
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByText('Django REST Framework');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$79.99');

    await user.type(screen.getByLabelText('Coupon code'), 'launch25');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Coupon applied successfully.')).toBeInTheDocument();
    expect(screen.getByLabelText('Coupon code')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Coupon code')).toHaveValue('LAUNCH25');
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(screen.getByText('−$20')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$59.99');
    const body = JSON.parse(String(fetchMock.mock.calls.find(([url]) => String(url).includes('/coupon/'))![1]!.body));
    expect(body).toEqual({ coupon_code: 'launch25', cart_id: CART_ID });

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByLabelText('Coupon code')).toHaveValue('');
    expect(screen.getByLabelText('Coupon code')).not.toHaveAttribute('readonly');
    expect(screen.queryByText('Coupon applied successfully.')).not.toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$79.99');
  });

  it("takes a fixed coupon's amount in the cart's currency off the total, and names the amount on its badge", async () => {
    handlers['/api/v1/coupon/'] = () => ({
      status: 200,
      body: {
        message: 'Coupon applied successfully.',
        discount_percentage: 0,
        discount_type: 'fixed',
        amount_off: { USD: 10, INR: 800 },
        currency: 'USD',
        code: 'TENOFF',
        course_ids: null,
      },
    });
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByText('Django REST Framework');
    await user.type(screen.getByLabelText('Coupon code'), 'tenoff');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByTestId('coupon-badge')).toHaveTextContent('TENOFF · $10 off');
    expect(screen.getByText('−$10')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$69.99');
  });

  it('shows the first server error, or the fallback, and resets the discount', async () => {
    let reply: { status: number; body?: unknown } = {
      status: 200,
      body: { message: 'Coupon applied successfully.', discount_percentage: 10, code: 'WELCOME10' },
    };
    handlers['/api/v1/coupon/'] = () => reply;
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByText('Django REST Framework');
    await user.type(screen.getByLabelText('Coupon code'), 'WELCOME10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByRole('button', { name: 'Remove' });
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$71.99');
    await user.click(screen.getByRole('button', { name: 'Remove' }));

    reply = { status: 400, body: { errors: ['This coupon has expired.', 'Another problem'] } };
    await user.type(screen.getByLabelText('Coupon code'), 'EXPIRED20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This coupon has expired.');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$79.99');

    reply = { status: 500, body: { detail: 'boom' } };
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid or expired coupon'));
  });

  it('hides the payment choice at 100% and orders with Full_Discount', async () => {
    handlers['/api/v1/coupon/'] = () => ({ status: 200, body: { message: 'Coupon applied successfully.', discount_percentage: 100, code: 'FREECOURSE' } });
    let sent: FormData | undefined;
    handlers['/api/v1/create-order/'] = (init) => {
      sent = init?.body as FormData;
      return {
        status: 201,
        body: {
          order_number: 'LEC-1',
          payment_method: 'Full_Discount',
          order_status: 'Paid',
          currency: 'USD',
          total: 0,
          tokens: null,
          rzp_order: null,
          stripe_session_id: null,
          checkout_url: null,
        },
      };
    };
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByText('Django REST Framework');
    expect(screen.getByRole('group', { name: 'Payment method' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Coupon code'), 'FREECOURSE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByRole('button', { name: 'Remove' });
    expect(screen.queryByRole('group', { name: 'Payment method' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$0');

    await fillValidForm(user);
    await user.click(enrollNow());
    expect(await screen.findByRole('heading', { name: 'Success page' })).toBeInTheDocument();
    expect(sent?.get('payment_method')).toBe('Full_Discount');
    expect(sent?.get('total')).toBe('0');
    expect(sent?.get('coupon_code')).toBe('FREECOURSE');
    expect(sent?.getAll('courses')).toEqual(['7', '9']);
    expect(sent?.get('password')).toBe('Str0ng!Pass');
    expect(sent?.get('cart_id')).toBe(CART_ID);
  });

  it('offers Razorpay only when the cart is priced for India, first and chosen by default (UPI is how India pays)', async () => {
    const user = userEvent.setup();
    const { unmount } = renderCheckout();
    await screen.findByText('Django REST Framework');
    expect(screen.getByRole('radio', { name: /card/i })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /razorpay/i })).not.toBeInTheDocument();
    unmount();

    const inr = (amount: number) => ({ amount, regular_amount: amount * 2, symbol: '₹', country: 'IN', currency: 'INR' });
    const usCart = makeCart();
    cart = makeCart({
      country: 'IN',
      currency: 'INR',
      symbol: '₹',
      total: 7998,
      items: [
        { ...usCart.items[0]!, country_price: inr(4999) },
        { ...usCart.items[1]!, country_price: inr(2999) },
      ],
    });
    renderCheckout();
    await screen.findByText('Django REST Framework');
    const methods = within(screen.getByRole('group', { name: 'Payment method' })).getAllByRole('radio');
    expect(methods.map((r) => r.getAttribute('value'))).toEqual(['RazorPay', 'Stripe']);
    expect(screen.getByRole('radio', { name: /razorpay/i })).toBeChecked();
    // The buyer's own choice holds.
    await user.click(screen.getByRole('radio', { name: /^card/i }));
    expect(screen.getByRole('radio', { name: /^card/i })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /razorpay/i }));
    expect(screen.getByRole('radio', { name: /razorpay/i })).toBeChecked();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('₹7,998');
  });

  it('shows Please wait while the order is being created', async () => {
    let release!: () => void;
    handlers['/api/v1/create-order/'] = () =>
      new Promise((resolve) => (release = () => resolve({ status: 400, body: { total: ['The total has changed. Please review your order and try again.'] } })));
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByText('Django REST Framework');
    await fillValidForm(user);
    await user.click(enrollNow());
    expect(await screen.findByText('Please wait')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enroll Now' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('button', { name: 'Enroll Now' })).toBeEnabled();
    expect(screen.getByText('The total has changed. Please review your order and try again.')).toBeInTheDocument();
  });
});

describe('abandoned-cart reminder', () => {
  it('is sent 7 seconds after a valid guest email is typed, once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderCheckout();
    await screen.findByText('Django REST Framework');
    const reminders = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/create-abandoned-email/'));

    await user.type(field.email(), 'asha@example');
    await vi.advanceTimersByTimeAsync(8000);
    expect(reminders()).toHaveLength(0);

    await user.type(field.email(), '.com');
    await vi.advanceTimersByTimeAsync(6500);
    expect(reminders()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(600);
    await waitFor(() => expect(reminders()).toHaveLength(1));
    expect(JSON.parse(String(reminders()[0]![1]!.body))).toEqual({
      email: 'asha@example.com',
      sending_reason: 'checkout',
      course_items: [{ course_id: 7 }, { course_id: 9 }],
      cart_id: CART_ID,
    });

    await vi.advanceTimersByTimeAsync(10_000);
    expect(reminders()).toHaveLength(1);
  });

  it('is asked for one address per cart: a corrected email asks for no second one (the server refuses it with 409)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderCheckout();
    await screen.findByText('Django REST Framework');
    const reminders = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/create-abandoned-email/'));

    await user.type(field.email(), 'asha@exmaple.com');
    await vi.advanceTimersByTimeAsync(7100);
    await waitFor(() => expect(reminders()).toHaveLength(1));
    await user.clear(field.email());
    await user.type(field.email(), 'asha@example.com');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reminders()).toHaveLength(1);
    expect(JSON.parse(String(reminders()[0]![1]!.body))).toMatchObject({ email: 'asha@exmaple.com', cart_id: CART_ID });
  });

  it('is not sent about the cart a free order just bought, when that order signs the guest in', async () => {
    // The success page loads lazily in the app: the checkout stays on screen, signed in by the order,
    // with the bought courses still shown. A reminder about them would be refused (400: not in the cart).
    let showSuccess!: () => void;
    const successLoaded = new Promise<void>((resolve) => (showSuccess = resolve));
    const SuccessPage = lazy(async () => {
      await successLoaded;
      return { default: () => <h1>Success page</h1> };
    });
    handlers['/api/v1/coupon/'] = () => ({ status: 200, body: { message: 'Coupon applied successfully.', discount_percentage: 100, code: 'FREECOURSE' } });
    handlers['/api/v1/create-order/'] = () => ({
      status: 201,
      body: {
        order_number: 'LEC-1',
        payment_method: 'Full_Discount',
        order_status: 'Paid',
        currency: 'USD',
        total: 0,
        tokens: { access: 'access-token', refresh: 'refresh-token' },
        rzp_order: null,
        stripe_session_id: null,
        checkout_url: null,
      },
    });
    let detailsAsked = 0;
    handlers['/api/v1/user-details/'] = () => {
      detailsAsked += 1;
      return { status: 200, body: { user_id: 5, username: 'asha', email: 'asha@example.com', full_name: 'Asha Verma', is_verified: true, is_admin: false } };
    };
    const user = userEvent.setup();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/checkout']}>
          <Suspense fallback={<p>Loading</p>}>
            <Routes>
              <Route path="/checkout" element={<CheckoutPage />} />
              <Route path="/order/success/" element={<SuccessPage />} />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('Django REST Framework');
    await user.type(screen.getByLabelText('Coupon code'), 'FREECOURSE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByRole('button', { name: 'Remove' });
    await fillValidForm(user);
    await user.click(enrollNow());
    await waitFor(() => expect(detailsAsked).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 200));
    showSuccess();
    expect(await screen.findByRole('heading', { name: 'Success page' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/create-abandoned-email/'))).toEqual([]);
  });
});

describe('cart', () => {
  it('says so when the cart is empty', async () => {
    cart = makeCart({ items: [], count: 0, total: 0 });
    renderCheckout();
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse courses' })).toHaveAttribute('href', '/courses');
  });

  it('is empty without a cart id, and offers the login modal to guests', async () => {
    window.localStorage.removeItem('cartId');
    renderCheckout();
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByText(/Already have an account\?/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Login for a quick checkout' })).toBeInTheDocument();
  });

  it('removes a line with DELETE and updates the header count', async () => {
    handlers['/api/v1/cart-items/5b0c7d0e-1111-4c4c-8a8a-000000000001/'] = () => {
      cart = makeCart();
      cart.items = cart.items.slice(1);
      cart.count = 1;
      cart.total = 30;
      return { status: 200, body: { message: 'removed_from_cart', cart_items_count: 1 } };
    };
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByRole('button', { name: 'Remove Django REST Framework' }));
    await waitFor(() => expect(screen.queryByText('Django REST Framework')).not.toBeInTheDocument());
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/cart-items/'))!;
    expect(call[1]!.method).toBe('DELETE');
    expect(JSON.parse(String(call[1]!.body))).toEqual({ cart_item_id: '5b0c7d0e-1111-4c4c-8a8a-000000000001' });
    expect(window.localStorage.getItem('cartItemsCount')).toBe('1');
  });
});

const bundleLine = {
  item_id: '5b0c7d0e-2222-4c4c-8a8a-000000000003',
  bundle_id: 3,
  slug: 'django-backend-bundle',
  title: 'Django Backend Bundle',
  cover_image: '/media/courses/django-ecommerce.svg',
  country_price: { amount: 79.99, regular_amount: 109.98, symbol: '$', country: 'US', currency: 'USD' },
  saving: 29.99,
  courses: [
    { id: 7, slug: 'django-rest-framework', title: 'Django REST Framework', course_image: '/media/courses/drf.svg', owned: true },
    { id: 8, slug: 'django-ecommerce', title: 'Django E-commerce', course_image: '/media/courses/shop.svg', owned: false },
  ],
  new_course_ids: [8],
  owned_course_ids: [7],
};

describe('a cart with a bundle', () => {
  beforeEach(() => {
    cart = makeCart({ items: [makeCart().items[1]!], bundles: [bundleLine], count: 2, total: 109.99 });
  });

  it('shows the bundle as one line with its courses under it and which are new to the buyer', async () => {
    renderCheckout();
    const line = await screen.findByTestId('cart-bundle');
    expect(within(line).getByRole('link', { name: 'Django Backend Bundle' })).toHaveAttribute('href', '/bundles/django-backend-bundle');
    expect(line).toHaveTextContent('Bundle · 2 courses');
    expect(line).toHaveTextContent('1 of 2 courses are new to you');
    const courses = within(line).getAllByRole('listitem');
    expect(courses[0]).toHaveTextContent('Django REST FrameworkAlready yours');
    expect(courses[1]).toHaveTextContent('Django E-commerceNew to you');
    expect(screen.getByRole('heading', { name: /Order summary/ })).toHaveTextContent('(3 courses)');
  });

  it('removes the bundle line with DELETE of its item id', async () => {
    handlers[`/api/v1/cart-items/${bundleLine.item_id}/`] = () => ({ status: 200, body: { message: 'Removed.', cart_items_count: 1 } });
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByTestId('cart-bundle');
    cart = makeCart({ items: [makeCart().items[1]!], bundles: [], count: 1, total: 30 });
    await user.click(screen.getByRole('button', { name: 'Remove Django Backend Bundle' }));
    await waitFor(() => expect(screen.queryByTestId('cart-bundle')).not.toBeInTheDocument());
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/cart-items/'))!;
    expect(call[1]!.method).toBe('DELETE');
  });

  it('sends the bundle in create-order beside the courses, with the total the server will quote', async () => {
    let sent: FormData | undefined;
    handlers['/api/v1/create-order/'] = (init) => {
      sent = init?.body as FormData;
      return { status: 400, body: { detail: 'stop here' } };
    };
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByTestId('cart-bundle');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$109.99');
    await fillValidForm(user);
    await user.click(enrollNow());
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent?.getAll('courses')).toEqual(['9']);
    expect(sent?.getAll('bundles')).toEqual(['3']);
    expect(sent?.get('total')).toBe('109.99');
  });

  it('is not empty with only a bundle in it', async () => {
    cart = makeCart({ items: [], bundles: [bundleLine], count: 2, total: 79.99 });
    renderCheckout();
    expect(await screen.findByTestId('cart-bundle')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enroll Now' })).toBeInTheDocument();
  });
});

describe('checkoutTotals', () => {
  const line = (course_id: number, amount: number) => ({ course_id, country_price: { amount } });
  it('is total × percentage / 100, floored at 0', () => {
    expect(checkoutTotals([line(1, 79.99)], { percentage: 25 })).toEqual({ discount: 20, total: 59.99 });
    expect(checkoutTotals([line(1, 49)], { percentage: 100 })).toEqual({ discount: 49, total: 0 });
    expect(checkoutTotals([line(1, 49)], { percentage: 150 })).toEqual({ discount: 49, total: 0 });
    expect(checkoutTotals([line(1, 49)], { percentage: 0 })).toEqual({ discount: 0, total: 49 });
    expect(checkoutTotals([line(1, 49)], null)).toEqual({ discount: 0, total: 49 });
  });
  it('takes a fixed amount off, never below 0, and only off the courses it names', () => {
    expect(checkoutTotals([line(1, 79.99)], { amountOff: 10 })).toEqual({ discount: 10, total: 69.99 });
    expect(checkoutTotals([line(1, 49)], { amountOff: 500 })).toEqual({ discount: 49, total: 0 });
    expect(checkoutTotals([line(1, 49.99), line(2, 5)], { amountOff: 10, courseIds: [2] })).toEqual({ discount: 5, total: 49.99 });
  });
  it('prices a bundle as one line, discounted only by a coupon that names it or names nothing', () => {
    const bundle = { bundle_id: 3, country_price: { amount: 79.99 } };
    expect(checkoutTotals([line(9, 30)], null, [bundle])).toEqual({ discount: 0, total: 109.99 });
    expect(checkoutTotals([line(9, 30)], { amountOff: 10 }, [bundle])).toEqual({ discount: 10, total: 99.99 });
    expect(checkoutTotals([line(9, 30)], { percentage: 50, courseIds: [7, 8] }, [bundle])).toEqual({ discount: 0, total: 109.99 });
    expect(checkoutTotals([line(9, 30)], { amountOff: 10, courseIds: null, bundleIds: [3] }, [bundle])).toEqual({ discount: 10, total: 99.99 });
  });
  it('discounts only the lines of a coupon limited to some courses', () => {
    expect(checkoutTotals([line(1, 49.99), line(2, 30)], { percentage: 50, courseIds: [2] })).toEqual({ discount: 15, total: 64.99 });
  });
});

describe('back from a cancelled card payment', () => {
  it('shows a calm note (no failure), keeps the cart, and closes that order once', async () => {
    const cancels: unknown[] = [];
    handlers['/api/v1/payments/cancel/'] = (init) => {
      cancels.push(JSON.parse(String(init?.body)));
      return { status: 200, body: { status: 'Cancelled', order_number: 'LEC-20261123-ABCDEF' } };
    };
    renderCheckout('/checkout/?payment=cancelled&order_no=LEC-20261123-ABCDEF');
    expect(await screen.findByTestId('payment-cancelled')).toHaveTextContent(
      'Payment cancelled: you have not been charged. Your cart is just as you left it, whenever you are ready.',
    );
    expect(screen.queryByText(/Payment Failed/i)).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Django REST Framework' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Machine Learning A-Z' })).toBeInTheDocument();
    await waitFor(() => expect(cancels).toEqual([{ order_number: 'LEC-20261123-ABCDEF' }]));
  });

  it('says a newer checkout (another tab) replaced this one, nothing was charged, and offers to continue the newer one', async () => {
    const newer = 'http://lectern.test/sandbox/stripe/checkout/cs_newer';
    handlers['/api/v1/payments/cancel/'] = () => ({
      status: 200,
      body: {
        status: 'Cancelled',
        order_number: 'LEC-20261123-AAAAAA',
        replaced_by: { order_number: 'LEC-20261123-BBBBBB', status: 'Pending', checkout_url: newer },
      },
    });
    renderCheckout('/checkout/?payment=cancelled&order_no=LEC-20261123-AAAAAA');
    const note = await screen.findByTestId('payment-cancelled');
    expect(note).toHaveTextContent('This checkout was replaced by a newer one; nothing was charged.');
    expect(note).not.toHaveTextContent('Payment cancelled');
    expect(within(note).getByRole('link', { name: 'Continue the newer checkout' })).toHaveAttribute('href', newer);
  });

  it('points to the newer order when that one was already paid', async () => {
    handlers['/api/v1/payments/cancel/'] = () => ({
      status: 200,
      body: {
        status: 'Cancelled',
        order_number: 'LEC-20261123-AAAAAA',
        replaced_by: { order_number: 'LEC-20261123-BBBBBB', status: 'Paid', checkout_url: null },
      },
    });
    renderCheckout('/checkout/?payment=cancelled&order_no=LEC-20261123-AAAAAA');
    const note = await screen.findByTestId('payment-cancelled');
    expect(within(note).getByRole('link', { name: /newer checkout was paid/ })).toHaveAttribute('href', '/order/details/LEC-20261123-BBBBBB');
  });

  it('shows nothing of the kind on an ordinary visit', async () => {
    renderCheckout();
    await screen.findByRole('link', { name: 'Django REST Framework' });
    expect(screen.queryByTestId('payment-cancelled')).not.toBeInTheDocument();
  });
});
