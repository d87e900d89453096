import Stripe from 'stripe';
import { ProviderObjectMissing, ProviderRefused, type ProviderRefund } from '../provider-errors.js';

export interface CheckoutLine {
  name: string;
  /** Minor units, already discounted: the lines add up to the order total. */
  amount: number;
}

export interface CheckoutSessionInput {
  orderNumber: string;
  currency: string;
  lines: CheckoutLine[];
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSessionState {
  id: string;
  url: string | null;
  paid: boolean;
  status: string;
  orderNumber: string | undefined;
  amountTotal: number | null;
  currency: string | null;
  paymentIntentId: string | null;
  mode: string;
  metadata: Record<string, string>;
  customerId: string | null;
  subscriptionId: string | null;
}

/** A membership checkout: a subscription (monthly, yearly) or a one-time payment (lifetime), priced by our server. */
export interface MembershipCheckoutInput {
  customerId: string;
  /** Our membership's id: it is written on the session and the subscription, so every event finds its way back. */
  membershipId: number;
  userId: number;
  productName: string;
  currency: string;
  /** Minor units, per period (or once, for lifetime). */
  amount: number;
  /** Absent: a one-time payment. */
  interval?: 'month' | 'year';
  /** The plan's synced recurring Price (its amount and currency are the ones above); absent: an inline price. */
  priceId?: string | undefined;
  successUrl: string;
  cancelUrl: string;
}

export interface StripeSubscriptionState {
  id: string;
  /** incomplete, incomplete_expired, trialing, active, past_due, canceled, unpaid or paused. */
  status: string;
  customerId: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  canceledAt: Date | null;
  endedAt: Date | null;
  metadata: Record<string, string>;
  latestInvoiceId: string | null;
}

export interface StripeInvoiceState {
  id: string;
  subscriptionId: string | null;
  /** draft, open, paid, uncollectible or void. */
  status: string;
  /** subscription_create (first charge), subscription_cycle (renewal), ... */
  billingReason: string | null;
  amountPaid: number;
  amountDue: number;
  currency: string;
  paymentIntentId: string | null;
  attemptCount: number;
  nextPaymentAttempt: Date | null;
  created: Date;
  /** When it was paid (status_transitions.paid_at). */
  paidAt: Date | null;
}

export interface StripeEvent {
  id: string;
  type: string;
  objectId: string | undefined;
  /** The object as the (signed) event carried it: state is read back from Stripe; this only tells what happened then (an invoice's attempt number). */
  object?: Record<string, unknown>;
  /** When it happened, by Stripe's clock (a test clock's time for a sandbox customer). */
  created?: Date | null;
}

/** Whether a Stripe secret (or restricted) key moves real money: sk_live_/rk_live_ do, sk_test_/rk_test_ do not. */
export function stripeKeyMode(secretKey: string): 'test' | 'live' {
  return /^(sk|rk)_live_/.test(secretKey) ? 'live' : 'test';
}

export interface StripeGateway {
  mode: 'live' | 'sandbox';
  createCheckoutSession(input: CheckoutSessionInput): Promise<{ id: string; url: string }>;
  retrieveSession(id: string): Promise<CheckoutSessionState>;
  /** Verifies the Stripe-Signature header over the raw body; throws when it does not match. */
  constructEvent(rawBody: Buffer, signature: string): StripeEvent;
  /** A charge as Stripe holds it now (refund webhooks are read back through this). */
  retrieveCharge(id: string): Promise<{ paymentIntentId: string | null; refunded: boolean; amountRefunded: number }>;
  /**
   * Refunds a payment, in full or `amount` (minor units) of it; the idempotency key makes a retry the
   * same refund. Stripe's refusal (more than is left, already refunded) throws ProviderRefused.
   */
  refund(
    paymentIntentId: string,
    idempotencyKey: string,
    options?: { amount?: number | undefined; metadata?: Record<string, string> },
  ): Promise<{ id: string; status: string | null; amount: number }>;
  /** Every refund of the payment, as Stripe holds them now (a refund webhook is read back through this). */
  listRefunds(paymentIntentId: string): Promise<ProviderRefund[]>;
  /** Signs a payload the way Stripe does (sandbox and tests). */
  signPayload(payload: string): string;

