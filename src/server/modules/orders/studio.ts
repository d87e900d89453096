/** The orders as the studio reads them: filtered keyset pages, one order in full, and CSV. */
import type { AdminOrderDetail, AdminOrderListItem, AdminOrderQuery, ProviderEventItem } from '../../../shared/admin.js';
import { formatPrice } from '../../../shared/money.js';
import { toMajor } from '../../../shared/pricing.js';
import { regions, type Region } from '../../../shared/regions.js';
import type { Database, Tx, Db } from '../../db/client.js';
import { refundEmail } from '../../emails/refund.js';
import { AppError } from '../../errors.js';
import { SEND_EMAIL_JOB } from '../../jobs/email.js';
import { revokeOrderEnrolments } from '../enrolments/index.js';
import { settleCouponUse } from './coupons.js';
import { itemsOfOrders } from './items.js';
import { addressLine } from './serialise.js';
import * as q from './queries.js';
import type { OrderDeps } from './service.js';

type Row = Awaited<ReturnType<typeof q.selectOrdersPage>>[number];
type Filter = Omit<q.OrdersPageOptions, 'limit' | 'before'>;

const DAY_MS = 24 * 60 * 60 * 1000;

export function orderFilterOf(query: Omit<AdminOrderQuery, 'cursor' | 'page_size'>): Filter {
  const from = query.from ? new Date(query.from) : undefined;
  let to = query.to ? new Date(query.to) : undefined;
  if (to && query.to && /^\d{4}-\d{2}-\d{2}$/.test(query.to)) to = new Date(to.getTime() + DAY_MS);
  if (from && to && from >= to) throw AppError.fields({ to: ['The end of the range must be after its start.'] });
  return { status: query.status, paymentMethod: query.payment_method, country: query.country, currency: query.currency, from, to, search: query.search };
}

const encodeCursor = (row: { createdAt: Date; id: number }) => Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
function decodeCursor(cursor: string): { createdAt: Date; id: number } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  const n = Number(id);
  if (Number.isNaN(createdAt.getTime()) || !Number.isInteger(n) || n <= 0)
    throw AppError.fields({ cursor: ['This page link is not valid: start from the first page.'] });
  return { createdAt, id: n };
}

function toItem(r: Row): AdminOrderListItem {
  return {
    order_number: r.orderNumber,
    invoice_number: r.invoiceNumber,
    status: r.status,
    payment_method: r.paymentMethod,
    currency: r.currency,
    subtotal: toMajor(r.subtotal),
    discount: toMajor(r.discount),
    total: toMajor(r.total),
    coupon: r.couponCode,
    user_id: r.userId,
    full_name: r.fullName,
    email: r.email,
    country: r.country,
    items: r.items,
    created_at: r.createdAt.toISOString(),
    paid_at: r.paidAt?.toISOString() ?? null,
  };
}

export async function studioOrdersPage(db: Database, query: AdminOrderQuery) {
  const { cursor, page_size, ...rest } = query;
  const rows = await q.selectOrdersPage(db, { ...orderFilterOf(rest), limit: page_size + 1, before: cursor ? decodeCursor(cursor) : undefined });
  const page = rows.slice(0, page_size);
  return { results: page.map(toItem), next_cursor: rows.length > page_size ? encodeCursor(page.at(-1)!) : null };
}

/** A student's orders, newest first (at most 200). */
export async function studioOrdersOfUser(db: Database, userId: number): Promise<AdminOrderListItem[]> {
  return (await q.selectOrdersPage(db, { userId, limit: 200 })).map(toItem);
}

/** The phone number and country a buyer gave at their newest checkout: what the studio shows when the account has none. */
export async function checkoutContactOfUser(db: Database, userId: number): Promise<{ phoneNumber: string; country: string }> {
  const row = await q.selectNewestCheckoutContact(db, userId);
  return { phoneNumber: row?.phoneNumber ?? '', country: row?.country ?? '' };
}

export async function studioOrder(db: Db, orderNumber: string): Promise<AdminOrderDetail> {
  const order = await q.selectOrderByNumber(db, orderNumber);
  if (!order) throw AppError.notFound('Order not found.');
  const [items, paymentRows] = await Promise.all([itemsOfOrders(db, [order.id]), q.selectAllPaymentsOfOrder(db, order.id)]);
  return {
    ...toItem({ ...order, items: items.length }),
    phone_number: order.phoneNumber,
    address: addressLine(order),
    lines: items.map((i) => ({ course_id: i.courseId, title: i.title, slug: i.slug, price: toMajor(i.price) })),
    payments: paymentRows.map((p) => ({
      provider: p.provider,
      provider_payment_id: p.providerPaymentId,
      status: p.status,
      amount: toMajor(p.amount),
      currency: p.currency,
      created_at: p.createdAt.toISOString(),
    })),
    refundable: order.status === 'Paid',
    // An order refunded before refunded_at was recorded dates its refund by its payment, as the overview does.
    refunded_at: order.status === 'Refunded' ? ((order.refundedAt ?? order.paidAt)?.toISOString() ?? null) : null,
  };
}

const CSV_COLUMNS = [
  'order_number',
  'invoice_number',
  'created_at',
  'paid_at',
  'status',
  'payment_method',
  'currency',
  'subtotal',
  'discount',
  'total',
  'coupon',
  'full_name',
  'email',
  'country',
  'items',
] as const;

