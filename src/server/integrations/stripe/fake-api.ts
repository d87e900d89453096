import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import type { Database } from '../../db/client.js';
import { sandboxPayments } from '../../db/schema/index.js';
import { publicView } from '../sandbox-clock.js';
import { sandboxCheckoutPage } from '../sandbox-page.js';
import { createStripeBilling, money, type FakePrice, type StripeBilling, type StripeFakeEvent } from './fake-billing.js';

export { money };

export interface FakeStripeOptions {
  db: Database;
  secretKey: string;
  /**
   * Absolute base of the hosted checkout page: a fixed address (the test server), or chosen from
   * the session's return URL so the buyer stays on the origin they came from.
   */
  publicBase: string | ((returnUrl: string) => string);
  /** Where a failed card goes: this path (the app's /order/failure/ page) on the session's return origin. */
  failurePath: string;
  /** Delivers a signed webhook event the way Stripe would (our own webhook route). */
  deliver: (event: StripeFakeEvent) => Promise<void>;
}

const rand = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

interface SessionData {
  mode?: 'payment' | 'subscription';
  success_url: string;
  cancel_url: string;
  customer_email: string;
  customer?: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  lines: { name: string; amount: number }[];
  interval?: 'month' | 'year' | null;
  /** The Price a line named (a plan's synced Price), and its Product. */
  price_id?: string | null;
  product_id?: string | null;
  subscription_metadata?: Record<string, string>;
  subscription_id?: string;
  charge_id?: string;
  /** What has been refunded of the payment (minor units), each refund, and the idempotency keys that made them. */
  amount_refunded?: number;
  refunds?: FakeRefund[];
  refund_keys?: Record<string, string>;
}

interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  status: 'succeeded';
  created: number;
  metadata: Record<string, string>;
  payment_intent: string | null;
  charge: string | null;
}

const stripeError = (code: string, message: string, param?: string) => ({
  error: { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) },
});

interface LineItemBody {
  price?: string;
  price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string }; recurring?: { interval?: string } };
  quantity?: string;
}

/**
 * A local fake of the part of Stripe's HTTP API we use (checkout sessions in payment and
 * subscription mode, products and prices, customers, subscriptions, invoices, charges, refunds, test clocks), plus the
 * hosted checkout page. The real `stripe` SDK talks to it: in tests, and in the sandbox when no
 * keys are set.
 */
