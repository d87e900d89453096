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
  const alreadyRefunded = { error: { code: 'BAD_REQUEST_ERROR', description: 'The payment has been fully refunded already' } };
  const expectedAuth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  const load = async (id: string) => {
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).limit(1);
    return row && row.provider === 'razorpay' ? row : undefined;
  };
  const paymentJson = (row: typeof sandboxPayments.$inferSelect) => ({
    id: row.paymentId,
    entity: 'payment',
    order_id: row.id,
    status: row.status === 'paid' ? 'captured' : row.status === 'refunded' ? 'refunded' : row.status === 'failed' ? 'failed' : 'created',
    amount: row.amount,
    currency: row.currency,
  });

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
        const done = await billing.refund(id);
        if (done) {
          if (!done.events.length) return reply.code(400).send(alreadyRefunded);
          await deliverAll(done.events);
          return done.refund;
        }
        const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.paymentId, id)).limit(1);
        if (!row) return reply.code(404).send(missing);
        if (row.status !== 'paid') return reply.code(400).send(alreadyRefunded);
        const refundId = await refundOrder(row.id);
        return { id: refundId, entity: 'refund', payment_id: id, amount: row.amount, currency: row.currency, status: 'processed' };
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

  const refundOrder = async (id: string): Promise<string> => {
    const [updated] = await db.update(sandboxPayments).set({ status: 'refunded' }).where(eq(sandboxPayments.id, id)).returning();
    const refundId = rand('rfnd');
    await options.deliver({
      id: rand('evt'),
      event: 'refund.processed',
      payload: { refund: { entity: { id: refundId, payment_id: updated!.paymentId, amount: updated!.amount } } },
    });
    return refundId;
  };

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
    if (action === 'refund' && row.status === 'paid') {
      await refundOrder(id);
      return { status: 'refunded' };
    }
    return reply.code(400).send({ detail: 'Unknown action.' });
  });

  return billing;
}
