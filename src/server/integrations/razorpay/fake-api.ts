import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { sandboxPayments } from '../../db/schema/index.js';
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

const rand = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

/**
 * A local fake of Razorpay's orders and payments API, and the endpoints behind the sandbox checkout
 * popup: "Pay" captures and returns a correctly signed payment, exactly what Razorpay's handler gives.
 */
export async function registerFakeRazorpay(app: FastifyInstance, options: FakeRazorpayOptions): Promise<void> {
  const { db } = options;
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

  await app.register(async (api) => {
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
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.paymentId, id)).limit(1);
      if (!row) return reply.code(404).send({ error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } });
      return paymentJson(row);
    });
    api.post('/v1/payments/:id/refund', async (request, reply) => {
      const id = (request.params as { id: string }).id;
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.paymentId, id)).limit(1);
      if (!row) return reply.code(404).send({ error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } });
      if (row.status !== 'paid')
        return reply.code(400).send({ error: { code: 'BAD_REQUEST_ERROR', description: 'The payment has been fully refunded already' } });
      await db.update(sandboxPayments).set({ status: 'refunded' }).where(eq(sandboxPayments.id, row.id));
      const refundId = rand('rfnd');
      await options.deliver({
        id: rand('evt'),
        event: 'refund.processed',
        payload: { refund: { entity: { id: refundId, payment_id: id, amount: row.amount } } },
      });
      return { id: refundId, entity: 'refund', payment_id: id, amount: row.amount, currency: row.currency, status: 'processed' };
    });
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
      const [updated] = await db.update(sandboxPayments).set({ status: 'refunded' }).where(eq(sandboxPayments.id, id)).returning();
      await options.deliver({
        id: rand('evt'),
        event: 'refund.processed',
        payload: { refund: { entity: { id: rand('rfnd'), payment_id: updated!.paymentId, amount: updated!.amount } } },
      });
      return { status: 'refunded' };
    }
    return reply.code(400).send({ detail: 'Unknown action.' });
  });
}
