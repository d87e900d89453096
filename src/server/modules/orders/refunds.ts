/**
 * Refunds of an order, whole or partial, from the studio or made at the provider (its dashboard).
 *
 * The studio's refund never holds a transaction open across the provider's call: (1) under the
 * order's row lock it checks what is left (the total less the refunds made or still waiting) and
 * writes the refund as pending; (2) it asks the provider with that row's id as the idempotency key;
 * (3) under the lock again it records the answer. Two refunds at once therefore queue on the lock,
 * and the second sees the first's pending amount: together they never take more than is left. A
 * refund the provider did not answer stays pending; the provider's refund webhook, or the next refund
 * of the order after a couple of minutes (the same key, so never a second refund), settles it.
 *
 * The provider's refund webhook reads the payment's refunds back from the provider: one we asked for
 * is found by the id in its metadata, one made in the provider's dashboard is recorded here too.
 * Whatever the way in, each refund is recorded once (a conditional update or the provider's refund
 * id, unique) and then, once: the buyer is emailed, and the refund that gives back the last of what
 * was paid closes the order (the access module's rule: a partial refund keeps access).
 */
import { refundMessages, type AdminOrderDetail, type AdminOrderRefund } from '../../../shared/admin.js';
import { formatPrice } from '../../../shared/money.js';
import { refundLeft, toMajor } from '../../../shared/pricing.js';
import { regions, type Region } from '../../../shared/regions.js';
import type { Tx } from '../../db/client.js';
import { refundEmail } from '../../emails/refund.js';
import { AppError } from '../../errors.js';
import { ProviderRefused, type ProviderRefund } from '../../integrations/provider-errors.js';
import { SEND_EMAIL_JOB } from '../../jobs/email.js';
import { coursesStillOpened, purchaseStillOpens } from '../access/index.js';
import { moveOrderEnrolments, revokeOrderEnrolments } from '../enrolments/index.js';
import { settleCouponUse } from './coupons.js';
import { itemsOfOrders } from './items.js';
import * as q from './queries.js';
import type { OrderDeps } from './service.js';
import { studioOrder } from './studio.js';

type Order = NonNullable<Awaited<ReturnType<typeof q.selectOrderByNumber>>>;
type Payment = Awaited<ReturnType<typeof q.selectAllPaymentsOfOrder>>[number];

/** A pending refund whose provider call got no answer is asked again (with its own idempotency key) after this long. */
const ASK_AGAIN_AFTER_MS = 2 * 60 * 1000;

/** An amount of the order's currency as the buyer and the studio read it: '$10.00 USD'. */
export function orderMoney(order: Pick<Order, 'region' | 'currency'>, minor: number): string {
  const symbol = (regions[order.region as Region] ?? Object.values(regions).find((r) => r.currency === order.currency) ?? regions.US).symbol;
  return `${formatPrice(toMajor(minor), symbol, order.currency)} ${order.currency}`;
}

const providerName = (provider: string) => (provider === 'stripe' ? 'Stripe' : provider === 'razorpay' ? 'Razorpay' : 'The payment provider');
const sum = (rows: readonly { amount: number }[]) => rows.reduce((total, r) => total + r.amount, 0);
/** The payment a refund goes back through: the order's captured one (refunded in part, it is still Success). */
const capturedPayment = (payments: Payment[]) => payments.find((p) => p.status === 'Success' && p.provider !== 'none');

export interface RefundRequest {
  /** Minor units of the order's currency; undefined: whatever is left. */
  amount: number | undefined;
  /** Shown to the buyer; null for none. */
  reason: string | null;
  /** The studio user asking. */
  actorId: number | null;
}

export type RefundAudit = (tx: Tx, change: { before: AdminOrderDetail; after: AdminOrderDetail; refund: AdminOrderRefund }) => Promise<void>;

/**
 * The studio's refund of an order, in part or in full (see the top of this file). Answers the order
 * with its refunds; `audit` writes the studio's row in the transaction that records the refund.
 * More than is left: 400 on `amount`, nothing written. The provider refused: 409 with its words, the
 * attempt kept as failed. No answer from the provider: 503, the refund kept as pending.
 */
