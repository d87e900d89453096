import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { sandboxPayments } from '../../db/schema/index.js';
import { publicView } from '../sandbox-clock.js';
import { sandboxCheckoutPage } from '../sandbox-page.js';
import { createRazorpayBilling, type RazorpayBilling, type RazorpayFakeEvent, type RzpPayment, type RzpSubscription } from './fake-billing.js';
import type { RazorpayGateway } from './index.js';

export interface FakeRazorpayOptions {
  db: Database;
  keyId: string;
  keySecret: string;
  /** Signs results the way Razorpay does (the sandbox gateway shares the secrets). */
  gateway: RazorpayGateway;
  /** Delivers a signed webhook the way Razorpay would. */
  deliver: (event: { id: string; event: string; payload: Record<string, unknown> }) => Promise<void>;
}

/** Razorpay's API is served under this prefix: Stripe's fake shares the host and has paths of the same names (/v1/subscriptions). */
export const RAZORPAY_FAKE_PREFIX = '/razorpay';

const rand = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

interface FakeRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  status: 'processed';
  speed_processed: 'normal';
  created_at: number;
}

/** A local order's data: its receipt and notes, and once paid what has been refunded of its payment, each refund and the idempotency keys used. */
interface OrderData {
  receipt?: string | null;
  notes?: Record<string, string>;
  amount_refunded?: number;
  refunds?: FakeRefund[];
  refund_keys?: Record<string, { refund_id: string; amount: number | null }>;
}

/**
 * A local fake of Razorpay's orders, payments, plans, subscriptions and refunds API, and the
 * endpoints behind the sandbox checkout popup: "Pay" captures and returns a correctly signed
 * payment (or subscription payment), exactly what Razorpay's handler gives.
 */
