import { commerceMessages, type PaymentCancelResult } from '../../../shared/commerce.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Viewer } from '../../http/auth.js';
import { ProviderObjectMissing } from '../../integrations/provider-errors.js';
import type { RazorpayEventBody } from '../../integrations/razorpay/index.js';
import type { StripeEvent } from '../../integrations/stripe/index.js';
import * as q from './queries.js';
import { ownOrder, type OrderDeps } from './service.js';
import { cancelOrder, failOrder, fulfilOrder, stripeAttempt, type FulfilmentDeps } from './fulfilment.js';
import { syncProviderRefunds } from './refunds.js';

export interface PaymentUpdateResult {
  status: 'Success' | 'Failed' | 'Pending';
  order_number: string;
  payment_id: string;
}

/** The card provider's return: the session is read back from Stripe; only a paid session fulfils. */
export async function confirmStripeReturn(
  deps: OrderDeps,
  input: { sessionId: string; orderNumber: string; viewer: Viewer | undefined },
): Promise<PaymentUpdateResult> {
  const order = await ownOrder(deps.db, input.orderNumber, input.viewer);
  if (!deps.stripe || order.paymentMethod !== 'Stripe' || order.providerReference !== input.sessionId) {
    throw new AppError('bad_request', commerceMessages.paymentNotVerified, { detail: commerceMessages.paymentNotVerified });
  }
  const session = await deps.stripe.retrieveSession(input.sessionId);
  if (session.orderNumber !== order.orderNumber) throw new AppError('bad_request', commerceMessages.paymentNotVerified);
  if (!session.paid || !session.paymentIntentId) return { status: 'Pending', order_number: order.orderNumber, payment_id: session.paymentIntentId ?? 'N/A' };
  const outcome = await fulfilOrder(deps, {
    orderId: order.id,
    provider: 'stripe',
    providerPaymentId: session.paymentIntentId,
    amount: session.amountTotal ?? -1,
    currency: session.currency ?? '',
  });
  return {
    status: outcome === 'fulfilled' || outcome === 'already-paid' ? 'Success' : 'Failed',
    order_number: order.orderNumber,
    payment_id: session.paymentIntentId,
  };
}

/**
 * The buyer left Stripe's page without paying. The session is expired at Stripe first, so it can
 * no longer be paid; only then is the order closed unpaid and its coupon use given back, so the
 * buyer can check out again with the same cart and coupon. A session that was paid meanwhile is
 * left alone (the webhook fulfils it).
 */
export async function cancelStripeCheckout(deps: OrderDeps, input: { orderNumber: string; viewer: Viewer | undefined }): Promise<PaymentCancelResult> {
  const order = await ownOrder(deps.db, input.orderNumber, input.viewer);
  if (!deps.stripe || order.paymentMethod !== 'Stripe' || !order.providerReference) throw AppError.notFound(commerceMessages.orderNotFound);
  if (order.status === 'Paid' || order.status === 'Refunded') return { status: 'Paid', order_number: order.orderNumber, replaced_by: null };
  if (order.status === 'Pending') {
    const session = await deps.stripe.retrieveSession(order.providerReference);
    if (session.paid) return { status: 'Paid', order_number: order.orderNumber, replaced_by: null };
    if (session.status === 'open') await deps.stripe.expireSession(order.providerReference);
    await cancelOrder(deps, order.id, stripeAttempt(session));
    return { status: 'Cancelled', order_number: order.orderNumber, replaced_by: null };
  }
  // Closed before the buyer came back: a newer checkout of theirs (another tab) replaced it.
  return { status: 'Cancelled', order_number: order.orderNumber, replaced_by: await replacementOf(deps, order) };
}

/**
 * The checkout that replaced a closed one: the buyer's next order (its creation closed the older,
 * service.ts' supersedeUnpaidOrders), with Stripe's page to continue it while it is open.
 */
async function replacementOf(deps: OrderDeps, order: { id: number; userId: number }): Promise<PaymentCancelResult['replaced_by']> {
  const next = await q.selectNextOrderOfUser(deps.db, order.userId, order.id);
  if (!next || (next.status !== 'Pending' && next.status !== 'Paid')) return null;
  let checkoutUrl: string | null = null;
  if (next.status === 'Pending' && next.paymentMethod === 'Stripe' && next.providerReference && deps.stripe) {
    const session = await deps.stripe.retrieveSession(next.providerReference);
    if (session.status === 'open' && !session.paid) checkoutUrl = session.url;
  }
  return { order_number: next.orderNumber, status: next.status, checkout_url: checkoutUrl };
}

