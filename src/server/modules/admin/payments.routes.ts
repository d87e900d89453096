import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, providerEventDetailSchema, providerEventQuerySchema, providerEventSchema } from '../../../shared/admin.js';
import type { AppContext } from '../../context.js';
import { studioProviderEvent, studioProviderEvents } from '../orders/index.js';
import { replayProviderEvent } from '../webhooks/index.js';
import { audited } from './audit.js';
import { actorOf } from './guard.js';
import { errors } from '../../http/openapi.js';
import { adminDoc, idParam } from './openapi.js';
import { pageWindow, rangeOf } from './paging.js';

const eventParams = z.object({ eventId: idParam });

export function paymentAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/payment-events/',
      {
        schema: {
          ...adminDoc,
          summary: 'The payments log: every provider event received, newest first, with its outcome',
          querystring: providerEventQuerySchema,
          response: { 200: pageOf(providerEventSchema) },
        },
      },
      async (request) => {
        const { page, page_size, provider, state, type, search } = request.query;
        const window = pageWindow({ page, page_size });
        const { from, to } = rangeOf(request.query);
        const { total, results } = await studioProviderEvents(ctx.db, { provider, state, type, search, from, to }, window);
        return { count: total, page, page_size, results };
      },
    );

    app.get(
      '/payment-events/:eventId/',
      { schema: { ...adminDoc, summary: 'One provider event with the payload received', params: eventParams, response: { 200: providerEventDetailSchema } } },
      async (request) => studioProviderEvent(ctx.db, request.params.eventId),
    );

    app.post(
      '/payment-events/:eventId/replay/',
      {
        schema: {
          ...adminDoc,
          summary: 'Processes a failed event again, exactly as a webhook delivery would (an event already processed answers 409, nothing redone)',
          params: eventParams,
          response: { 200: providerEventDetailSchema, ...errors(409, 503) },
        },
      },
      async (request) => {
        const id = request.params.eventId;
        const before = await studioProviderEvent(ctx.db, id);
        const deps = { db: ctx.db, queue: ctx.queue, config: ctx.config, log: request.log, stripe: ctx.stripe, razorpay: ctx.razorpay };
        try {
          await replayProviderEvent(deps, id);
        } finally {
          const after = await studioProviderEvent(ctx.db, id);
          if (after.state !== before.state || after.outcome !== before.outcome)
            await audited(ctx.db, actorOf(request), async () => ({
              result: null,
              audit: {
                action: 'payment_event.replay',
                entityType: 'provider_event',
                entityId: id,
                summary: `Replayed ${before.provider} ${before.type} ${before.event_id}: ${after.outcome ?? after.state}`,
                before: { state: before.state, outcome: before.outcome },
                after: { state: after.state, outcome: after.outcome },
              },
            }));
        }
        return studioProviderEvent(ctx.db, id);
      },
    );
  };
}