export async function registerFakeRazorpay(app: FastifyInstance, options: FakeRazorpayOptions): Promise<RazorpayBilling> {
  const { db } = options;
  const billing = createRazorpayBilling(db);
  const deliverAll = async (events: RazorpayFakeEvent[]) => {
    for (const event of events) await options.deliver(event);
  };
  const missing = { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } };
  const badRequest = (description: string) => ({
    error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_refund', reason: 'input_validation_failed' },
  });
  const alreadyRefunded = { error: { code: 'BAD_REQUEST_ERROR', description: 'The payment has been fully refunded already' } };
  const expectedAuth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  const load = async (id: string) => {
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).limit(1);
    return row && row.provider === 'razorpay' ? row : undefined;
  };
  const paymentJson = (row: typeof sandboxPayments.$inferSelect) => {
    const refunded = refundedOf(row);
    return {
      id: row.paymentId,
      entity: 'payment',
      order_id: row.id,
      status: row.status === 'paid' ? 'captured' : row.status === 'refunded' ? 'refunded' : row.status === 'failed' ? 'failed' : 'created',
      amount: row.amount,
      currency: row.currency,
      amount_refunded: refunded,
      refund_status: refunded === 0 ? null : refunded >= row.amount ? 'full' : 'partial',
    };
  };
  /** What has gone back of a captured payment (payments refunded before amounts were kept were refunded in full). */
  const refundedOf = (row: typeof sandboxPayments.$inferSelect) => (row.data as OrderData).amount_refunded ?? (row.status === 'refunded' ? row.amount : 0);

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request, reply) => {
        if (request.headers.authorization !== expectedAuth)
          return reply.code(401).send({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      });
      api.post('/v1/orders', async (request) => {
        const body = request.body as { amount: number; currency: string; receipt?: string; notes?: Record<string, string> };
        const [row] = await db
          .insert(sandboxPayments)
          .values({
            id: rand('order'),
            provider: 'razorpay',
            amount: Number(body.amount),
            currency: body.currency,
            data: { receipt: body.receipt ?? null, notes: body.notes ?? {} },
          })
          .returning();
        return { id: row!.id, entity: 'order', amount: row!.amount, currency: row!.currency, receipt: body.receipt, status: 'created' };
      });
      api.get('/v1/payments/:id', async (request, reply) => {
        const id = (request.params as { id: string }).id;
        const subscriptionPayment = await billing.get<RzpPayment>('payment', id);
        if (subscriptionPayment) return publicView(subscriptionPayment);
        const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.paymentId, id)).limit(1);
        // Razorpay answers an unknown id with 400, not 404.
        if (!row) return reply.code(400).send(missing);
        return paymentJson(row);
      });
      api.post('/v1/payments/:id/refund', async (request, reply) => {
        const id = (request.params as { id: string }).id;
        const body = (request.body ?? {}) as { amount?: unknown; receipt?: string; notes?: Record<string, string> };
        const done = await billing.refund(id);
        if (done) {
          if (!done.events.length) return reply.code(400).send(alreadyRefunded);
          await deliverAll(done.events);
          return done.refund;
        }
        if (body.amount !== undefined && (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount <= 0))
          return reply.code(400).send(badRequest('The amount must be an integer.'));
        const key = request.headers['x-refund-idempotency'];
        const outcome = await refundPayment(id, {
          amount: body.amount as number | undefined,
          receipt: body.receipt ?? null,
          notes: body.notes ?? {},
          idempotencyKey: typeof key === 'string' ? key : undefined,
        });
        if (outcome === 'missing') return reply.code(400).send(missing);
        if ('refused' in outcome) return reply.code(400).send(badRequest(outcome.refused));
        if (outcome.event) await options.deliver(outcome.event);
        return outcome.refund;
      });
      api.get('/v1/payments/:id/refunds', async (request) => {
        const id = (request.params as { id: string }).id;
        const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.paymentId, id)).limit(1);
        const items = row ? [...((row.data as OrderData).refunds ?? [])].reverse() : [];
        return { entity: 'collection', count: items.length, items };
      });

      api.post('/v1/plans', async (request) => publicView(await billing.createPlan(request.body as Parameters<RazorpayBilling['createPlan']>[0])));
      api.get('/v1/plans/:id', async (request, reply) => {
        const plan = await billing.get('plan', (request.params as { id: string }).id);
        return plan ? publicView(plan) : reply.code(404).send(missing);
      });
      api.post('/v1/subscriptions', async (request, reply) => {
        const body = request.body as { plan_id?: string; total_count?: number; notes?: Record<string, string> };
        if (!body.plan_id || !(await billing.get('plan', body.plan_id))) return reply.code(400).send(missing);
        const sub = await billing.createSubscription({ ...body, plan_id: body.plan_id });
        return publicView(await billing.put('subscription', { ...sub, short_url: `/sandbox/razorpay/subscriptions/${sub.id}/card` }));
      });
      api.get('/v1/subscriptions/:id', async (request, reply) => {
        const sub = await billing.get('subscription', (request.params as { id: string }).id);
        return sub ? publicView(sub) : reply.code(400).send(missing);
      });
      api.post('/v1/subscriptions/:id/cancel', async (request, reply) => {
        const body = (request.body ?? {}) as { cancel_at_cycle_end?: number | boolean };
        const done = await billing.cancel((request.params as { id: string }).id, Boolean(Number(body.cancel_at_cycle_end ?? 0)));
        if (!done) return reply.code(400).send(missing);
        await deliverAll(done.events);
        return publicView(done.subscription);
      });
    },
    { prefix: RAZORPAY_FAKE_PREFIX },
  );

  /**
   * Refunds a captured order payment, in full or `amount` of what is left, as Razorpay does: the
   * row is locked, so two refunds at once never both take the rest; more than is left, or a payment
   * refunded in full, is refused with Razorpay's words; an idempotency key already used with the same
   * request answers the refund it made (with another request: refused). Each refund sends refund.processed.
   */
  async function refundPayment(
    paymentId: string,
    input: { amount?: number | undefined; receipt: string | null; notes: Record<string, string>; idempotencyKey?: string | undefined },
  ): Promise<{ refund: FakeRefund; event: RazorpayFakeEvent | null } | { refused: string } | 'missing'> {
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(sandboxPayments).where(eq(sandboxPayments.paymentId, paymentId)).for('update').limit(1);
      if (!row || row.provider !== 'razorpay') return 'missing';
      if (row.status !== 'paid' && row.status !== 'refunded') return { refused: 'The payment has not been captured.' };
      const data = row.data as OrderData;
      const refunds = data.refunds ?? [];
      const keyed = input.idempotencyKey ? data.refund_keys?.[input.idempotencyKey] : undefined;
      if (keyed) {
        const replayed = refunds.find((r) => r.id === keyed.refund_id);
        if (replayed && keyed.amount === (input.amount ?? null)) return { refund: replayed, event: null };
        return { refused: 'Different request with the same idempotency key has already been processed.' };
      }
      const refunded = refundedOf(row);
      const left = row.amount - refunded;
      if (left <= 0) return { refused: 'The payment has been fully refunded already' };
      const amount = input.amount ?? left;
      if (amount > left) return { refused: 'The total refund amount is greater than the refund payment amount' };
      if (amount < 100) return { refused: `The amount must be atleast ${row.currency.toUpperCase()} 1.00` };
      const refund: FakeRefund = {
        id: rand('rfnd'),
        entity: 'refund',
        amount,
        currency: row.currency,
        payment_id: paymentId,
        notes: input.notes,
        receipt: input.receipt,
        status: 'processed',
        speed_processed: 'normal',
        created_at: Math.floor(Date.now() / 1000),
      };
      const next: OrderData = {
        ...data,
        amount_refunded: refunded + amount,
        refunds: [...refunds, refund],
        refund_keys: input.idempotencyKey
          ? { ...data.refund_keys, [input.idempotencyKey]: { refund_id: refund.id, amount: input.amount ?? null } }
          : (data.refund_keys ?? {}),
      };
      const [updated] = await tx
        .update(sandboxPayments)
        .set({ status: refunded + amount >= row.amount ? 'refunded' : 'paid', data: next as unknown as Record<string, unknown> })
        .where(eq(sandboxPayments.id, row.id))
        .returning();
      return {
        refund,
        event: { id: rand('evt'), event: 'refund.processed', payload: { refund: { entity: refund }, payment: { entity: paymentJson(updated!) } } },
      };
    });
  }

  // The sandbox popup's buttons for a subscription (the web app calls these instead of Razorpay's script).
  app.post('/sandbox/razorpay/subscriptions/:id/:action', async (request, reply) => {
    const { id, action } = request.params as { id: string; action: string };
    const sub = await billing.get<RzpSubscription>('subscription', id);
    if (!sub) return reply.code(404).send({ detail: 'Not found.' });
    if (action === 'pay') {
      const done = await billing.authenticate(id);
      if (!done) return reply.code(409).send({ detail: 'This subscription cannot be paid.' });
      await deliverAll(done.events);
      return {
        razorpay_payment_id: done.payment.id,
        razorpay_subscription_id: id,
        razorpay_signature: options.gateway.signSubscription(done.payment.id, id),
      };
    }
    if (action === 'fail') {
      return {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Payment failed because the bank declined it (sandbox).',
          source: 'bank',
          step: 'payment_authorization',
          reason: 'payment_failed',
          metadata: { subscription_id: id, payment_id: rand('pay') },
        },
      };
    }
    return reply.code(400).send({ detail: 'Unknown action.' });
  });

  // The subscription's hosted page (its short_url): the customer saves another card.
  app.get('/sandbox/razorpay/subscriptions/:id/card', async (request, reply) => {
    const id = (request.params as { id: string }).id;
    const sub = await billing.get<RzpSubscription>('subscription', id);
    if (!sub) return reply.code(404).type('text/html').send('<h1>Subscription not found</h1>');
    const action = (what: string) => `/sandbox/razorpay/subscriptions/${id}/card/${what}`;
    return reply.type('text/html; charset=utf-8').send(
      sandboxCheckoutPage({
        title: 'Change the card of your subscription',
        amount: 'Razorpay subscription',
        email: sub.notes.email ?? '',
        lines: [],
        note: 'Razorpay’s hosted subscription page, in the sandbox: the card you save pays the renewals; a failed renewal is charged again at once.',
        actions: [
          { label: 'Save a card that pays', action: action('save'), tone: 'primary' },
          { label: 'Save a card that declines', action: action('save-declining'), tone: 'danger' },
          { label: 'Return without changes', action: action('return'), tone: 'link' },
        ],
      }),
    );
  });
  app.post('/sandbox/razorpay/subscriptions/:id/card/:choice', async (request, reply) => {
    const { id, choice } = request.params as { id: string; choice: string };
    if (!(await billing.get<RzpSubscription>('subscription', id))) return reply.code(404).send({ detail: 'Not found.' });
    if (choice === 'save' || choice === 'save-declining') await deliverAll(await billing.saveCard(id, choice === 'save-declining'));
    return reply.redirect('/subscription', 303);
  });

  // The sandbox popup's buttons (the web app calls these instead of opening Razorpay's script).
  app.post('/sandbox/razorpay/orders/:id/:action', async (request, reply) => {
    const { id, action } = request.params as { id: string; action: string };
    const row = await load(id);
    if (!row) return reply.code(404).send({ detail: 'Not found.' });
    const notes = (row.data as { notes?: Record<string, string> }).notes ?? {};
    if (action === 'pay') {
      let current: typeof row | undefined = row;
      if (row.status === 'open') {
        [current] = await db
          .update(sandboxPayments)
          .set({ status: 'paid', paymentId: rand('pay') })
          .where(eq(sandboxPayments.id, id))
          .returning();
        await options.deliver({ id: rand('evt'), event: 'payment.captured', payload: { payment: { entity: paymentJson(current!) } } });
      }
      return {
        razorpay_payment_id: current!.paymentId,
        razorpay_order_id: id,
        razorpay_signature: options.gateway.signPayment(id, current!.paymentId!),
      };
    }
    if (action === 'fail') {
      const paymentId = rand('pay');
      await db
        .update(sandboxPayments)
        .set({ paymentId })
        .where(sql`${sandboxPayments.id} = ${id} and ${sandboxPayments.status} = 'open'`);
      return {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Payment failed because the bank declined it (sandbox).',
          source: 'bank',
          step: 'payment_authorization',
          reason: 'payment_failed',
          metadata: { order_id: id, payment_id: paymentId, order_number: notes.order_number ?? '' },
        },
      };
    }
    if (action === 'refund' && row.status === 'paid' && row.paymentId) {
      // The sandbox's "refund" button: whatever is left, as a refund in Razorpay's dashboard would.
      const outcome = await refundPayment(row.paymentId, { receipt: null, notes: {} });
      if (typeof outcome === 'object' && 'event' in outcome && outcome.event) await options.deliver(outcome.event);
      return { status: 'refunded' };
    }
    return reply.code(400).send({ detail: 'Unknown action.' });
  });

  return billing;
}