/** Razorpay's handler result: fulfils only when the HMAC over order and payment ids verifies. */
export async function confirmRazorpayReturn(
  deps: OrderDeps,
  input: { orderNumber: string; orderId: string; paymentId: string; signature: string; status: 'Success' | 'Failed'; viewer: Viewer | undefined },
): Promise<PaymentUpdateResult> {
  const order = await ownOrder(deps.db, input.orderNumber, input.viewer);
  if (!deps.razorpay || order.paymentMethod !== 'RazorPay') throw new AppError('bad_request', commerceMessages.paymentNotVerified);
  if (input.status === 'Failed') {
    await failOrder(deps, order.id, input.paymentId ? { provider: 'razorpay', providerPaymentId: input.paymentId, amount: order.total } : undefined);
    return { status: 'Failed', order_number: order.orderNumber, payment_id: input.paymentId || 'N/A' };
  }
  const valid =
    order.providerReference === input.orderId &&
    Boolean(input.paymentId) &&
    deps.razorpay.verifyPaymentSignature(input.orderId, input.paymentId, input.signature);
  if (!valid) throw new AppError('bad_request', commerceMessages.paymentNotVerified, { detail: commerceMessages.paymentNotVerified });
  // The signature proves Razorpay authorised this payment for this order and amount (the order was created server-side).
  const outcome = await fulfilOrder(deps, {
    orderId: order.id,
    provider: 'razorpay',
    providerPaymentId: input.paymentId,
    amount: order.total,
    currency: order.currency,
  });
  return { status: outcome === 'fulfilled' || outcome === 'already-paid' ? 'Success' : 'Failed', order_number: order.orderNumber, payment_id: input.paymentId };
}

/**
 * Processes a provider event once (the payments log, `provider_events`): the delivery that claims it
 * (queries.claimProviderEvent) does the work and marks it processed; a delivery of the same event
 * arriving meanwhile gets 409, so the provider retries it later, and one arriving after gets 200
 * with nothing redone. A failure releases the claim and answers 503, so the provider's retry
 * processes the event again; except when the provider itself says the object the event is about
 * does not exist (a retry would get the same answer for days): then the event is processed as
 * ignored, with the provider's reason. The webhook router (modules/webhooks) calls it for every
 * delivery and for the studio's replay; `work` is the handler of the module the event is about.
 */
