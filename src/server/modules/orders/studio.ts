/** The orders as the studio reads them: filtered keyset pages, one order in full, and CSV. */
import type { AdminOrderDetail, AdminOrderListItem, AdminOrderQuery, AdminOrderRefund, ProviderEventItem } from '../../../shared/admin.js';
import { refundLeft, toMajor } from '../../../shared/pricing.js';
import type { Database, Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { formatPersonName } from '../../../shared/text.js';
import { getPublicUsers } from '../accounts/index.js';
import { itemsOfOrders } from './items.js';
import { addressLine } from './serialise.js';
import * as q from './queries.js';

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
  const [items, paymentRows, refundRows] = await Promise.all([
    itemsOfOrders(db, [order.id]),
    q.selectAllPaymentsOfOrder(db, order.id),
    q.selectRefundsOfOrder(db, order.id),
  ]);
  const actors = await getPublicUsers(
    db,
    refundRows.flatMap((r) => (r.actorId ? [r.actorId] : [])),
  );
  const names = new Map([...actors].map(([id, u]) => [id, formatPersonName(u.fullName) || u.email]));
  const made = refundRows.filter((r) => r.status === 'succeeded');
  const left = refundLeft(
    order.total,
    refundRows.filter((r) => r.status !== 'failed'),
  );
  return {
    ...toItem({ ...order, items: items.length }),
    phone_number: order.phoneNumber,
    address: addressLine(order),
    lines: items.map((i) => ({ course_id: i.courseId, title: i.title, slug: i.slug, price: toMajor(i.price), bundle: i.bundle })),
    payments: paymentRows.map((p) => ({
      provider: p.provider,
      provider_payment_id: p.providerPaymentId,
      status: p.status,
      amount: toMajor(p.amount),
      currency: p.currency,
      created_at: p.createdAt.toISOString(),
    })),
    // Something left to refund; an order that cost nothing is closed by its one refund.
    refundable: order.status === 'Paid' && (left > 0 || (order.total === 0 && refundRows.every((r) => r.status === 'failed'))),
    // An order refunded before refunded_at was recorded dates its refund by its payment, as the overview does.
    refunded_at: order.status === 'Refunded' ? ((order.refundedAt ?? order.paidAt)?.toISOString() ?? null) : null,
    refunded: toMajor(made.reduce((total, r) => total + r.amount, 0)),
    refund_left: order.status === 'Paid' ? toMajor(left) : 0,
    refunds: refundRows.map((r) => serialiseRefund(r, names)),
  };
}

/** A refund as the studio reads it; `names` maps the studio users who asked to their names. */
export function serialiseRefund(r: q.RefundRow, names: Map<number, string>): AdminOrderRefund {
  return {
    id: r.id,
    amount: toMajor(r.amount),
    reason: r.reason,
    status: r.status,
    provider: r.provider,
    provider_refund_id: r.providerRefundId,
    provider_status: r.providerStatus,
    by: r.actorId ? (names.get(r.actorId) ?? null) : null,
    created_at: r.createdAt.toISOString(),
    refunded_at: r.refundedAt?.toISOString() ?? null,
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
