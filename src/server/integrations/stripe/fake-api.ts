import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import type { Database } from '../../db/client.js';
import { sandboxPayments } from '../../db/schema/index.js';
import { sandboxCheckoutPage } from '../sandbox-page.js';

export interface FakeStripeOptions {
  db: Database;
  secretKey: string;
  /** Absolute base of the hosted checkout page (the app's public URL, or the test server). */
  publicBase: string;
  /** Where a failed card goes (the app's /order/failure/ page). */
  failureUrl: string;
  /** Delivers a signed webhook event the way Stripe would (our own webhook route). */
  deliver: (event: { id: string; type: string; object: Record<string, unknown> }) => Promise<void>;
}

const rand = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const money = (minor: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);

interface SessionData {
  success_url: string;
  cancel_url: string;
  customer_email: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  lines: { name: string; amount: number }[];
  charge_id?: string;
  refunded?: boolean;
}

/**
 * A local fake of the part of Stripe's HTTP API we use (checkout sessions, charges), plus the hosted
 * checkout page. The real `stripe` SDK talks to it: in tests, and in the sandbox when no keys are set.
 */
export async function registerFakeStripe(app: FastifyInstance, options: FakeStripeOptions): Promise<void> {
  const { db } = options;
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
      mode: 'payment',
      url: `${options.publicBase}/sandbox/stripe/checkout/${row.id}`,
      status: paid ? 'complete' : row.status === 'expired' ? 'expired' : 'open',
      payment_status: paid ? 'paid' : 'unpaid',
      amount_total: row.amount,
      currency: row.currency,
      customer_email: data.customer_email,
      client_reference_id: data.client_reference_id,
      metadata: data.metadata,
      payment_intent: row.paymentId,
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

    api.post('/v1/checkout/sessions', async (request) => {
      const body = request.body as {
        line_items?: { price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string } }; quantity?: string }[];
        success_url?: string;
        cancel_url?: string;
        customer_email?: string;
        client_reference_id?: string;
        metadata?: Record<string, string>;
      };
      const lines = (body.line_items ?? []).map((l) => ({
        name: l.price_data?.product_data?.name ?? 'Item',
        amount: Number(l.price_data?.unit_amount ?? 0) * Number(l.quantity ?? 1),
      }));
      const currency = body.line_items?.[0]?.price_data?.currency ?? 'usd';
      const data: SessionData = {
        success_url: body.success_url ?? '',
        cancel_url: body.cancel_url ?? '',
        customer_email: body.customer_email ?? '',
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        lines,
      };
      const [row] = await db
        .insert(sandboxPayments)
        .values({
          id: rand('cs_test'),
          provider: 'stripe',
          amount: lines.reduce((s, l) => s + l.amount, 0),
          currency,
          data: data as unknown as Record<string, unknown>,
        })
        .returning();
      return sessionJson(row!);
    });

    api.get('/v1/checkout/sessions/:id', async (request, reply) => {
      const row = await load((request.params as { id: string }).id);
      if (!row) return reply.code(404).send({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' } });
      return sessionJson(row);
    });

    api.post('/v1/refunds', async (request, reply) => {
      const paymentIntent = (request.body as { payment_intent?: string } | undefined)?.payment_intent ?? '';
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.paymentId, paymentIntent)).limit(1);
      if (!row) return reply.code(404).send({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
      if (row.status === 'refunded')
        return reply
          .code(400)
          .send({ error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded.' } });
      await settle(row.id, 'refunded');
      return { id: rand('re'), object: 'refund', payment_intent: paymentIntent, amount: row.amount, currency: row.currency, status: 'succeeded' };
    });

    api.get('/v1/charges/:id', async (request, reply) => {
      const id = (request.params as { id: string }).id;
      const [row] = await db
        .select()
        .from(sandboxPayments)
        .where(sql`${sandboxPayments.data}->>'charge_id' = ${id}`)
        .limit(1);
      if (!row) return reply.code(404).send({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such charge' } });
      return {
        id,
        object: 'charge',
        payment_intent: row.paymentId,
        refunded: row.status === 'refunded',
        amount_refunded: row.status === 'refunded' ? row.amount : 0,
        amount: row.amount,
        currency: row.currency,
      };
    });
  });

  const settle = async (id: string, status: 'paid' | 'refunded') => {
    const row = await load(id);
    if (!row) return undefined;
    const data = row.data as unknown as SessionData;
    if (status === 'paid' && row.status === 'open') {
      const [updated] = await db
        .update(sandboxPayments)
        .set({ status: 'paid', paymentId: rand('pi'), data: { ...data, charge_id: rand('ch') } as unknown as Record<string, unknown> })
        .where(eq(sandboxPayments.id, id))
        .returning();
      await options.deliver({ id: rand('evt'), type: 'checkout.session.completed', object: sessionJson(updated!) });
      return updated;
    }
    if (status === 'refunded' && row.status === 'paid') {
      const [updated] = await db.update(sandboxPayments).set({ status: 'refunded' }).where(eq(sandboxPayments.id, id)).returning();
      await options.deliver({ id: rand('evt'), type: 'charge.refunded', object: { id: data.charge_id, object: 'charge', payment_intent: row.paymentId } });
      return updated;
    }
    return row;
  };

  app.get('/sandbox/stripe/checkout/:id', async (request, reply) => {
    const id = (request.params as { id: string }).id;
    const row = await load(id);
    if (!row) return reply.code(404).type('text/html').send('<h1>Checkout session not found</h1>');
    const data = row.data as unknown as SessionData;
    if (row.status !== 'open') return reply.redirect(data.success_url.replace('{CHECKOUT_SESSION_ID}', row.id), 303);
    const action = (what: string) => `/sandbox/stripe/checkout/${row.id}/${what}`;
    return reply.type('text/html; charset=utf-8').send(
      sandboxCheckoutPage({
        title: 'Lectern checkout',
        amount: money(row.amount, row.currency),
        email: data.customer_email,
        lines: data.lines.map((l) => ({ name: l.name, amount: money(l.amount, row.currency) })),
        actions: [
          { label: `Pay ${money(row.amount, row.currency)}`, action: action('pay'), tone: 'primary' },
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
      await settle(id, 'paid');
      return reply.redirect(data.success_url.replace('{CHECKOUT_SESSION_ID}', id), 303);
    }
    if (action === 'decline') {
      const query = new URLSearchParams({
        code: 'card_declined',
        description: 'Your card was declined.',
        source: 'customer',
        step: 'payment_authorization',
        reason: 'card_declined',
        order_id: data.metadata.order_number ?? '',
        payment_id: '',
      });
      return reply.redirect(`${options.failureUrl}?${query.toString()}`, 303);
    }
    if (action === 'refund') {
      await settle(id, 'refunded');
      return { status: 'refunded' };
    }
    return reply.redirect(data.cancel_url, 303);
  });
}