export async function processEventOnce(
  deps: FulfilmentDeps,
  event: { provider: 'stripe' | 'razorpay'; eventId: string; type: string; payload: object },
  work: () => Promise<string>,
): Promise<void> {
  const claim = await q.claimProviderEvent(deps.db, event);
  if (claim === 'processed') return;
  if (claim === 'busy') throw new AppError('conflict', commerceMessages.eventInProgress);
  let outcome: string;
  try {
    outcome = await work();
  } catch (error) {
    if (error instanceof ProviderObjectMissing) {
      deps.log.warn(
        { provider: event.provider, event: event.eventId, type: event.type, reason: error.providerMessage },
        'webhook event about an unknown object ignored',
      );
      await q.finishProviderEvent(deps.db, event.provider, event.eventId, 'processed', `ignored: ${error.message}`);
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    await q.finishProviderEvent(deps.db, event.provider, event.eventId, 'released', `failed, will be retried: ${message}`);
    if (error instanceof AppError) throw error;
    deps.log.error({ err: error, provider: event.provider, event: event.eventId }, 'webhook event not processed; the provider will retry');
    throw new AppError('unavailable', commerceMessages.eventNotProcessed);
  }
  await q.finishProviderEvent(deps.db, event.provider, event.eventId, 'processed', outcome);
}

/** A stored provider event, as received, for the studio's replay (undefined when there is none). */
export async function storedProviderEvent(db: Database, id: number) {
  return q.selectProviderEvent(db, id);
}

/** A verified Stripe event about an order (a checkout session paid, failed or expired; a charge refunded, in part or in full): the outcome for the payments log. */
export async function handleStripeOrderEvent(deps: OrderDeps, event: StripeEvent): Promise<string> {
  return deps.stripe ? stripeOrderEvent(deps, deps.stripe, event) : 'ignored: Stripe is not configured';
}

async function stripeOrderEvent(deps: OrderDeps, stripe: NonNullable<OrderDeps['stripe']>, event: StripeEvent): Promise<string> {
  const { type, objectId } = event;
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = await stripe.retrieveSession(objectId ?? '');
      const order = session.orderNumber ? await q.selectOrderByNumber(deps.db, session.orderNumber) : undefined;
      if (order && order.providerReference === session.id && session.paid && session.paymentIntentId) {
        const outcome = await fulfilOrder(deps, {
          orderId: order.id,
          provider: 'stripe',
          providerPaymentId: session.paymentIntentId,
          amount: session.amountTotal ?? -1,
          currency: session.currency ?? '',
        });
        return `order ${order.orderNumber} ${outcome}`;
      }
      return 'ignored: no unpaid order for this session';
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = await stripe.retrieveSession(objectId ?? '');
      const order = session.orderNumber ? await q.selectOrderByNumber(deps.db, session.orderNumber) : undefined;
      if (order && order.providerReference === session.id && !session.paid) {
        // A session that expired was never paid for: the checkout was left, nothing failed.
        if (type === 'checkout.session.expired') {
          await cancelOrder(deps, order.id, stripeAttempt(session));
          return `order ${order.orderNumber} cancelled`;
        }
        await failOrder(deps, order.id, stripeAttempt(session));
        return `order ${order.orderNumber} failed`;
      }
      return 'ignored';
    }
    case 'charge.refunded': {
      // Sent for every refund, partial ones too: the payment's refunds are read back from Stripe.
      const charge = await stripe.retrieveCharge(objectId ?? '');
      if (charge.paymentIntentId && charge.amountRefunded > 0) return syncProviderRefunds(deps, 'stripe', charge.paymentIntentId);
      return 'ignored: not refunded';
    }
    case 'charge.refund.updated':
    case 'refund.updated':
    case 'refund.failed': {
      // A refund's status changed (pending to succeeded, or failed): the signed event names its payment, read back from Stripe.
      const paymentIntent = event.object?.payment_intent;
      return typeof paymentIntent === 'string' ? syncProviderRefunds(deps, 'stripe', paymentIntent) : 'ignored: no payment';
    }
    default:
      return 'ignored';
  }
}

/** A verified Razorpay event about an order (a payment captured or failed, a refund): the outcome for the payments log. */
export async function handleRazorpayOrderEvent(deps: OrderDeps, type: string, body: RazorpayEventBody): Promise<string> {
  return deps.razorpay ? razorpayOrderEvent(deps, deps.razorpay, type, body) : 'ignored: Razorpay is not configured';
}

async function razorpayOrderEvent(deps: OrderDeps, razorpay: NonNullable<OrderDeps['razorpay']>, type: string, body: RazorpayEventBody): Promise<string> {
  if (type === 'payment.captured' || type === 'order.paid' || type === 'payment.failed') {
    const paymentId = body.payload?.payment?.entity?.id;
    if (!paymentId) return 'ignored: no payment';
    const payment = await razorpay.fetchPayment(paymentId);
    const order = payment.orderId ? await q.selectOrderByReference(deps.db, payment.orderId) : undefined;
    if (order && payment.status === 'captured') {
      const outcome = await fulfilOrder(deps, {
        orderId: order.id,
        provider: 'razorpay',
        providerPaymentId: payment.id,
        amount: payment.amount,
        currency: payment.currency,
      });
      return `order ${order.orderNumber} ${outcome}`;
    }
    if (order && payment.status === 'failed') {
      await failOrder(deps, order.id, { provider: 'razorpay', providerPaymentId: payment.id, amount: payment.amount });
      return `order ${order.orderNumber} failed`;
    }
    return 'ignored: no order for this payment';
  }
  if (type === 'refund.processed' || type === 'refund.created' || type === 'refund.failed' || type === 'payment.refunded') {
    // Partial refunds too: the payment's refunds are read back from Razorpay.
    const paymentId = body.payload?.refund?.entity?.payment_id ?? body.payload?.payment?.entity?.id;
    if (!paymentId) return 'ignored: no payment';
    return syncProviderRefunds(deps, 'razorpay', paymentId);
  }
  return 'ignored';
}
