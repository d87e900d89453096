import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import OrderSuccessPage, { amountPaidText } from './OrderSuccessPage';

const confirmation = (overrides: Record<string, unknown> = {}) => ({
  order_items: [{ id: 1, price: 49, course: { id: 7, title: 'Django REST Framework', slug: 'drf', course_image: '/media/x.svg', currency_code: 'USD' } }],
  order_details: {
    transaction_id: 'pi_123',
    order_number: 'LEC-1',
    total_paid: 49,
    currency: 'USD',
    coupon: 'N/A',
    order_status: 'Paid',
    payment_method: 'Stripe',
    ...overrides,
  },
});

let updateReplies: { status: string; payment_id: string }[];
let order: ReturnType<typeof confirmation>;
let releaseUpdate: (() => void) | undefined;
let fetchMock: ReturnType<typeof vi.fn>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'token');
  window.localStorage.setItem('cartId', '0b8f6a8e-3f5e-4a53-9d2c-7d8f7f4a1b2c');
  window.localStorage.setItem('cartItemsCount', '2');
  updateReplies = [{ status: 'Success', payment_id: 'pi_123' }];
  order = confirmation();
  releaseUpdate = undefined;
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    if (path === '/api/v1/payments/update/') {
      if (releaseUpdate === undefined) await new Promise<void>((resolve) => (releaseUpdate = resolve));
      const reply = updateReplies.length > 1 ? updateReplies.shift()! : updateReplies[0]!;
      return json({ ...reply, order_number: 'LEC-1' });
    }
    if (path === '/api/v1/orders/LEC-1/') return json(order);
    return json({ detail: 'Not found.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderAt(query: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/order/success/${query}`]}>
        <Routes>
          <Route path="/order/success/" element={<OrderSuccessPage />} />
          <Route path="/order/failure/" element={<h1>Failure page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the success page', () => {
  it('blocks Start Learning while the card payment is confirmed, then shows the order and clears the cart', async () => {
    renderAt('?order_no=LEC-1&session_id=cs_test_1');
    expect(screen.getByRole('heading', { name: 'Congratulations' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Learning' })).toBeDisabled();
    await waitFor(() => expect(releaseUpdate).toBeDefined());
    expect(window.localStorage.getItem('cartId')).not.toBeNull();
    releaseUpdate!();

    expect(await screen.findByRole('link', { name: /start learning/i })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByText('Django REST Framework')).toBeInTheDocument();
    expect(screen.getByText('pi_123')).toBeInTheDocument();
    expect(screen.getByText('LEC-1')).toBeInTheDocument();
    expect(screen.queryByText('Coupon')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('cartId')).toBeNull();
    expect(window.localStorage.getItem('cartItemsCount')).toBe('0');
    const update = fetchMock.mock.calls.find(([url]) => String(url).includes('/payments/update/'))!;
    expect(JSON.parse(String(update[1]!.body))).toEqual({ payment_method: 'Stripe', session_id: 'cs_test_1', order_number: 'LEC-1' });
  });

  it("polls while the payment is Pending ('Confirming your payment…')", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    releaseUpdate = () => undefined;
    updateReplies = [
      { status: 'Pending', payment_id: 'N/A' },
      { status: 'Pending', payment_id: 'N/A' },
      { status: 'Success', payment_id: 'pi_123' },
    ];
    renderAt('?order_no=LEC-1&session_id=cs_test_1');
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(5000);
    expect(await screen.findByRole('link', { name: /start learning/i })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/payments/update/'))).toHaveLength(3);
    expect(window.localStorage.getItem('cartId')).toBeNull();
  });

  it('goes to the failure page when the card payment failed', async () => {
    releaseUpdate = () => undefined;
    updateReplies = [{ status: 'Failed', payment_id: 'pi_9' }];
    renderAt('?order_no=LEC-1&session_id=cs_test_1');
    expect(await screen.findByRole('heading', { name: 'Failure page' })).toBeInTheDocument();
    expect(window.localStorage.getItem('cartId')).not.toBeNull();
  });

  it("hides an 'N/A' transaction id and coupon, shows the coupon otherwise, and '00' for an N/A amount", async () => {
    order = confirmation({ transaction_id: 'N/A', coupon: 'FREECOURSE', total_paid: 0, payment_method: 'Full_Discount' });
    renderAt('?order_no=LEC-1');
    expect(await screen.findByText('FREECOURSE')).toBeInTheDocument();
    expect(screen.queryByText('Transaction ID')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/payments/update/'))).toBe(false);
    expect(amountPaidText('N/A', 'USD')).toBe('00');
    expect(amountPaidText(49.5, 'usd')).toBe('$49.50');
    expect(amountPaidText(3999, 'INR')).toBe('₹3,999');
  });
});