export async function refundOrder(deps: OrderDeps, orderNumber: string, request: RefundRequest, audit: RefundAudit): Promise<AdminOrderDetail> {
  const found = await q.selectOrderByNumber(deps.db, orderNumber);
  if (!found) throw AppError.notFound('Order not found.');
  await askAgainForStaleRefunds(deps, found);
  const before = await studioOrder(deps.db, orderNumber);

  // 1. The intent, under the order's lock.
  const intent = await deps.db.transaction(async (tx) => {
    const order = (await q.lockOrder(tx, found.id))!;
    if (order.status === 'Refunded') throw new AppError('conflict', refundMessages.refundedInFull);
    if (order.status !== 'Paid') throw new AppError('conflict', refundMessages.notPaid);
    const payment = capturedPayment(await q.selectAllPaymentsOfOrder(tx, order.id));
    if (order.total > 0 && !payment) throw new AppError('conflict', refundMessages.noPayment);
    const live = (await q.selectRefundsOfOrder(tx, order.id)).filter((r) => r.status !== 'failed');
    const left = refundLeft(order.total, live);
    if (order.total > 0 && left === 0)
      throw new AppError('conflict', live.some((r) => r.status === 'pending') ? refundMessages.waiting : refundMessages.refundedInFull);
    const amount = request.amount ?? left;
    if (amount > left) throw AppError.fields({ amount: [refundMessages.overLeft(orderMoney(order, left))] });
    const row = await q.insertRefund(tx, {
      orderId: order.id,
      amount,
      currency: order.currency,
      reason: request.reason,
      status: 'pending',
      // An order that cost nothing (a 100% coupon) has nothing to give back: its refund only closes it.
      provider: order.total === 0 || !payment ? 'none' : payment.provider,
      actorId: request.actorId,
    });
    if (row.provider !== 'none') return { order, payment: payment!, row, done: null };
    await recordMade(tx, deps, order.id, row.id, { refundedAt: new Date() });
    const after = await studioOrder(tx, orderNumber);
    await audit(tx, { before, after, refund: after.refunds.find((r) => r.id === row.id)! });
    return { order, payment: payment!, row, done: after };
  });
  if (intent.done) return intent.done;

  // 2. The provider, outside any transaction.
  const outcome = await askProvider(deps, intent.order, intent.payment, intent.row);

  // 3. Its answer.
  if (outcome.kind === 'unknown') {
    deps.log.error({ err: outcome.error, order: orderNumber, refund: intent.row.id }, 'the provider did not answer a refund; it stays pending');
    throw new AppError(
      'unavailable',
      'The payment provider did not answer. The refund is kept as waiting and is settled when the provider’s notice arrives; nothing will be refunded twice. Look again in a few minutes.',
    );
  }
  if (outcome.kind === 'refused') {
    await q.settleRefund(deps.db, intent.row.id, ['pending'], { status: 'failed', providerStatus: 'refused' });
    deps.log.warn({ order: orderNumber, refund: intent.row.id, reason: outcome.message }, 'the provider refused a refund');
    throw new AppError('conflict', `${providerName(intent.payment.provider)} refused the refund: ${outcome.message} Nothing was refunded.`);
  }
  return deps.db.transaction(async (tx) => {
    await q.lockOrder(tx, intent.order.id);
    await recordMade(tx, deps, intent.order.id, intent.row.id, { refundedAt: new Date(), providerRefundId: outcome.id, providerStatus: outcome.status });
    const after = await studioOrder(tx, orderNumber);
    await audit(tx, { before, after, refund: after.refunds.find((r) => r.id === intent.row.id)! });
    return after;
  });
}

type ProviderOutcome = { kind: 'made'; id: string; status: string } | { kind: 'refused'; message: string } | { kind: 'unknown'; error: unknown };

/** Asks the provider for this refund; the row's id is the idempotency key and is written in the refund's metadata (notes). */
async function askProvider(deps: OrderDeps, order: Order, payment: Payment, row: q.RefundRow): Promise<ProviderOutcome> {
  // Unique beyond this database (a test database reset against the same provider account): the order number is random.
  const idempotencyKey = `refund-${order.orderNumber}-${row.id}`;
  const notes = { order_number: order.orderNumber, refund_id: String(row.id) };
  try {
    let made: { id: string; status: string | null };
    if (payment.provider === 'stripe') {
      if (!deps.stripe) return { kind: 'refused', message: 'Stripe is not configured.' };
      made = await deps.stripe.refund(payment.providerPaymentId, idempotencyKey, { amount: row.amount, metadata: notes });
    } else if (payment.provider === 'razorpay') {
      if (!deps.razorpay) return { kind: 'refused', message: 'Razorpay is not configured.' };
      made = await deps.razorpay.refund(payment.providerPaymentId, `${order.orderNumber}-R${row.id}`, { amount: row.amount, notes, idempotencyKey });
    } else return { kind: 'refused', message: 'This payment has no provider.' };
    const status = made.status ?? 'pending';
    if (status === 'failed' || status === 'canceled') return { kind: 'refused', message: `The refund ${status}.` };
    return { kind: 'made', id: made.id, status };
  } catch (error) {
    if (error instanceof ProviderRefused) return { kind: 'refused', message: error.providerMessage };
    return { kind: 'unknown', error };
  }
}

