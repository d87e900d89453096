import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderDetail } from '../../../shared/admin';
import { respond } from '../../pages/lesson/fixtures';
import { formatDateTime } from '../components/ui';
import OrderDetailPage from './OrderDetailPage';

const order: AdminOrderDetail = {
  order_number: 'LEC-20260126-ABC123',
  invoice_number: 'INV-000001',
  status: 'Paid',
  payment_method: 'Stripe',
  currency: 'USD',
  subtotal: 49,
  discount: 0,
  total: 49,
  coupon: null,
  user_id: 5,
  full_name: 'Rohan Verma',
  email: 'rohan@example.com',
  country: 'United States',
  items: 1,
  created_at: '2026-01-26T10:00:00.000Z',
  paid_at: '2026-01-26T10:01:00.000Z',
  phone_number: '+1 415 555 0100',
  // The server writes the address on one line, country last.
  address: '500 Market St, San Francisco, California, 94105, United States',
  lines: [{ course_id: 7, title: 'Python Foundations', slug: 'python-foundations', price: 49 }],
  payments: [],
  refundable: true,
  refunded_at: null,
  refunded: 0,
  refund_left: 49,
  refunds: [],
};

const refundedAt = '2026-02-02T16:30:00.000Z';
const refunded: AdminOrderDetail = {
  ...order,
  status: 'Refunded',
  payments: [{ provider: 'stripe', provider_payment_id: 'pi_123', status: 'Refunded', amount: 49, currency: 'USD', created_at: order.paid_at! }],
  refundable: false,
  refunded_at: refundedAt,
};
let answer = order;

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/admin/orders/${order.order_number}`]}>
        <Routes>
          <Route path="/admin/orders/:orderNumber" element={<OrderDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('OrderDetailPage', () => {
  beforeEach(() => {
    window.localStorage.setItem('accessToken', 'token');
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input) =>
        new URL(String(input)).pathname === `/api/v1/admin/orders/${order.order_number}/` ? respond(200, answer) : respond(404, { detail: 'Not found.' }),
      ),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    answer = order;
  });

  it("prints the buyer's address once, with the country once", async () => {
    renderPage();
    const address = await screen.findByText(/500 Market St/);
    expect(address).toHaveTextContent(/^500 Market St, San Francisco, California, 94105, United States$/);
    expect(address.textContent!.match(/United States/g)).toHaveLength(1);
  });

  it('shows the refund at its own time, beside the payment at its time', async () => {
    answer = refunded;
    renderPage();
    const events = await screen.findByRole('table');
    const rows = within(events).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      `Stripepi_123Refunded$49.00${formatDateTime(order.paid_at)}`,
      `StripeRefund−$49.00${formatDateTime(refundedAt)}`,
    ]);
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('Refunded').nextElementSibling).toHaveTextContent(formatDateTime(refundedAt));
  });
});
