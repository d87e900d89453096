import type { FastifyBaseLogger } from 'fastify';
import { regions, type Region } from '../../../shared/regions.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { receiptEmail } from '../../emails/receipt.js';
import { SEND_EMAIL_JOB } from '../../jobs/email.js';
import type { JobQueue } from '../../jobs/queue.js';
import { recordPurchase } from '../accounts/index.js';
import { clearPurchasedCourses } from '../cart/index.js';
import { enrol } from '../enrolments/index.js';
import { settleCouponUse } from './coupons.js';
import { itemsOfOrders, orderLines } from './items.js';
import * as q from './queries.js';

export interface FulfilmentDeps {
  db: Database;
  queue: JobQueue;
  config: Config;
  log: FastifyBaseLogger;
}

export interface ConfirmedPayment {
  orderId: number;
  provider: 'stripe' | 'razorpay' | 'none';
  providerPaymentId: string;
  /** What the provider says was paid, in minor units. */
  amount: number;
  currency: string;
  cartId?: string | null;
}

/**
 * Marks the order paid, enrols the buyer and queues one receipt, exactly once: the order row is
 * locked, and only the Pending → Paid transition does the work, so redirects, webhooks and retries
 * in any order and any number end the same way.
 */
export async function fulfilOrder(deps: FulfilmentDeps, payment: ConfirmedPayment): Promise<'fulfilled' | 'already-paid' | 'amount-mismatch' | 'not-payable'> {
  return deps.db.transaction(async (tx) => {
    const order = await q.lockOrder(tx, payment.orderId);
    if (!order) return 'not-payable';
    if (order.status === 'Paid') return 'already-paid';
    if (order.status === 'Refunded') return 'not-payable';
    if (payment.amount !== order.total || payment.currency.toUpperCase() !== order.currency.toUpperCase()) {
      deps.log.error(
        { order: order.orderNumber, paid: payment.amount, expected: order.total, currency: payment.currency },
        'paid amount does not match the order; not fulfilled',
      );
      return 'amount-mismatch';
    }
    const paidAt = new Date();
    await q.insertPayment(tx, {
      orderId: order.id,
      provider: payment.provider,
      providerPaymentId: payment.providerPaymentId,
      status: 'Success',
      amount: payment.amount,
      currency: order.currency,
    });
    // A Failed order whose payment succeeded after all (a late webhook) is still fulfilled.
    await q.updateOrder(tx, order.id, { status: 'Paid', paidAt });
    await settleCouponUse(tx, order, 'Paid');
    await q.assignInvoiceNumber(tx, order.id);
    // Every course of the order opens, bundles' included (one enrolment per course; a course the
    // buyer owned already keeps the purchase that opened it first).
    const items = await itemsOfOrders(tx, [order.id]);
    const courseIds = items.map((i) => i.courseId);
    const bundleIds = [...new Set(items.flatMap((i) => (i.bundle ? [i.bundle.id] : [])))];
    await enrol(tx, order.userId, courseIds, 'purchase', order.id);
    await clearPurchasedCourses(tx, order.userId, courseIds, payment.cartId, bundleIds);
    const { verifyUrl } = await recordPurchase(tx, deps.config, order.userId, paidAt);

    const meta = regions[order.region as Region] ?? regions.US;
    const email = receiptEmail({
      fullName: order.fullName,
      orderNumber: order.orderNumber,
      paidAt,
      paymentMethod: order.paymentMethod,
      symbol: meta.symbol,
      currency: order.currency,
      items: orderLines(items).map((l) => ({ title: l.title, price: l.price })),
      discount: order.discount,
      total: order.total,
      coupon: order.couponCode,
      orderUrl: `${deps.config.publicUrl}/order/details/${order.orderNumber}`,
      dashboardUrl: `${deps.config.publicUrl}/dashboard/`,
      verifyUrl,
    });
    await deps.queue.enqueue(SEND_EMAIL_JOB, { to: order.email, ...email }, { tx });
    return 'fulfilled';
  });
}

/** A failed payment: the order stays unpaid (Failed) and its coupon use is given back. */
export async function failOrder(
  deps: FulfilmentDeps,
  orderId: number,
  failed?: { provider: 'stripe' | 'razorpay'; providerPaymentId: string; amount: number },
): Promise<void> {
  await closeUnpaid(deps, orderId, 'Failed', failed);
}

/**
 * A checkout left without a failed payment (the buyer came back from Stripe's page, or its session
 * expired): the order is Cancelled, not Failed, and its coupon use is given back. `attempted` is a
 * payment the buyer tried there first (a declined card): it is recorded, so the order stays in the
 * buyer's history (orders.queries' buyerSees).
 */
export async function cancelOrder(
  deps: FulfilmentDeps,
  orderId: number,
  attempted?: { provider: 'stripe' | 'razorpay'; providerPaymentId: string; amount: number },
): Promise<void> {
  await closeUnpaid(deps, orderId, 'Cancelled', attempted);
}

/** A Stripe Checkout session's payment attempt, if the buyer made one: Stripe creates its PaymentIntent at the first confirmation. */
export const stripeAttempt = (session: { paid: boolean; paymentIntentId: string | null; amountTotal: number | null }) =>
  !session.paid && session.paymentIntentId
    ? { provider: 'stripe' as const, providerPaymentId: session.paymentIntentId, amount: session.amountTotal ?? 0 }
    : undefined;

async function closeUnpaid(
  deps: FulfilmentDeps,
  orderId: number,
  status: 'Failed' | 'Cancelled',
  failed?: { provider: 'stripe' | 'razorpay'; providerPaymentId: string; amount: number },
): Promise<void> {
  // The usual case, a checkout without a coupon nor a payment to record, is one statement; the rest takes the row lock.
  if (!failed?.providerPaymentId && (await q.closePendingOrderWithoutCoupon(deps.db, orderId, status))) return;
  await deps.db.transaction(async (tx) => {
    const order = await q.lockOrder(tx, orderId);
    if (!order || order.status !== 'Pending') return;
    if (failed?.providerPaymentId) {
      await q.insertPayment(tx, {
        orderId,
        provider: failed.provider,
        providerPaymentId: failed.providerPaymentId,
        status: 'Failed',
        amount: failed.amount,
        currency: order.currency,
      });
    }
    await q.updateOrder(tx, orderId, { status });
    await settleCouponUse(tx, order, status);
  });
}
