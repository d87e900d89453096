import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsBatchSchema } from '../../../shared/analytics.js';
import type { AppContext } from '../../context.js';
import { noContent } from '../../http/openapi.js';
import { recordEvents } from './service.js';

export function analyticsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/analytics/events/',
      {
        schema: {
          tags: ['analytics'],
          summary: 'Page views and API calls reported by the web app (batched)',
          body: analyticsBatchSchema,
          response: { 204: noContent('Recorded') },
        },
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        bodyLimit: 64 * 1024,
      },
      async (request, reply) => {
        await recordEvents(ctx.db, request.body);
        return reply.code(204).send(null);
      },
    );
  };
}