  // ---- memberships (Stripe Billing) ----
  createCustomer(input: { userId: number; email: string; name: string }): Promise<string>;
  createMembershipCheckout(input: MembershipCheckoutInput): Promise<{ id: string; url: string }>;
  /** An abandoned checkout can no longer be paid (a newer one replaces it). */
  expireSession(id: string): Promise<void>;
  /**
   * Ends a checkout left open and answers the session as it ends: expired now (one call), or, when
   * Stripe refuses because it is no longer open (paid, or expired before), as it is (a second call).
   */
  expireOpenSession(id: string): Promise<CheckoutSessionState>;
  retrieveSubscription(id: string): Promise<StripeSubscriptionState>;
  retrieveInvoice(id: string): Promise<StripeInvoiceState>;
  /** Auto-renewal off (cancel at the end of the period), or back on. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<StripeSubscriptionState>;
  /** Ends the subscription now (a refund, the instructor's cancellation, the end of the grace period). */
  cancelSubscriptionNow(subscriptionId: string): Promise<StripeSubscriptionState>;
  /**
   * Moves the subscription to another recurring Price with Stripe's proration, invoiced and charged
   * now (proration_behavior always_invoice); a declined charge changes nothing (payment_behavior
   * error_if_incomplete: Stripe answers a card error).
   */
  changeSubscriptionPrice(subscriptionId: string, priceId: string): Promise<StripeSubscriptionState>;
  /** A Billing Portal session where the customer updates the payment method (flow payment_method_update), then returns. */
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ id: string; url: string }>;

  // ---- the plans on sale (Products and their Prices) ----
  createProduct(input: { name: string; planId: number }): Promise<string>;
  renameProduct(productId: string, name: string): Promise<void>;
  /** A new recurring Price (Prices are immutable: a new amount is a new Price). */
  createRecurringPrice(input: { productId: string; currency: string; amount: number; interval: 'month' | 'year'; planId: number }): Promise<string>;
  /** No new checkout can use it; subscriptions already on it keep it. */
  archivePrice(priceId: string): Promise<void>;
}

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  mode: 'live' | 'sandbox';
  /** Points the official SDK at another host: the local fake API in tests and in the sandbox. */
  apiBase?: string | undefined;
}

