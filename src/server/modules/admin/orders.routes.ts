import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOrderDetailSchema, adminOrderPageSchema, adminOrderQuerySchema, orderNumberParamSchema, orderRefundBodySchema } from '../../../shared/admin.js';
import { toMinor } from '../../../shared/pricing.js';
import type { AppContext } from '../../context.js';
import { refundOrder, studioOrder, studioOrdersCsv, studioOrdersPage } from '../orders/index.js';
import { recordAudit } from './audit.js';
import { actorOf } from './guard.js';
import { errors, fileResponse } from '../../http/openapi.js';
import { adminDoc } from './openapi.js';

export function orderAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/orders/',
      {
        schema: {
          ...adminDoc,
          summary: 'Orders newest first, filtered by status, provider, country, currency, dates or a search; keyset pages (next_cursor)',
          querystring: adminOrderQuerySchema,
          response: { 200: adminOrderPageSchema },
        },
      },
      async (request) => studioOrdersPage(ctx.db, request.query),
    );

    app.get(
      '/orders/export.csv',
      {
        schema: {
          ...adminDoc,
          summary: 'Every order matching the same filters, as CSV',
          querystring: adminOrderQuerySchema.omit({ cursor: true, page_size: true }),
          response: { 200: fileResponse('text/csv', 'The CSV file') },
        },
      },
      async (request, reply) => {
        // Validate the filter before the first byte is sent: a bad range is a 400, not a broken download.
        const lines = studioOrdersCsv(ctx.db, request.query);
        const first = await lines.next();
        const stream = Readable.from(
          (async function* () {
            if (!first.done) yield first.value;
            yield* lines;
          })(),
        );
        const stamp = new Date().toISOString().slice(0, 10);
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="orders-${stamp}.csv"`)
          .header('Cache-Control', 'private, no-store')
          .send(stream);
      },
    );

    app.get(
      '/orders/:orderNumber/',
      {
        schema: {
          ...adminDoc,
          summary: 'One order: buyer, lines, every payment event and whether it can be refunded',
          params: orderNumberParamSchema,
          response: { 200: adminOrderDetailSchema },
        },
      },
      async (request) => studioOrder(ctx.db, request.params.orderNumber),
    );

    app.post(
      '/orders/:orderNumber/refund/',
      {
        schema: {
          ...adminDoc,
          summary:
            "Refunds a paid order through its provider (the sandbox too), in part (`amount`, in the order's currency) or whatever is left (no amount); the buyer is emailed with the `reason`, and the refund of the last of what was paid closes the order's courses",
          params: orderNumberParamSchema,
          body: orderRefundBodySchema.nullish(),
          response: { 200: adminOrderDetailSchema, ...errors(400, 409, 503) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const body = request.body ?? {};
        const deps = { db: ctx.db, queue: ctx.queue, config: ctx.config, log: request.log, stripe: ctx.stripe, razorpay: ctx.razorpay };
        const refund = { amount: body.amount == null ? undefined : toMinor(body.amount), reason: body.reason || null, actorId: actor.id };
        return refundOrder(deps, request.params.orderNumber, refund, (tx, change) =>
          recordAudit(tx, actor, {
            action: 'order.refund',
            entityType: 'order',
            entityId: request.params.orderNumber,
            summary: `Refunded ${change.refund.amount} ${change.before.currency} of ${change.before.total} to ${change.before.email}${change.refund.reason ? ` (${change.refund.reason})` : ''}`,
            before: { status: change.before.status, refunded: change.before.refunded },
            after: { status: change.after.status, refunded: change.after.refunded, refund: change.refund },
          }),
        );
      },
    );
  };
}
