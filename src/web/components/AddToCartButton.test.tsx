import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddToCartButton } from './AddToCartButton';

let addReply: { message: string; cart_items_count: number };
let cartBundles: unknown[];
let release: (() => void) | undefined;
let cartCount: number;
let fetchMock: ReturnType<typeof vi.fn>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  addReply = { message: 'added_to_cart', cart_items_count: 3 };
  release = undefined;
  cartCount = 0;
  cartBundles = [];
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    if (path === '/api/v1/add-to-cart/') {
      await new Promise<void>((resolve) => (release = resolve));
      cartCount = addReply.cart_items_count;
      return json(addReply);
    }
    if (path.startsWith('/api/v1/get-cart-items/'))
      return json({ cart_id: 'x', items: [], bundles: cartBundles, count: cartCount, total: 0, currency: 'USD', symbol: '$', country: 'US' });
    if (path === '/api/v1/emails/create-abandoned-email/') return json({ message: 'scheduled' });
    if (path === '/api/v1/save-ip/') return json({ ip: '203.0.113.7' });
    return json({ detail: 'Not found.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

function renderButton(course = { id: 7, course_type: 'paid' }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/courses/drf']}>
        <Routes>
          <Route path="/courses/drf" element={<AddToCartButton course={course} />} />
          <Route path="/checkout" element={<h1>Checkout page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('AddToCartButton', () => {
  it("goes 'Add to cart' → 'Adding to cart' → 'Go to cart', creating the cart id and updating the count", async () => {
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByRole('button', { name: 'Adding to cart' })).toBeDisabled();
    const cartId = window.localStorage.getItem('cartId');
    expect(cartId).toMatch(/^[0-9a-f-]{36}$/);
    release!();

    await user.click(await screen.findByRole('button', { name: 'Go to cart' }));
    expect(await screen.findByRole('heading', { name: 'Checkout page' })).toBeInTheDocument();
    expect(window.localStorage.getItem('cartItemsCount')).toBe('3');
    const add = fetchMock.mock.calls.find(([url]) => String(url).includes('/add-to-cart/'))!;
    expect(JSON.parse(String(add[1]!.body))).toEqual({ course_id: 7, cart_id: cartId });
  });

  it("starts at 'Go to cart' when the course is in the cart as part of a bundle", async () => {
    window.localStorage.setItem('cartId', '0b8f6a8e-3f5e-4a53-9d2c-7d8f7f4a1b2c');
    cartBundles = [
      { bundle_id: 3, courses: [{ id: 7, slug: 'drf', title: 'DRF', course_image: '', owned: false }], new_course_ids: [7], owned_course_ids: [] },
    ];
    renderButton();
    expect(await screen.findByRole('button', { name: 'Go to cart' })).toBeInTheDocument();
  });

  it("reminds the guest address this cart's checkout asked for", async () => {
    const cartId = '0b8f6a8e-3f5e-4a53-9d2c-7d8f7f4a1b2c';
    window.localStorage.setItem('cartId', cartId);
    window.localStorage.setItem('guestEmail', 'asha@example.com');
    window.localStorage.setItem('guestEmailCart', cartId);
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    release!();
    await screen.findByRole('button', { name: 'Go to cart' });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/create-abandoned-email/'))).toBe(true));
    const reminder = fetchMock.mock.calls.find(([url]) => String(url).includes('/create-abandoned-email/'))!;
    // The reminder names the cart it is about: the server reminds only an address typed in a cart here.
    expect(JSON.parse(String(reminder[1]!.body))).toEqual({
      email: 'asha@example.com',
      sending_reason: 'add_to_cart',
      course_items: [{ course_id: 7 }],
      cart_id: cartId,
    });
  });

  it("asks no reminder for an address typed in an earlier cart (the server refuses it: another cart reminds it, or the cart is an account's)", async () => {
    window.localStorage.setItem('cartId', '0b8f6a8e-3f5e-4a53-9d2c-7d8f7f4a1b2c');
    window.localStorage.setItem('guestEmail', 'asha@example.com');
    window.localStorage.setItem('guestEmailCart', '1c9e7b9f-4a6f-4b64-8e3d-8e9a8a5b2c3d');
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    release!();
    await screen.findByRole('button', { name: 'Go to cart' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/create-abandoned-email/'))).toEqual([]);
  });

  it("sends to /checkout when the server says 'already_in_cart'", async () => {
    addReply = { message: 'already_in_cart', cart_items_count: 1 };
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(release).toBeDefined());
    release!();
    expect(await screen.findByRole('heading', { name: 'Checkout page' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/create-abandoned-email/'))).toBe(false);
  });

  it('renders nothing for a free course', () => {
    const { container } = renderButton({ id: 8, course_type: 'free' });
    expect(container).toBeEmptyDOMElement();
  });
});
