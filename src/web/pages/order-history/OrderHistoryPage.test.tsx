import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderHistoryItem } from '../../../shared/commerce';
import OrderHistoryPage, { courseNameOf } from './OrderHistoryPage';

const item = (id: number, title: string, price = 49) => ({
  id,
  price,
  course: { id, title, slug: title.toLowerCase().replace(/\s+/g, '-'), course_image: '/media/x.svg', currency_code: 'usd' },
});

function makeOrder(overrides: Partial<OrderHistoryItem> = {}): OrderHistoryItem {
  return {
    order_number: 'LEC-20260315-ABCDEF',
    order_date: '2026-03-15T10:00:00.000Z',
    order_status: 'Paid',
    payment_method: 'Stripe',
    currency: 'usd',
    subtotal: 98,
    discount: 0,
    total: 98,
    coupon: null,
    transaction_id: 'pi_1',
    full_name: 'Asha Verma',
    address: '1 Market Street, San Francisco',
    phone_number: '+1 415 555 0100',
    email: 'asha@example.com',
    order_items: [item(1, 'Django REST Framework'), item(2, 'Machine Learning A-Z')],
    refunds: [],
    net_paid: 98,
    ...overrides,
  };
}

let orders: OrderHistoryItem[];
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  orders = [];
  window.localStorage.setItem('accessToken', 'token');
  window.localStorage.setItem('userId', '5');
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    if (url.pathname === '/api/v1/order-history/5/') {
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      const body = orders.filter(
        (o) => !search || o.order_number.toLowerCase().includes(search) || o.order_items.some((i) => i.course.title.toLowerCase().includes(search)),
      );
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    if (url.pathname === '/api/v1/user-details/')
      return new Response(JSON.stringify({ user_id: 5, email: 'asha@example.com', full_name: 'Asha Verma' }), { status: 200 });
    return new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OrderHistoryPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the 'And More' rule", () => {
  it('adds And More only when an order has more than one item', () => {
    expect(courseNameOf({ order_items: [item(1, 'Django REST Framework')] })).toBe('Django REST Framework');
    expect(courseNameOf({ order_items: [item(1, 'Django REST Framework'), item(2, 'Machine Learning A-Z')] })).toBe('Django REST Framework And More');
    expect(courseNameOf({ order_items: [] })).toBe('');
    // A bundle's courses are one line, named by the bundle.
    const bundle = { id: 3, slug: 'django-backend-bundle', title: 'Django Backend Bundle' };
    const inBundle = [
      { ...item(1, 'Django REST Framework'), bundle },
      { ...item(2, 'Django E-commerce'), bundle },
    ];
    expect(courseNameOf({ order_items: inBundle })).toBe('Django Backend Bundle');
    expect(courseNameOf({ order_items: [...inBundle, item(9, 'Machine Learning A-Z')] })).toBe('Django Backend Bundle And More');
  });
});

describe('the order history page', () => {
  it('lists orders with their columns and links each to its details', async () => {
    orders = [
      makeOrder(),
      makeOrder({
        order_number: 'LEC-20260101-ZZZZZZ',
        order_items: [item(3, 'React Basics', 19.5)],
        total: 19.5,
        currency: 'inr',
        order_status: 'Pending',
        payment_method: 'RazorPay',
      }),
    ];
    renderPage();
    const link = await screen.findByRole('link', { name: 'LEC-20260315-ABCDEF' });
    expect(link).toHaveAttribute('href', '/order/details/LEC-20260315-ABCDEF');
    const rows = screen.getAllByRole('row');
    expect(
      rows
        .map((r) =>
          within(r)
            .queryAllByRole('columnheader')
            .map((h) => h.textContent),
        )
        .at(0),
    ).toEqual(['Order ID', 'Course name', 'Date', 'Amount', 'Status', 'Payment']);
    expect(within(rows[1]!).getByText('Django REST Framework And More')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Mar 15, 2026')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('$98')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('USD')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Paid')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('React Basics')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('₹19.50')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('INR')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /subscription history/i })).toBeInTheDocument();
  });

  it('searches on the server as you type', async () => {
    orders = [makeOrder(), makeOrder({ order_number: 'LEC-20260101-ZZZZZZ', order_items: [item(3, 'React Basics')] })];
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('React Basics');
    await user.type(screen.getByLabelText('Search orders'), 'react');
    await waitFor(() => expect(screen.queryByText('Django REST Framework And More')).not.toBeInTheDocument());
    expect(screen.getByText('React Basics')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => new URL(String(url)).searchParams.get('search') === 'react')).toBe(true);
  });

  it('says when there are no orders yet', async () => {
    renderPage();
    expect(await screen.findByText('You have no order history yet.')).toBeInTheDocument();
  });
});
