import type { RazorpayEventBody } from '../../integrations/razorpay/index.js';
import type { StripeEvent } from '../../integrations/stripe/index.js';
import { membershipById, membershipByReference, type MembershipRow } from '../memberships/index.js';
import {
  applyRefund,
  applyView,
  recordCharge,
  recordFailure,
  stripeUnpaidSince,
  supersedeByLifetime,
  viewOfRazorpay,
  viewOfStripe,
  type MembershipDeps,
} from './state-machine.js';
import * as q from './queries.js';

/**
 * The providers' webhooks for memberships: one handler per event type. A handler never trusts the
 * event's body: it reads the object back from the provider and applies its current state, so a
 * replay, a retry or an event arriving after a newer one changes nothing. Each returns the outcome
 * kept in the payments log, or null when the event is not about a membership (the webhook router,
 * modules/webhooks, then hands it to orders).
 */

type Outcome = string | null;

/** Our membership behind a Stripe subscription: by its id, else by the membership id written on it at checkout. */
async function membershipOfStripe(deps: MembershipDeps, sub: { id: string; metadata: Record<string, string> }) {
  const linked = await membershipByReference(deps.db, { stripeSubscriptionId: sub.id });
  if (linked) return linked;
  const id = Number(sub.metadata.membership_id);
  if (!Number.isInteger(id) || id <= 0) return undefined;
  const row = await membershipById(deps.db, id);
  // The metadata must agree with the row: a subscription is linked to one membership of its own user.
  if (!row || row.stripeSubscriptionId || String(row.userId) !== sub.metadata.user_id) return undefined;
  return row;
}

/** A one-time membership payment (lifetime): activates only when the provider's amount is the price. */
export async function activateLifetime(
  deps: MembershipDeps,
  row: MembershipRow,
  payment: { providerPaymentId: string; amount: number; currency: string },
): Promise<'activated' | 'already active' | 'amount mismatch' | 'ended'> {
  if (payment.amount !== row.amount || payment.currency.toUpperCase() !== row.currency.toUpperCase()) {
    deps.log.error(
      { membership: row.id, paid: payment.amount, price: row.amount, currency: payment.currency },
      'lifetime payment does not match the price; not activated',
    );
    return 'amount mismatch';
  }
  const outcome = await applyView(deps, row.id, { status: 'active', periodStart: new Date(), periodEnd: null, autoRenew: false });
  await recordCharge(deps, row.id, {
    transactionId: payment.providerPaymentId,
    providerPaymentId: payment.providerPaymentId,
    amount: payment.amount,
    kind: 'first',
  });
  // An upgrade from a monthly or yearly membership: that one ends now (its unused part was credited).
  if (outcome === 'activated') await supersedeByLifetime(deps, row.userId, row.id);
  if (outcome === 'activated') return 'activated';
  const fresh = await membershipById(deps.db, row.id);
  return fresh?.status === 'active' ? 'already active' : 'ended';
}