/**
 * Records a refund as made, once: the row leaves pending (or failed, when the provider says it was
 * made after all) in one statement, and only the caller that moved it emails the buyer and, when
 * nothing is left of what was paid, closes the order. Call with the order's row locked.
 */
async function recordMade(
  tx: Tx,
  deps: OrderDeps,
  orderId: number,
  refundId: number,
  made: { refundedAt: Date; providerRefundId?: string; providerStatus?: string },
): Promise<q.RefundRow | undefined> {
  const row = await q.settleRefund(tx, refundId, ['pending', 'failed'], { status: 'succeeded', ...made });
  if (row) await afterRefundMade(tx, deps, orderId, row);
  else if (made.providerRefundId) {
    // Settled already (the provider's webhook was quicker): keep the provider's id if it has none.
    const current = (await q.selectRefundsOfOrder(tx, orderId)).find((r) => r.id === refundId);
    if (current && !current.providerRefundId) await q.noteProviderRefund(tx, refundId, made.providerRefundId, made.providerStatus ?? '');
  }
  return row;
}

/** A refund was made: the order closes when nothing is left of what was paid (access decides), and the buyer is emailed. */
async function afterRefundMade(tx: Tx, deps: OrderDeps, orderId: number, refund: q.RefundRow): Promise<void> {
  const order = (await q.lockOrder(tx, orderId))!;
  const made = (await q.selectRefundsOfOrder(tx, orderId)).filter((r) => r.status === 'succeeded');
  const refunded = sum(made);
  const closes = order.status === 'Paid' && !purchaseStillOpens({ paid: order.total, refunded, refunds: made.length });
  if (closes) {
    await q.updateOrder(tx, order.id, { status: 'Refunded', refundedAt: refund.refundedAt ?? new Date() });
    await settleCouponUse(tx, order, 'Refunded');
    await q.markOrderPaymentsRefunded(tx, order.id);
    // A course this order opened that another purchase of the student also bought (alone or in a
    // bundle) stays open through that one (access decides); the others close.
    const items = await itemsOfOrders(tx, [order.id]);
    const courseIds = items.map((i) => i.courseId);
    const kept = coursesStillOpened(courseIds, await q.selectOtherPaidPurchases(tx, order.userId, order.id, courseIds));
    await moveOrderEnrolments(tx, order.id, kept);
    await revokeOrderEnrolments(tx, order.id);
  }
  const items = await itemsOfOrders(tx, [order.id]);
  const email = refundEmail({
    fullName: order.fullName,
    orderNumber: order.orderNumber,
    amount: orderMoney(order, refund.amount),
    reason: refund.reason,
    netPaid: orderMoney(order, Math.max(0, order.total - refunded)),
    closed: closes || order.status === 'Refunded',
    courses: items.map((i) => (i.bundle ? `${i.title} (${i.bundle.title})` : i.title)),
    orderUrl: `${deps.config.publicUrl}/order/details/${order.orderNumber}`,
  });
  await deps.queue.enqueue(SEND_EMAIL_JOB, { to: order.email, ...email }, { tx });
}

/**
 * Pending refunds of the order older than a couple of minutes (the provider did not answer, and no
 * webhook settled them) are asked again with their own idempotency key: the provider answers the
 * refund it made, or makes it now; never a second one. Best effort: a failure leaves them pending.
 */