/** One CSV field: quoted, and a leading = + - @ neutralised so a spreadsheet never runs it as a formula. */
function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** Every order matching the filter, newest first, as CSV lines (read 1,000 at a time). */
export async function* studioOrdersCsv(db: Database, query: Omit<AdminOrderQuery, 'cursor' | 'page_size'>): AsyncGenerator<string> {
  const filter = orderFilterOf(query);
  yield `${CSV_COLUMNS.join(',')}\r\n`;
  let before: { createdAt: Date; id: number } | undefined;
  for (;;) {
    const rows = await q.selectOrdersPage(db, { ...filter, limit: 1000, before });
    if (!rows.length) return;
    yield rows
      .map(toItem)
      .map((item) => `${CSV_COLUMNS.map((c) => csvField(item[c])).join(',')}\r\n`)
      .join('');
    if (rows.length < 1000) return;
    const last = rows.at(-1)!;
    before = { createdAt: last.createdAt, id: last.id };
  }
}

/**
 * A full refund from the studio: the provider refunds first (Stripe and Razorpay, the sandboxes
 * too; a 100% coupon order has nothing to pay back), then in one transaction the order becomes
 * Refunded, the enrolments it granted are revoked, the buyer's email is queued and `audit` writes
 * the studio's row. The provider's refund webhook arriving later finds the order refunded and
 * does nothing; a retry after a failure reuses the same idempotency key.
 */
export async function refundOrder(
  deps: OrderDeps,
  orderNumber: string,
  audit: (tx: Tx, change: { before: AdminOrderDetail; after: AdminOrderDetail }) => Promise<void>,
): Promise<AdminOrderDetail> {
  const before = await studioOrder(deps.db, orderNumber);
  if (before.status !== 'Paid') throw new AppError('conflict', 'Only a paid order can be refunded.');
  const order = (await q.selectOrderByNumber(deps.db, orderNumber))!;
  const [payment] = (await q.selectAllPaymentsOfOrder(deps.db, order.id)).filter((p) => p.status === 'Success');
  if (order.paymentMethod !== 'Full_Discount') {
    if (!payment) throw new AppError('conflict', 'This order has no captured payment to refund.');
    try {
      if (payment.provider === 'stripe') {
        if (!deps.stripe) throw new Error('Stripe is not configured');
        await deps.stripe.refund(payment.providerPaymentId, `refund-${order.orderNumber}`);
      } else if (payment.provider === 'razorpay') {
        if (!deps.razorpay) throw new Error('Razorpay is not configured');
        await deps.razorpay.refund(payment.providerPaymentId, order.orderNumber);
      }
    } catch (error) {
      deps.log.error({ err: error, order: order.orderNumber }, 'the provider refused or failed the refund');
      throw new AppError('unavailable', 'The payment provider did not confirm the refund. Nothing was changed here; try again in a moment.');
    }
  }
  return deps.db.transaction(async (tx) => {
    const locked = await q.lockOrder(tx, order.id);
    // Unless the provider's webhook got here first:
    if (locked?.status === 'Paid') await applyRefund(tx, deps, order, Boolean(payment));
    const after = await studioOrder(tx, orderNumber);
    await audit(tx, { before, after });
    return after;
  });
}

async function applyRefund(tx: Tx, deps: OrderDeps, order: NonNullable<Awaited<ReturnType<typeof q.selectOrderByNumber>>>, hadPayment: boolean): Promise<void> {
  await q.updateOrder(tx, order.id, { status: 'Refunded', refundedAt: new Date() });
  await settleCouponUse(tx, order, 'Refunded');
  if (hadPayment) await q.markOrderPaymentsRefunded(tx, order.id);
  await revokeOrderEnrolments(tx, order.id);
  const items = await itemsOfOrders(tx, [order.id]);
  const meta = regions[order.region as Region] ?? regions.US;
  const email = refundEmail({
    fullName: order.fullName,
    orderNumber: order.orderNumber,
    amount: `${formatPrice(toMajor(order.total), meta.symbol, order.currency)} ${order.currency}`,
    courses: items.map((i) => i.title),
  });
  await deps.queue.enqueue(SEND_EMAIL_JOB, { to: order.email, ...email }, { tx });
}

type EventRow = NonNullable<Awaited<ReturnType<typeof q.selectProviderEvent>>>;
function toEvent(r: EventRow): ProviderEventItem {
  const state = r.processedAt ? 'processed' : r.outcome ? 'failed' : 'pending';
  return {
    id: r.id,
    provider: r.provider,
    event_id: r.eventId,
    type: r.type,
    state,
    outcome: r.outcome,
    deliveries: r.deliveries,
    received_at: r.receivedAt.toISOString(),
    processed_at: r.processedAt?.toISOString() ?? null,
    replayable: state !== 'processed',
  };
}

/** The payments log: every provider event received, with what handling it did. */
export async function studioProviderEvents(db: Database, filter: q.ProviderEventFilter, window: { limit: number; offset: number }) {
  const { rows, total } = await q.selectProviderEventsPage(db, filter, window.limit, window.offset);
  return { total, results: rows.map(toEvent) };
}

export async function studioProviderEvent(db: Database, id: number): Promise<ProviderEventItem & { payload: unknown }> {
  const row = await q.selectProviderEvent(db, id);
  if (!row) throw AppError.notFound('Event not found.');
  return { ...toEvent(row), payload: row.payload };
}