const stripeHandlers: Record<string, (deps: MembershipDeps, objectId: string, event: StripeEvent) => Promise<Outcome>> = {
  async 'checkout.session.completed'(deps, sessionId, event) {
    // Which module the session belongs to is written on it (signed); its state is read back below.
    const kind = (event.object?.metadata as Record<string, string> | undefined)?.kind;
    if (kind !== 'membership' && kind !== 'membership_lifetime') return null;
    const stripe = deps.stripe!;
    const session = await stripe.retrieveSession(sessionId);
    if (session.metadata.kind !== 'membership' && session.metadata.kind !== 'membership_lifetime') return null;
    const row = await membershipById(deps.db, Number(session.metadata.membership_id));
    if (!row || row.providerReference !== session.id) return 'ignored: no membership for this checkout';
    if (session.mode === 'subscription') {
      if (!session.subscriptionId) return 'ignored: no subscription yet';
      const sub = await stripe.retrieveSubscription(session.subscriptionId);
      const outcome = await applyView(deps, row.id, viewOfStripe(sub, await stripeUnpaidSince(deps, sub)));
      // The first invoice is recorded here too, in case its own event is late.
      if (sub.latestInvoiceId) {
        const invoice = await stripe.retrieveInvoice(sub.latestInvoiceId);
        if (invoice.status === 'paid' && invoice.billingReason === 'subscription_create') {
          await recordCharge(deps, row.id, {
            transactionId: invoice.id,
            providerPaymentId: invoice.paymentIntentId,
            amount: invoice.amountPaid,
            kind: 'first',
            at: invoice.paidAt,
          });
        }
      }
      return `membership ${outcome}`;
    }
    if (!session.paid || !session.paymentIntentId) return 'ignored: not paid';
    return `lifetime ${await activateLifetime(deps, row, { providerPaymentId: session.paymentIntentId, amount: session.amountTotal ?? -1, currency: session.currency ?? '' })}`;
  },

  async 'invoice.paid'(deps, invoiceId) {
    const stripe = deps.stripe!;
    const invoice = await stripe.retrieveInvoice(invoiceId);
    if (!invoice.subscriptionId) return null;
    const sub = await stripe.retrieveSubscription(invoice.subscriptionId);
    const row = await membershipOfStripe(deps, sub);
    if (!row) return null;
    const outcome = await applyView(deps, row.id, viewOfStripe(sub, await stripeUnpaidSince(deps, sub)));
    if (invoice.status !== 'paid') return `membership ${outcome} (invoice not paid)`;
    const written = await recordCharge(deps, row.id, {
      transactionId: invoice.id,
      providerPaymentId: invoice.paymentIntentId,
      amount: invoice.amountPaid,
      kind: invoice.billingReason === 'subscription_create' ? 'first' : invoice.billingReason === 'subscription_update' ? 'change' : 'renewal',
      at: invoice.paidAt,
    });
    return `membership ${outcome}${written ? ', charge recorded' : ''}`;
  },

  async 'invoice.payment_failed'(deps, invoiceId, event) {
    const stripe = deps.stripe!;
    const invoice = await stripe.retrieveInvoice(invoiceId);
    if (!invoice.subscriptionId) return null;
    const sub = await stripe.retrieveSubscription(invoice.subscriptionId);
    const row = await membershipOfStripe(deps, sub);
    if (!row) return null;
    // One history row per failed attempt: the event tells which attempt it reports (the invoice now may have more).
    const attempt = Number(event.object?.attempt_count) || invoice.attemptCount;
    await recordFailure(deps, row.id, {
      transactionId: `${invoice.id}-attempt-${attempt}`,
      providerReference: invoice.id,
      amount: invoice.amountDue,
      // The attempt's time is the event's (Stripe's clock: a test clock's in the sandbox).
      at: event.created,
    });
    const outcome = await applyView(deps, row.id, viewOfStripe(sub, await stripeUnpaidSince(deps, sub)));
    return `membership ${outcome}`;
  },

  'customer.subscription.created': syncStripeSubscription,
  'customer.subscription.updated': syncStripeSubscription,
  'customer.subscription.deleted': syncStripeSubscription,

  async 'charge.refunded'(deps, chargeId, event) {
    // Only a charge we recorded for a membership is ours; its state is read back from Stripe.
    const signedIntent = event.object?.payment_intent;
    if (typeof signedIntent !== 'string' || !(await q.selectChargeByPayment(deps.db, signedIntent))) return null;
    const charge = await deps.stripe!.retrieveCharge(chargeId);
    if (!charge.refunded || !charge.paymentIntentId) return null;
    const outcome = await applyRefund(deps, charge.paymentIntentId);
    return outcome === 'unknown payment' ? null : `membership ${outcome}`;
  },
};

async function syncStripeSubscription(deps: MembershipDeps, subscriptionId: string): Promise<Outcome> {
  const stripe = deps.stripe!;
  const sub = await stripe.retrieveSubscription(subscriptionId);
  const row = await membershipOfStripe(deps, sub);
  if (!row) return null;
  // A subscription past due: its grace period starts at the failed renewal.
  return `membership ${await applyView(deps, row.id, viewOfStripe(sub, await stripeUnpaidSince(deps, sub)))}`;
}

/** A verified Stripe event about a membership, or null when it is about something else. */
export async function handleStripeMembershipEvent(deps: MembershipDeps, event: StripeEvent): Promise<Outcome> {
  const handler = stripeHandlers[event.type];
  if (!handler || !deps.stripe || !event.objectId) return null;
  return handler(deps, event.objectId, event);
}

