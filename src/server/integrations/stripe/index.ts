import Stripe from 'stripe';

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
}

export interface StripeEvent {
  id: string;
  type: string;
  objectId: string | undefined;
}

export interface StripeGateway {
  mode: 'live' | 'sandbox';
  createCheckoutSession(input: CheckoutSessionInput): Promise<{ id: string; url: string }>;
  retrieveSession(id: string): Promise<CheckoutSessionState>;
  /** Verifies the Stripe-Signature header over the raw body; throws when it does not match. */
  constructEvent(rawBody: Buffer, signature: string): StripeEvent;
  /** A charge as Stripe holds it now (refund webhooks are read back through this). */
  retrieveCharge(id: string): Promise<{ paymentIntentId: string | null; refunded: boolean; amountRefunded: number }>;
  /** Refunds a payment in full; the idempotency key makes a retry the same refund. */
  refund(paymentIntentId: string, idempotencyKey: string): Promise<{ id: string; status: string | null }>;
  /** Signs a payload the way Stripe does (sandbox and tests). */
  signPayload(payload: string): string;
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
  });

  return {
    mode: options.mode,
    async createCheckoutSession(input) {
      const session = await stripe.checkout.sessions.create(
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
      );
      if (!session.url) throw new Error('Stripe returned a session without a URL');
      return { id: session.id, url: session.url };
    },
    async retrieveSession(id) {
      return toState(await stripe.checkout.sessions.retrieve(id));
    },
    constructEvent(rawBody, signature) {
      const event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      const object = event.data.object as { id?: string };
      return { id: event.id, type: event.type, objectId: object.id };
    },
    async retrieveCharge(id) {
      const charge = await stripe.charges.retrieve(id);
      return {
        paymentIntentId: typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null),
        refunded: charge.refunded,
        amountRefunded: charge.amount_refunded,
      };
    },
    async refund(paymentIntentId, idempotencyKey) {
      const refund = await stripe.refunds.create({ payment_intent: paymentIntentId }, { idempotencyKey });
      return { id: refund.id, status: refund.status };
    },
    signPayload(payload) {
      return stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    },
  };
}