async function askAgainForStaleRefunds(deps: OrderDeps, order: Order): Promise<void> {
  const orderId = order.id;
  const stale = (await q.selectRefundsOfOrder(deps.db, orderId)).filter(
    (r) => r.status === 'pending' && r.provider !== 'none' && Date.now() - r.createdAt.getTime() > ASK_AGAIN_AFTER_MS,
  );
  if (!stale.length) return;
  const payment = (await q.selectAllPaymentsOfOrder(deps.db, orderId)).find((p) => p.provider !== 'none' && p.status !== 'Failed');
  if (!payment) return;
  for (const row of stale) {
    const outcome = await askProvider(deps, order, payment, row);
    if (outcome.kind === 'refused') await q.settleRefund(deps.db, row.id, ['pending'], { status: 'failed', providerStatus: 'refused' });
    if (outcome.kind === 'made')
      await deps.db.transaction(async (tx) => {
        await q.lockOrder(tx, orderId);
        await recordMade(tx, deps, orderId, row.id, { refundedAt: new Date(), providerRefundId: outcome.id, providerStatus: outcome.status });
      });
  }
}

/**
 * A refund webhook (Stripe's charge.refunded, Razorpay's refund.processed): the payment's refunds
 * are read back from the provider and each is recorded once (see the top of this file). A refund
 * that would take more than was paid is not recorded (a refund recorded before refunds carried the
 * provider's id, replayed). The outcome is for the payments log.
 */
export async function syncProviderRefunds(deps: OrderDeps, provider: 'stripe' | 'razorpay', providerPaymentId: string): Promise<string> {
  const payment = await q.selectPaymentByProviderId(deps.db, provider, providerPaymentId);
  if (!payment?.orderId) return 'ignored: no order for this payment';
  const gateway = provider === 'stripe' ? deps.stripe : deps.razorpay;
  if (!gateway) return `ignored: ${providerName(provider)} is not configured`;
  // Both providers list the newest first: oldest first here (created is in seconds, so ties keep the providers' order).
  const listed = [...(await gateway.listRefunds(providerPaymentId))].reverse().sort((a, b) => (a.created?.getTime() ?? 0) - (b.created?.getTime() ?? 0));
  return deps.db.transaction(async (tx) => {
    const order = await q.lockOrder(tx, payment.orderId!);
    if (!order || (order.status !== 'Paid' && order.status !== 'Refunded')) return `ignored: order ${order?.orderNumber ?? ''} is not paid`;
    let recorded = 0;
    for (const refund of listed) if (await syncOne(tx, deps, order, provider, refund)) recorded += 1;
    const now = (await q.lockOrder(tx, order.id))!;
    const left = refundLeft(
      now.total,
      (await q.selectRefundsOfOrder(tx, order.id)).filter((r) => r.status === 'succeeded'),
    );
    if (!recorded) return `order ${order.orderNumber}: no new refund`;
    return `order ${order.orderNumber}: ${recorded} refund${recorded === 1 ? '' : 's'} recorded, ${now.status === 'Refunded' ? 'refunded in full' : `${orderMoney(order, left)} left`}`;
  });
}

/** One of the provider's refunds of the order's payment: recorded (and followed up) once; true when it was recorded now. */
async function syncOne(tx: Tx, deps: OrderDeps, order: Order, provider: 'stripe' | 'razorpay', refund: ProviderRefund): Promise<boolean> {
  const rows = await q.selectRefundsOfOrder(tx, order.id);
  const ours =
    rows.find((r) => r.provider === provider && r.providerRefundId === refund.id) ??
    (refund.ourRefundId ? rows.find((r) => String(r.id) === refund.ourRefundId && r.providerRefundId === null) : undefined);
  if (!refund.made) {
    if (ours?.status === 'pending')
      await q.settleRefund(tx, ours.id, ['pending'], { status: 'failed', providerRefundId: refund.id, providerStatus: refund.status });
    return false;
  }
  const made = { refundedAt: refund.created ?? new Date(), providerRefundId: refund.id, providerStatus: refund.status };
  if (ours) return Boolean(await recordMade(tx, deps, order.id, ours.id, made));
  // Made at the provider (its dashboard): recorded here, if it fits in what was paid.
  const refunded = sum(rows.filter((r) => r.status === 'succeeded'));
  if (refunded + refund.amount > order.total) {
    deps.log.warn({ order: order.orderNumber, refund: refund.id, refunded, total: order.total }, 'a provider refund beyond what was paid was not recorded');
    return false;
  }
  const row = await q.insertRefund(tx, {
    orderId: order.id,
    amount: refund.amount,
    currency: order.currency,
    reason: null,
    status: 'succeeded',
    provider,
    providerRefundId: refund.id,
    providerStatus: refund.status,
    createdAt: made.refundedAt,
    refundedAt: made.refundedAt,
  });
  await afterRefundMade(tx, deps, order.id, row);
  return true;
}