export async function registerFakeStripe(app: FastifyInstance, options: FakeStripeOptions): Promise<StripeBilling> {
  const { db } = options;
  const billing = createStripeBilling(db);
  const deliverAll = async (events: StripeFakeEvent[]) => {
    for (const event of events) await options.deliver(event);
  };
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, qs.parse(body as string)));

  const load = async (id: string) => {
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).limit(1);
    return row && row.provider === 'stripe' ? row : undefined;
  };
  const sessionJson = (row: typeof sandboxPayments.$inferSelect) => {
    const data = row.data as unknown as SessionData;
    const paid = row.status === 'paid' || row.status === 'refunded';
    return {
      id: row.id,
      object: 'checkout.session',
      mode: data.mode ?? 'payment',
      url: `${typeof options.publicBase === 'string' ? options.publicBase : options.publicBase(data.success_url)}/sandbox/stripe/checkout/${row.id}`,
      status: paid ? 'complete' : row.status === 'expired' ? 'expired' : 'open',
      payment_status: paid ? 'paid' : 'unpaid',
      amount_total: row.amount,
      currency: row.currency,
      customer: data.customer ?? null,
      customer_email: data.customer_email,
      client_reference_id: data.client_reference_id,
      metadata: data.metadata,
      payment_intent: data.mode === 'subscription' ? null : row.paymentId,
      subscription: data.subscription_id ?? null,
      success_url: data.success_url,
      cancel_url: data.cancel_url,
    };
  };

  await app.register(async (api) => {
    api.addHook('onRequest', async (request, reply) => {
      if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
        return reply.code(401).send({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      }
    });

    api.post('/v1/checkout/sessions', async (request, reply) => {
      const body = request.body as {
        mode?: string;
        line_items?: LineItemBody[];
        success_url?: string;
        cancel_url?: string;
        customer?: string;
        customer_email?: string;
        client_reference_id?: string;
        metadata?: Record<string, string>;
        subscription_data?: { metadata?: Record<string, string> };
      };
      const mode = body.mode === 'subscription' ? 'subscription' : 'payment';
      // A line names a Price (it must exist and be active) or carries inline price_data.
      const items: { name: string; amount: number; currency: string | undefined; interval: string | undefined; price?: FakePrice }[] = [];
      for (const l of body.line_items ?? []) {
        if (l.price) {
          const price = await billing.get<FakePrice>('price', l.price);
          if (!price)
            return reply.code(400).send({ error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such price: '${l.price}'` } });
          if (!price.active)
            return reply
              .code(400)
              .send({ error: { type: 'invalid_request_error', message: 'The price specified is inactive. This field only accepts active prices.' } });
          const product = await billing.get<{ name: string }>('product', price.product);
          items.push({
            name: product?.name ?? 'Item',
            amount: price.unit_amount * Number(l.quantity ?? 1),
            currency: price.currency,
            interval: price.recurring?.interval,
            price,
          });
        } else {
          items.push({
            name: l.price_data?.product_data?.name ?? 'Item',
            amount: Number(l.price_data?.unit_amount ?? 0) * Number(l.quantity ?? 1),
            currency: l.price_data?.currency,
            interval: l.price_data?.recurring?.interval,
          });
        }
      }
      const lines = items.map((i) => ({ name: i.name, amount: i.amount }));
      const interval = items[0]?.interval;
      if (mode === 'subscription' && interval !== 'month' && interval !== 'year') {
        return reply.code(400).send({ error: { type: 'invalid_request_error', message: 'A subscription-mode session needs a recurring price.' } });
      }
      const customer = body.customer ? await billing.get<{ email: string | null }>('customer', body.customer) : undefined;
      if (body.customer && !customer)
        return reply.code(400).send({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such customer' } });
      const data: SessionData = {
        mode,
        success_url: body.success_url ?? '',
        cancel_url: body.cancel_url ?? '',
        customer_email: body.customer_email ?? customer?.email ?? '',
        customer: body.customer ?? null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        lines,
        interval: mode === 'subscription' ? (interval as 'month' | 'year') : null,
        subscription_metadata: body.subscription_data?.metadata ?? {},
        price_id: items[0]?.price?.id ?? null,
        product_id: items[0]?.price?.product ?? null,
      };
      const [row] = await db
        .insert(sandboxPayments)
        .values({
          id: rand('cs_test'),
          provider: 'stripe',
          amount: lines.reduce((s, l) => s + l.amount, 0),
          currency: items[0]?.currency ?? 'usd',
          data: data as unknown as Record<string, unknown>,
        })
        .returning();
      return sessionJson(row!);
    });

    api.get('/v1/checkout/sessions/:id', async (request, reply) => {
      const id = (request.params as { id: string }).id;
      const row = await load(id);
      if (!row)
        return reply.code(404).send({ error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${id}'` } });
      return sessionJson(row);
    });

    api.post('/v1/checkout/sessions/:id/expire', async (request, reply) => {
      const id = (request.params as { id: string }).id;
      const row = await load(id);
      if (!row) return reply.code(404).send({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' } });
      if (row.status !== 'open') return reply.code(400).send({ error: { type: 'invalid_request_error', message: 'Only open sessions can be expired.' } });
      const [updated] = await db.update(sandboxPayments).set({ status: 'expired' }).where(eq(sandboxPayments.id, id)).returning();
      return sessionJson(updated!);
    });

    api.get('/v1/charges/:id', async (request, reply) => {
      const id = (request.params as { id: string }).id;
      const billingCharge = await billing.get('charge', id);
      if (billingCharge) return publicView(billingCharge);
      const [row] = await db
        .select()
        .from(sandboxPayments)
        .where(sql`${sandboxPayments.data}->>'charge_id' = ${id}`)
        .limit(1);
      if (!row) return reply.code(404).send({ error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such charge: '${id}'` } });
      return chargeJson(row);
    });

    api.post('/v1/refunds', async (request, reply) => {
      const body = (request.body ?? {}) as { payment_intent?: string; charge?: string; amount?: string; metadata?: Record<string, string> };
      const amount = body.amount === undefined ? undefined : Number(body.amount);
      if (amount !== undefined && (!Number.isInteger(amount) || amount <= 0))
        return reply.code(400).send(stripeError('parameter_invalid_integer', 'Invalid positive integer', 'amount'));
      const done = await billing.refund({ paymentIntent: body.payment_intent, charge: body.charge, amount });
      if (done) {
        if ('refused' in done) return reply.code(400).send(stripeError(done.code, done.refused, 'amount'));
        await deliverAll(done.events);
        return done.refund;
      }
      // A one-time checkout's payment (an order, a lifetime membership) lives with its session.
      const key = request.headers['idempotency-key'];
      const outcome = body.payment_intent
        ? await refundPayment(body.payment_intent, { amount, metadata: body.metadata ?? {}, idempotencyKey: typeof key === 'string' ? key : undefined })
        : undefined;
      if (!outcome) return reply.code(404).send(stripeError('resource_missing', `No such payment_intent: '${body.payment_intent ?? ''}'`, 'payment_intent'));
      if ('refused' in outcome) return reply.code(400).send(stripeError(outcome.code, outcome.refused, 'amount'));
      if (outcome.event) await options.deliver(outcome.event);
      return outcome.refund;
    });

    // The refunds of a one-time payment, newest first (what a refund webhook is read back through).
    api.get('/v1/refunds', async (request) => {
      const query = request.query as { payment_intent?: string };
      const [row] = query.payment_intent ? await db.select().from(sandboxPayments).where(eq(sandboxPayments.paymentId, query.payment_intent)).limit(1) : [];
      const refunds = row ? [...((row.data as unknown as SessionData).refunds ?? [])].reverse() : [];
      return { object: 'list', data: refunds, has_more: false, url: '/v1/refunds' };
    });

    // The Billing Portal: a session opens the hosted page below (flow payment_method_update).
    api.post('/v1/billing_portal/sessions', async (request, reply) => {
      const body = (request.body ?? {}) as { customer?: string; return_url?: string; flow_data?: { type?: string } };
      if (!body.customer || !(await billing.get('customer', body.customer)))
        return reply.code(400).send({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such customer', param: 'customer' } });
      if (!body.return_url) return reply.code(400).send({ error: { type: 'invalid_request_error', message: 'Missing required param: return_url.' } });
      const id = rand('bps');
      const base = typeof options.publicBase === 'string' ? options.publicBase : options.publicBase(body.return_url);
      const session = {
        id,
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        flow: body.flow_data?.type ? { type: body.flow_data.type } : null,
        url: `${base}/sandbox/stripe/portal/${id}`,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      await billing.put('billing_portal.session', session);
      return session;
    });

    billing.registerRoutes(api, deliverAll);
  });

  type PortalSession = { id: string; customer: string; return_url: string; flow: { type: string } | null };
  app.get('/sandbox/stripe/portal/:id', async (request, reply) => {
    const session = await billing.get<PortalSession>('billing_portal.session', (request.params as { id: string }).id);
    if (!session) return reply.code(404).type('text/html').send('<h1>Portal session not found</h1>');
    const customer = await billing.get<{ email: string | null }>('customer', session.customer);
    const action = (what: string) => `/sandbox/stripe/portal/${session.id}/${what}`;
    return reply.type('text/html; charset=utf-8').send(
      sandboxCheckoutPage({
        title: 'Update your payment method',
        amount: 'Card for your membership',
        email: customer?.email ?? '',
        lines: [],
        note: 'Stripe’s customer portal, in the sandbox: the card you save pays your membership from now on. A renewal that failed is retried with it at once.',
        actions: [
          { label: 'Save a card that pays', action: action('save'), tone: 'primary' },
          { label: 'Save a card that declines', action: action('save-declining'), tone: 'danger' },
          { label: 'Return without changes', action: action('return'), tone: 'link' },
        ],
      }),
    );
  });

  app.post('/sandbox/stripe/portal/:id/:action', async (request, reply) => {
    const { id, action } = request.params as { id: string; action: string };
    const session = await billing.get<PortalSession>('billing_portal.session', id);
    if (!session) return reply.code(404).send({ detail: 'Not found.' });
    if (action === 'save' || action === 'save-declining') await deliverAll(await billing.savePaymentMethod(session.customer, action === 'save-declining'));
    return reply.redirect(session.return_url, 303);
  });

  const settle = async (id: string, status: 'paid' | 'refunded') => {
    const row = await load(id);
    if (!row) return undefined;
    const data = row.data as unknown as SessionData;
    if (status === 'paid' && row.status === 'open') {
      if (data.mode === 'subscription' && data.customer && data.interval) {
        const started = await billing.startSubscription({
          customer: data.customer,
          currency: row.currency,
          amount: row.amount,
          interval: data.interval,
          productName: data.lines[0]?.name ?? 'Subscription',
          metadata: data.subscription_metadata ?? {},
          priceId: data.price_id ?? undefined,
          productId: data.product_id ?? undefined,
        });
        const [updated] = await db
          .update(sandboxPayments)
          .set({ status: 'paid', data: { ...data, subscription_id: started.subscription.id } as unknown as Record<string, unknown> })
          .where(eq(sandboxPayments.id, id))
          .returning();
        // Stripe sends these in no particular order; the invoice usually arrives before the session.
        await deliverAll([...started.events, { id: rand('evt'), type: 'checkout.session.completed', object: sessionJson(updated!) }]);
        return updated;
      }
      const [updated] = await db
        .update(sandboxPayments)
        // The PaymentIntent a declined attempt made is the one a later attempt pays (as at Stripe).
        .set({ status: 'paid', paymentId: row.paymentId ?? rand('pi'), data: { ...data, charge_id: rand('ch') } as unknown as Record<string, unknown> })
        .where(eq(sandboxPayments.id, id))
        .returning();
      await options.deliver({ id: rand('evt'), type: 'checkout.session.completed', object: sessionJson(updated!) });
      return updated;
    }
    if (status === 'refunded' && row.status === 'paid' && data.mode !== 'subscription' && row.paymentId) {
      // The sandbox's "refund" button: whatever is left, as a refund in Stripe's dashboard would.
      const outcome = await refundPayment(row.paymentId, { metadata: {} });
      if (outcome && 'event' in outcome && outcome.event) await options.deliver(outcome.event);
      return load(id);
    }
    return row;
  };

  const chargeJson = (row: typeof sandboxPayments.$inferSelect) => {
    const data = row.data as unknown as SessionData;
    const refunded = refundedOf(row);
    return {
      id: data.charge_id,
      object: 'charge',
      payment_intent: row.paymentId,
      refunded: refunded >= row.amount,
      amount_refunded: refunded,
      amount: row.amount,
      currency: row.currency,
    };
  };
  /** What has gone back of a paid session (sessions refunded before amounts were kept were refunded in full). */
  const refundedOf = (row: typeof sandboxPayments.$inferSelect) =>
    (row.data as unknown as SessionData).amount_refunded ?? (row.status === 'refunded' ? row.amount : 0);

  /**
   * Refunds a one-time payment, in full or `amount` of what is left, as Stripe does: the session's
   * row is locked, so two refunds at once never both take the rest; more than is left, or a payment
   * refunded in full, is refused with Stripe's words; an idempotency key already used answers the
   * refund it made, and refunds nothing more. Each refund sends charge.refunded.
   */
  async function refundPayment(
    paymentIntent: string,
    input: { amount?: number | undefined; metadata: Record<string, string>; idempotencyKey?: string | undefined },
  ): Promise<{ refund: FakeRefund; event: StripeFakeEvent | null } | { refused: string; code: string } | undefined> {
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(sandboxPayments).where(eq(sandboxPayments.paymentId, paymentIntent)).for('update').limit(1);
      if (!row || row.provider !== 'stripe' || (row.status !== 'paid' && row.status !== 'refunded')) return undefined;
      const data = row.data as unknown as SessionData;
      const refunds = data.refunds ?? [];
      const replayed = input.idempotencyKey ? refunds.find((r) => r.id === data.refund_keys?.[input.idempotencyKey!]) : undefined;
      if (replayed) return { refund: replayed, event: null };
      const refunded = refundedOf(row);
      const left = row.amount - refunded;
      if (left <= 0) return { refused: `Charge ${data.charge_id ?? ''} has already been refunded.`, code: 'charge_already_refunded' };
      const amount = input.amount ?? left;
      if (amount > left)
        return {
          refused: `Refund amount (${money(amount, row.currency)}) is greater than unrefunded amount on charge (${money(left, row.currency)})`,
          code: 'amount_too_large',
        };
      const refund: FakeRefund = {
        id: rand('re'),
        object: 'refund',
        amount,
        currency: row.currency,
        status: 'succeeded',
        created: Math.floor(Date.now() / 1000),
        metadata: input.metadata,
        payment_intent: paymentIntent,
        charge: data.charge_id ?? null,
      };
      const next: SessionData = {
        ...data,
        amount_refunded: refunded + amount,
        refunds: [...refunds, refund],
        refund_keys: input.idempotencyKey ? { ...data.refund_keys, [input.idempotencyKey]: refund.id } : (data.refund_keys ?? {}),
      };
      const [updated] = await tx
        .update(sandboxPayments)
        .set({ status: refunded + amount >= row.amount ? 'refunded' : 'paid', data: next as unknown as Record<string, unknown> })
        .where(eq(sandboxPayments.id, row.id))
        .returning();
      return { refund, event: { id: rand('evt'), type: 'charge.refunded', object: chargeJson(updated!) } };
    });
  }

  app.get('/sandbox/stripe/checkout/:id', async (request, reply) => {
    const id = (request.params as { id: string }).id;
    const row = await load(id);
    if (!row) return reply.code(404).type('text/html').send('<h1>Checkout session not found</h1>');
    const data = row.data as unknown as SessionData;
    if (row.status === 'expired') return reply.redirect(data.cancel_url, 303);
    if (row.status !== 'open') return reply.redirect(data.success_url.replace('{CHECKOUT_SESSION_ID}', row.id), 303);
    const action = (what: string) => `/sandbox/stripe/checkout/${row.id}/${what}`;
    const recurring = data.mode === 'subscription' ? ` every ${data.interval}` : '';
    return reply.type('text/html; charset=utf-8').send(
      sandboxCheckoutPage({
        title: data.mode === 'subscription' ? 'Lectern membership' : 'Lectern checkout',
        amount: `${money(row.amount, row.currency)}${recurring}`,
        email: data.customer_email,
        lines: data.lines.map((l) => ({ name: l.name, amount: `${money(l.amount, row.currency)}${recurring}` })),
        note:
          data.mode === 'subscription'
            ? `Renews automatically every ${data.interval} until cancelled. The sandbox page (/sandbox/) moves time forward.`
            : undefined,
        actions: [
          {
            label: data.mode === 'subscription' ? `Subscribe and pay ${money(row.amount, row.currency)}` : `Pay ${money(row.amount, row.currency)}`,
            action: action('pay'),
            tone: 'primary',
          },
          { label: 'Decline the card', action: action('decline'), tone: 'danger' },
          { label: 'Cancel and go back', action: action('cancel'), tone: 'link' },
        ],
      }),
    );
  });

  app.post('/sandbox/stripe/checkout/:id/:action', async (request, reply) => {
    const { id, action } = request.params as { id: string; action: string };
    const row = await load(id);
    if (!row) return reply.code(404).send({ detail: 'Not found.' });
    const data = row.data as unknown as SessionData;
    if (action === 'pay') {
      if (row.status === 'expired') return reply.redirect(data.cancel_url, 303);
      await settle(id, 'paid');
      return reply.redirect(data.success_url.replace('{CHECKOUT_SESSION_ID}', id), 303);
    }
    if (action === 'decline') {
      // Stripe creates the session's PaymentIntent when the buyer first confirms a payment: a declined card leaves one behind.
      if (data.mode !== 'subscription' && !row.paymentId)
        await db
          .update(sandboxPayments)
          .set({ paymentId: rand('pi') })
          .where(eq(sandboxPayments.id, id));
      if (data.mode === 'subscription' || data.metadata.kind === 'membership_lifetime') {
        // Memberships come back to the plans, which say the payment failed.
        const back = new URL(data.cancel_url);
        back.searchParams.set('payment', 'failed');
        return reply.redirect(back.toString(), 303);
      }
      const query = new URLSearchParams({
        code: 'card_declined',
        description: 'Your card was declined.',
        source: 'customer',
        step: 'payment_authorization',
        reason: 'card_declined',
        order_id: data.metadata.order_number ?? '',
        payment_id: '',
      });
      return reply.redirect(`${new URL(options.failurePath, data.cancel_url).toString()}?${query.toString()}`, 303);
    }
    if (action === 'refund') {
      await settle(id, 'refunded');
      return { status: 'refunded' };
    }
    return reply.redirect(data.cancel_url, 303);
  });

  return billing;
}