/** The official `stripe` SDK behind a small interface; `apiBase` lets it talk to a local fake of Stripe's API. */
export function createStripeGateway(options: StripeGatewayOptions): StripeGateway {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol.replace(':', '') as 'http' | 'https' }
      : {}),
  });

  const toState = (session: Stripe.Checkout.Session): CheckoutSessionState => ({
    id: session.id,
    url: session.url,
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    status: session.status ?? 'open',
    orderNumber: session.metadata?.order_number ?? session.client_reference_id ?? undefined,
    amountTotal: session.amount_total,
    currency: session.currency,
    paymentIntentId: typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
    mode: session.mode,
    metadata: session.metadata ?? {},
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
  });

  const toSubscription = (sub: Stripe.Subscription): StripeSubscriptionState => {
    // Since API version 2025-03-31 the billing period lives on the subscription's items.
    const item = sub.items.data[0];
    return {
      id: sub.id,
      status: sub.status,
      customerId: idOf(sub.customer) ?? '',
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      currentPeriodStart: item ? fromUnix(item.current_period_start) : null,
      currentPeriodEnd: item ? fromUnix(item.current_period_end) : null,
      canceledAt: fromUnix(sub.canceled_at),
      endedAt: fromUnix(sub.ended_at),
      metadata: sub.metadata ?? {},
      latestInvoiceId: idOf(sub.latest_invoice),
    };
  };

  const toInvoice = (invoice: Stripe.Invoice): StripeInvoiceState => {
    const payment = invoice.payments?.data.find((p) => p.payment.type === 'payment_intent' && p.payment.payment_intent);
    return {
      id: invoice.id ?? '',
      subscriptionId: idOf(invoice.parent?.subscription_details?.subscription ?? null),
      status: invoice.status ?? 'draft',
      billingReason: invoice.billing_reason,
      amountPaid: invoice.amount_paid,
      amountDue: invoice.amount_due,
      currency: invoice.currency,
      paymentIntentId: payment ? idOf(payment.payment.payment_intent ?? null) : null,
      attemptCount: invoice.attempt_count,
      nextPaymentAttempt: fromUnix(invoice.next_payment_attempt),
      created: fromUnix(invoice.created) ?? new Date(),
      paidAt: fromUnix(invoice.status_transitions?.paid_at ?? null),
    };
  };

  /** Reads an object by its id: Stripe's "no such object" becomes ProviderObjectMissing; an outage stays what it is. */
  const read = async <T>(request: Promise<T>): Promise<T> => {
    try {
      return await request;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && (error.statusCode === 404 || error.code === 'resource_missing')) {
        throw new ProviderObjectMissing('stripe', error.message);
      }
      throw error;
    }
  };

  return {
    mode: options.mode,
    async createCheckoutSession(input) {
      const session = await withoutCallSite(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            customer_email: input.customerEmail,
            client_reference_id: input.orderNumber,
            metadata: { order_number: input.orderNumber },
            payment_intent_data: { metadata: { order_number: input.orderNumber } },
            line_items: input.lines.map((line) => ({
              quantity: 1,
              price_data: { currency: input.currency.toLowerCase(), unit_amount: line.amount, product_data: { name: line.name } },
            })),
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: `checkout-${input.orderNumber}` },
        ),
      );
      if (!session.url) throw new Error('Stripe returned a session without a URL');
      return { id: session.id, url: session.url };
    },
    async retrieveSession(id) {
      return toState(await read(stripe.checkout.sessions.retrieve(id)));
    },
    constructEvent(rawBody, signature) {
      const event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      const object = event.data.object as { id?: string };
      return {
        id: event.id,
        type: event.type,
        objectId: object.id,
        object: event.data.object as unknown as Record<string, unknown>,
        created: typeof event.created === 'number' ? fromUnix(event.created) : null,
      };
    },
    async retrieveCharge(id) {
      const charge = await read(stripe.charges.retrieve(id));
      return {
        paymentIntentId: typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null),
        refunded: charge.refunded,
        amountRefunded: charge.amount_refunded,
      };
    },
    async refund(paymentIntentId, idempotencyKey, refundOptions = {}) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntentId,
            ...(refundOptions.amount === undefined ? {} : { amount: refundOptions.amount }),
            ...(refundOptions.metadata ? { metadata: refundOptions.metadata } : {}),
          },
          { idempotencyKey },
        );
        return { id: refund.id, status: refund.status, amount: refund.amount };
      } catch (error) {
        // A 4xx with Stripe's reason: nothing was refunded. (An idempotency conflict or an outage is not a refusal.)
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode !== undefined && error.statusCode < 500 && error.statusCode !== 409)
          throw new ProviderRefused('stripe', error.message);
        throw error;
      }
    },
    async listRefunds(paymentIntentId) {
      const refunds = await read(stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 }).autoPagingToArray({ limit: 10_000 }));
      return refunds.map((r) => ({
        id: r.id,
        amount: r.amount,
        status: r.status ?? 'pending',
        made: r.status !== 'failed' && r.status !== 'canceled',
        created: fromUnix(r.created),
        ourRefundId: r.metadata?.refund_id ?? null,
      }));
    },
    signPayload(payload) {
      return stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    },
    async createCustomer(input) {
      const customer = await stripe.customers.create(
        { email: input.email, name: input.name, metadata: { user_id: String(input.userId) } },
        { idempotencyKey: `customer-user-${input.userId}` },
      );
      return customer.id;
    },
    async createMembershipCheckout(input) {
      const metadata = {
        membership_id: String(input.membershipId),
        user_id: String(input.userId),
        kind: input.interval ? 'membership' : 'membership_lifetime',
      };
      const lineItem = input.priceId
        ? { quantity: 1, price: input.priceId }
        : {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amount,
              product_data: { name: input.productName },
              ...(input.interval ? { recurring: { interval: input.interval, interval_count: 1 } } : {}),
            },
          };
      const session = await stripe.checkout.sessions.create(
        {
          mode: input.interval ? 'subscription' : 'payment',
          customer: input.customerId,
          client_reference_id: String(input.membershipId),
          metadata,
          line_items: [lineItem],
          ...(input.interval ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: `membership-checkout-${input.membershipId}` },
      );
      if (!session.url) throw new Error('Stripe returned a session without a URL');
      return { id: session.id, url: session.url };
    },
    async expireSession(id) {
      await stripe.checkout.sessions.expire(id);
    },
    async expireOpenSession(id) {
      try {
        return toState(await withoutCallSite(() => stripe.checkout.sessions.expire(id)));
      } catch (error) {
        // 400: only an open session can be expired; anything else (missing, an outage) is for the caller.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.statusCode !== 400) throw error;
        return toState(await read(stripe.checkout.sessions.retrieve(id)));
      }
    },
    async retrieveSubscription(id) {
      return toSubscription(await read(stripe.subscriptions.retrieve(id)));
    },
    async retrieveInvoice(id) {
      return toInvoice(await read(stripe.invoices.retrieve(id, { expand: ['payments'] })));
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      return toSubscription(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
    },
    async cancelSubscriptionNow(subscriptionId) {
      return toSubscription(await stripe.subscriptions.cancel(subscriptionId));
    },
    async changeSubscriptionPrice(subscriptionId, priceId) {
      const sub = await stripe.subscriptions.retrieve(subscriptionId);
      const item = sub.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item`);
      return toSubscription(
        await stripe.subscriptions.update(
          subscriptionId,
          // No idempotency key: Stripe would replay a declined attempt's card error after the card is updated.
          { items: [{ id: item.id, price: priceId }], proration_behavior: 'always_invoice', payment_behavior: 'error_if_incomplete' },
        ),
      );
    },
    async createPortalSession(input) {
      const session = await stripe.billingPortal.sessions.create({
        customer: input.customerId,
        return_url: input.returnUrl,
        flow_data: { type: 'payment_method_update', after_completion: { type: 'redirect', redirect: { return_url: input.returnUrl } } },
      });
      return { id: session.id, url: session.url };
    },
    async createProduct(input) {
      const product = await stripe.products.create({ name: input.name, metadata: { plan_id: String(input.planId) } });
      return product.id;
    },
    async renameProduct(productId, name) {
      await stripe.products.update(productId, { name });
    },
    async createRecurringPrice(input) {
      const price = await stripe.prices.create({
        product: input.productId,
        currency: input.currency.toLowerCase(),
        unit_amount: input.amount,
        recurring: { interval: input.interval, interval_count: 1 },
        metadata: { plan_id: String(input.planId) },
      });
      return price.id;
    },
    async archivePrice(priceId) {
      await stripe.prices.update(priceId, { active: false });
    },
  };
}

/**
 * Calls the SDK without the caller's stack it captures at every request (`new Error().stack`, kept to
 * decorate an error). Under tsx (`npm start`) source maps are on, and that stack is mapped frame by
 * frame: about half a millisecond of CPU a call, a twentieth of what create-order costs (measured).
 * Only the order path's calls go through here; an error from them still names the call that failed.
 */
function withoutCallSite<T>(call: () => Promise<T>): Promise<T> {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return call();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

const idOf = (value: string | { id?: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));
const fromUnix = (seconds: number | null | undefined): Date | null => (seconds ? new Date(seconds * 1000) : null);