async function syncRazorpaySubscription(deps: MembershipDeps, body: RazorpayEventBody, type: string): Promise<Outcome> {
  const razorpay = deps.razorpay!;
  const subscriptionId = body.payload?.subscription?.entity?.id;
  if (!subscriptionId) return null;
  const row = await membershipByReference(deps.db, { razorpaySubscriptionId: subscriptionId });
  if (!row) return null;
  const sub = await razorpay.fetchSubscription(subscriptionId);
  const paymentId = body.payload?.payment?.entity?.id;
  const payment = paymentId ? await razorpay.fetchPayment(paymentId) : undefined;
  const failedAt = type === 'subscription.pending' ? (payment?.createdAt ?? new Date()) : null;
  if (payment && payment.status === 'failed')
    await recordFailure(deps, row.id, { transactionId: payment.id, providerReference: payment.id, amount: payment.amount, at: payment.createdAt });
  const view = viewOfRazorpay(sub, failedAt);
  // Halted after the last retry: access ended with that attempt.
  if (type === 'subscription.halted' && payment?.status === 'failed' && payment.createdAt) view.endedAt = payment.createdAt;
  const outcome = await applyView(deps, row.id, view);
  if (payment && (payment.status === 'captured' || payment.status === 'refunded')) {
    const first = !(await q.selectLastCharge(deps.db, row.id));
    await recordCharge(deps, row.id, {
      transactionId: payment.id,
      providerPaymentId: payment.id,
      amount: payment.amount,
      kind: first ? 'first' : 'renewal',
      at: payment.createdAt,
    });
  }
  return `membership ${outcome}`;
}

const razorpayHandlers: Record<string, (deps: MembershipDeps, body: RazorpayEventBody, type: string) => Promise<Outcome>> = {
  'subscription.authenticated': syncRazorpaySubscription,
  'subscription.activated': syncRazorpaySubscription,
  'subscription.charged': syncRazorpaySubscription,
  'subscription.pending': syncRazorpaySubscription,
  'subscription.halted': syncRazorpaySubscription,
  'subscription.cancelled': syncRazorpaySubscription,
  'subscription.completed': syncRazorpaySubscription,
  'subscription.updated': syncRazorpaySubscription,

  /** A lifetime membership paid by a Razorpay order. */
  async 'payment.captured'(deps, body) {
    const paymentId = body.payload?.payment?.entity?.id;
    if (!paymentId) return null;
    const payment = await deps.razorpay!.fetchPayment(paymentId);
    const row = payment.orderId ? await membershipByReference(deps.db, { providerReference: payment.orderId }) : undefined;
    if (!row) return null;
    if (payment.status !== 'captured') return `ignored: payment ${payment.status}`;
    return `lifetime ${await activateLifetime(deps, row, { providerPaymentId: payment.id, amount: payment.amount, currency: payment.currency })}`;
  },

  async 'payment.failed'(deps, body) {
    const paymentId = body.payload?.payment?.entity?.id;
    if (!paymentId) return null;
    const payment = await deps.razorpay!.fetchPayment(paymentId);
    const row = payment.orderId ? await membershipByReference(deps.db, { providerReference: payment.orderId }) : undefined;
    // A failed renewal of a subscription arrives as subscription.pending, with the payment.
    return row ? 'lifetime payment failed (membership stays unpaid)' : null;
  },

  async 'refund.processed'(deps, body) {
    const paymentId = body.payload?.refund?.entity?.payment_id ?? body.payload?.payment?.entity?.id;
    if (!paymentId) return null;
    const payment = await deps.razorpay!.fetchPayment(paymentId);
    if (payment.status !== 'refunded') return null;
    const outcome = await applyRefund(deps, payment.id);
    return outcome === 'unknown payment' ? null : `membership ${outcome}`;
  },
};
razorpayHandlers['order.paid'] = razorpayHandlers['payment.captured']!;

/** A verified Razorpay event about a membership, or null when it is about something else. */
export async function handleRazorpayMembershipEvent(deps: MembershipDeps, type: string, body: RazorpayEventBody): Promise<Outcome> {
  const handler = razorpayHandlers[type];
  if (!handler || !deps.razorpay) return null;
  return handler(deps, body, type);
}
