/** Issue 25 item 7: the buyer's order shows each refund with its amount, the reason given and its date, and what was paid after them. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderHistoryItem } from '../../../shared/commerce';
import { formatOrderDate } from '../../api/orders';
import { respond } from '../lesson/fixtures';
import OrderDetailsPage, { invoiceLines } from './OrderDetailsPage';

const order: OrderHistoryItem = {
  order_number: 'LEC-20260315-ABCDEF',
  order_date: '2026-03-15T10:00:00.000Z',
  order_status: 'Paid',
  payment_method: 'Stripe',
  currency: 'usd',
  subtotal: 98,
  discount: 10,
  total: 88,
  coupon: 'TENOFF',
  transaction_id: 'pi_1',
  full_name: 'Asha Verma',
  address: '1 Market Street, San Francisco',
  phone_number: '+1 415 555 0100',
  email: 'asha@example.com',
  order_items: [
    { id: 1, price: 49, course: { id: 1, title: 'Django REST Framework', slug: 'drf', course_image: '/media/x.svg', currency_code: 'usd' } },
    { id: 2, price: 49, course: { id: 2, title: 'Machine Learning A-Z', slug: 'ml', course_image: '/media/x.svg', currency_code: 'usd' } },
  ],
  refunds: [],
  net_paid: 88,
};
let answer: OrderHistoryItem = order;

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/order/details/${order.order_number}`]}>
        <Routes>
          <Route path="/order/details/:orderNumber" element={<OrderDetailsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('OrderDetailsPage', () => {
  beforeEach(() => {
    window.localStorage.setItem('accessToken', 'token');
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input) =>
        new URL(String(input)).pathname === `/api/v1/order-details/${order.order_number}/` ? respond(200, answer) : respond(404, { detail: 'Not found.' }),
      ),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    answer = order;
  });

  it('shows no refund lines and no net paid for an order never refunded', async () => {
    renderPage();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'Total paid' })).toBeInTheDocument();
    expect(within(table).queryByText(/Refunded on/)).not.toBeInTheDocument();
    expect(within(table).queryByText('Net paid')).not.toBeInTheDocument();
    expect(screen.queryByText('Partly refunded')).not.toBeInTheDocument();
  });

  it('lists each refund with its date and reason, then the net paid', async () => {
    answer = {
      ...order,
      refunds: [
        { amount: 20, reason: 'The second module was not ready yet.', refunded_at: '2026-03-20T09:00:00.000Z' },
        { amount: 8.5, reason: null, refunded_at: '2026-04-02T12:00:00.000Z' },
      ],
      net_paid: 59.5,
    };
    renderPage();
    const table = await screen.findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    const paid = rows.indexOf('Total paid$88 USD');
    expect(paid).toBeGreaterThan(0);
    expect(rows.slice(paid + 1)).toEqual([
      `Refunded on ${formatOrderDate('2026-03-20T09:00:00.000Z')}The second module was not ready yet.−$20`,
      `Refunded on ${formatOrderDate('2026-04-02T12:00:00.000Z')}−$8.50`,
      'Net paid$59.50 USD',
    ]);
    expect(screen.getByText('Partly refunded')).toBeInTheDocument();
  });
});

describe('invoiceLines', () => {
  const course = (id: number, title: string) => ({ id, title, slug: `c${id}`, course_image: '', currency_code: 'usd' });
  const bundle = { id: 3, slug: 'django-backend-bundle', title: 'Django Backend Bundle' };
  beforeEach(() => {
    window.localStorage.setItem('accessToken', 'token');
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input) =>
        new URL(String(input)).pathname === `/api/v1/order-details/${order.order_number}/` ? respond(200, answer) : respond(404, { detail: 'Not found.' }),
      ),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    answer = order;
  });

  it('prints a bundle as one line at its price with its courses under it, and a course bought alone as its own line', () => {
    const lines = invoiceLines([
      { id: 1, price: 36.36, bundle, course: course(7, 'Django REST Framework') },
      { id: 2, price: 43.63, bundle, course: course(8, 'Django E-commerce') },
      { id: 3, price: 30, bundle: null, course: course(9, 'Machine Learning A-Z') },
    ]);
    expect(lines).toEqual([
      { key: 'bundle-3', title: 'Django Backend Bundle', price: 79.99, courses: ['Django REST Framework', 'Django E-commerce'], bundle: true },
      { key: 'item-3', title: 'Machine Learning A-Z', price: 30, courses: [], bundle: false },
    ]);
  });

  it('shows the bundle line on the invoice', async () => {
    answer = {
      ...order,
      order_items: [
        { id: 1, price: 36.36, bundle, course: course(7, 'Django REST Framework') },
        { id: 2, price: 43.63, bundle, course: course(8, 'Django E-commerce') },
      ],
    };
    renderPage();
    const row = (await screen.findByText('Django Backend Bundle')).closest('tr')!;
    expect(row).toHaveTextContent('Bundle');
    expect(row).toHaveTextContent('Django REST Framework');
    expect(row).toHaveTextContent('$79.99');
  });
});
