import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { overviewQuerySchema, overviewSchema } from '../../../shared/analytics.js';
import type { AppContext } from '../../context.js';
import { fileResponse } from '../../http/openapi.js';
import { adminDoc } from './openapi.js';
import { buildOverview, overviewCsv } from './overview.service.js';

export function overviewAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/overview/',
      {
        schema: {
          ...adminDoc,
          summary:
            'The business over whole UTC days (last 30 by default, at most about two years): revenue per currency in minor units (never added across currencies), members and MRR, funnel, carts, top courses and a daily series',
          querystring: overviewQuerySchema,
          response: { 200: overviewSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return buildOverview(ctx, request.query);
      },
    );

    app.get(
      '/overview/export.csv',
      {
        schema: {
          ...adminDoc,
          summary: "The overview's daily series as CSV: orders paid, new students, and gross, refunds and net per currency (major units), with a total row",
          querystring: overviewQuerySchema,
          response: { 200: fileResponse('text/csv', 'The CSV file') },
        },
      },
      async (request, reply) => {
        const overview = await buildOverview(ctx, request.query);
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="overview-${overview.from}-to-${overview.to}.csv"`)
          .header('Cache-Control', 'private, no-store')
          .send(overviewCsv(overview));
      },
    );
  };
}
