import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
  refunded: 49,
  refund_left: 0,
  refunds: [
    {
      id: 1,
      amount: 49,
      reason: null,
      status: 'succeeded',
      provider: 'stripe',
      provider_refund_id: 're_1',
      provider_status: 'succeeded',
      by: 'admin@example.com',
      created_at: refundedAt,
      refunded_at: refundedAt,
    },
  ],
};
const partRefundAt = '2026-02-01T09:15:00.000Z';
const partlyRefunded: AdminOrderDetail = {
  ...order,
  refunded: 20,
  refund_left: 29,
  refunds: [
    { ...refunded.refunds[0]!, id: 2, amount: 20, reason: 'The second module was not ready yet.', created_at: partRefundAt, refunded_at: partRefundAt },
  ],
};
let answer = order;
/** What POST .../refund/ answers (and the bodies it was sent). */
let refundAnswer: { status: number; body: unknown } = { status: 200, body: partlyRefunded };
let posted: unknown[] = [];

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
      vi.fn<typeof fetch>((input, init) => {
        const path = new URL(String(input)).pathname;
        if (path === `/api/v1/admin/orders/${order.order_number}/`) return respond(200, answer);
        if (path === `/api/v1/admin/orders/${order.order_number}/refund/` && init?.method === 'POST') {
          posted.push(JSON.parse(String(init.body)));
          if (refundAnswer.status === 200) answer = refundAnswer.body as AdminOrderDetail;
          // No answer from the provider: the refund waits on the order, and less is left.
          if (refundAnswer.status === 503) answer = { ...answer, refund_left: 0, refunds: [{ ...partlyRefunded.refunds[0]!, amount: 49, status: 'pending' }] };
          return respond(refundAnswer.status, refundAnswer.body);
        }
        return respond(404, { detail: 'Not found.' });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    answer = order;
    refundAnswer = { status: 200, body: partlyRefunded };
    posted = [];
  });

  it("prints the buyer's address once, with the country once", async () => {
    renderPage();
    const address = await screen.findByText(/500 Market St/);
    expect(address).toHaveTextContent(/^500 Market St, San Francisco, California, 94105, United States$/);
    expect(address.textContent!.match(/United States/g)).toHaveLength(1);
  });

  it('lists the payment at its time and each refund at its own, with the net paid', async () => {
    answer = refunded;
    renderPage();
    const events = await screen.findByRole('table');
    const rows = within(events).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([`Stripepi_123Refunded$49.00${formatDateTime(order.paid_at)}`]);
    const refunds = screen.getByRole('region', { name: 'Refunds' });
    expect(within(refunds).getByText('Refunded in full')).toBeInTheDocument();
    const items = within(refunds).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('−$49.00');
    expect(items[0]).toHaveTextContent(formatDateTime(refundedAt));
    expect(items[0]).toHaveTextContent('No reason given');
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('Refunded').nextElementSibling).toHaveTextContent(formatDateTime(refundedAt));
    const courses = screen.getByRole('region', { name: 'Courses' });
    expect(within(courses).getByText('Net paid').nextElementSibling).toHaveTextContent('$0.00');
    expect(screen.queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
  });

  it('refunds part of the order: prefilled with what is left, reviewed, then sent with the reason', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order LEC-20260126-ABC123' });
    const amount = within(dialog).getByLabelText('Amount (USD)');
    expect(amount).toHaveValue(49);
    await user.clear(amount);
    await user.type(amount, '20');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'The second module was not ready yet.');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));

    const confirm = await screen.findByRole('dialog', { name: 'Refund $20.00?' });
    expect(confirm).toHaveTextContent('They keep their access');
    expect(confirm).toHaveTextContent('The second module was not ready yet.');
    expect(posted).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Refund $20.00' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toEqual([{ amount: 20, reason: 'The second module was not ready yet.' }]);
    const refunds = screen.getByRole('region', { name: 'Refunds' });
    expect(within(refunds).getByText('$29.00 left to refund')).toBeInTheDocument();
    expect(within(refunds).getByRole('listitem')).toHaveTextContent('“The second module was not ready yet.”');
    expect(within(refunds).getByRole('listitem')).toHaveTextContent(formatDateTime(partRefundAt));
    expect(screen.getByRole('button', { name: 'Refund more' })).toBeInTheDocument();
  });

  it('refuses more than is left, or nothing, before asking the server', async () => {
    const user = userEvent.setup();
    answer = partlyRefunded;
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Refund more' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText('Amount (USD)');
    expect(amount).toHaveValue(29);
    await user.clear(amount);
    await user.type(amount, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(await within(dialog).findByText('At most $29.00 is left to refund.')).toBeInTheDocument();
    await user.clear(amount);
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(await within(dialog).findByText('Enter an amount above 0, with at most two decimals.')).toBeInTheDocument();
    await user.type(amount, '1.234');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(await within(dialog).findByText('Enter an amount above 0, with at most two decimals.')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it("says a full refund ends access, and shows the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    refundAnswer = { status: 409, body: { detail: 'Charge ch_1 has already been refunded.' } };
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Review refund' }));
    const confirm = await screen.findByRole('dialog', { name: 'Refund $49.00?' });
    expect(confirm).toHaveTextContent('Their access to the order’s courses ends now');
    await user.click(within(confirm).getByRole('button', { name: 'Refund $49.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order LEC-20260126-ABC123' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Charge ch_1 has already been refunded.');
    expect(posted).toEqual([{ amount: 49, reason: null }]);
  });

  it('puts a 400 on the amount back under the amount', async () => {
    const user = userEvent.setup();
    refundAnswer = { status: 400, body: { amount: ['At most $10.00 USD is left to refund.'] } };
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Review refund' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Refund $49.00?' })).getByRole('button', { name: 'Refund $49.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order LEC-20260126-ABC123' });
    expect(await within(dialog).findByText('At most $10.00 USD is left to refund.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('closes an order that cost nothing without an amount', async () => {
    const user = userEvent.setup();
    answer = { ...order, subtotal: 49, discount: 49, total: 0, coupon: 'FREECOURSE', refund_left: 0 };
    refundAnswer = { status: 200, body: { ...answer, status: 'Refunded', refundable: false } };
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Amount (USD)')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('This order cost nothing');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    const confirm = await screen.findByRole('dialog', { name: 'Close this order?' });
    await user.click(within(confirm).getByRole('button', { name: 'Close the order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toEqual([{ reason: null }]);
  });

  it('keeps the message of a refund the provider has not answered yet, and shows it waiting on the order', async () => {
    const user = userEvent.setup();
    refundAnswer = { status: 503, body: { detail: 'The payment provider did not answer; the refund will be asked again.' } };
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Review refund' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Refund $49.00?' })).getByRole('button', { name: 'Refund $49.00' }));
    expect(await screen.findByText('Waiting for the provider')).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Refund order LEC-20260126-ABC123' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The payment provider did not answer');
  });
});
