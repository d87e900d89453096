import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../shared/ids.js';
import { clientReviewListSchema, courseListSchema, instructorSchema, ipQuerySchema, membershipPlanListSchema, roadmapSchema } from '../../../shared/catalog.js';
import { visitorOf, type AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { sendSnapshot } from '../../http/cache.js';
import { errors, fileResponse } from '../../http/openapi.js';
import { verifySignature } from '../../lib/signing.js';
import { openResourceFile } from './files.js';
import { clientReviewPageView, courseListItemView, instructorView, membershipPlanView, roadmapView } from './serialise.js';
import * as catalog from './service.js';

const REVIEWS_PAGE_SIZE = 24;

export function catalogRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, catalogCache: cache } = ctx;
  return async (app) => {
    app.get(
      '/courses/',
      { schema: { tags: ['catalog'], summary: 'Published courses priced for the visitor', querystring: ipQuerySchema, response: { 200: courseListSchema } } },
      async (request, reply) => {
        const { region } = visitorOf(ctx, request);
        return sendSnapshot(
          request,
          reply,
          await cache.get(`courses:${region}`, async () => (await catalog.listCourseRows(db, region)).map((row) => courseListItemView(region, row))),
        );
      },
    );

    app.get('/instructor-detail/', { schema: { tags: ['catalog'], response: { 200: instructorSchema } } }, async (request, reply) =>
      sendSnapshot(request, reply, await cache.get('instructor', async () => instructorView(await catalog.getInstructor(db)))),
    );

    app.get(
      '/client-reviews/',
      {
        schema: {
          tags: ['catalog'],
          querystring: z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) }),
          response: { 200: clientReviewListSchema },
        },
      },
      async (request, reply) => {
        const { page } = request.query;
        return sendSnapshot(
          request,
          reply,
          await cache.get(`reviews:${page}`, async () =>
            clientReviewPageView(await catalog.listClientReviews(db, page, REVIEWS_PAGE_SIZE), ctx.config.publicUrl),
          ),
        );
      },
    );

    app.get(
      '/membership-plan/',
      {
        schema: {
          tags: ['catalog'],
          summary: 'Membership plans priced for the visitor',
          querystring: ipQuerySchema,
          response: { 200: membershipPlanListSchema },
        },
      },
      async (request, reply) => {
        const { region } = visitorOf(ctx, request);
        return sendSnapshot(
          request,
          reply,
          await cache.get(`plans:${region}`, async () => (await catalog.listMembershipPlans(db, region)).map((row) => membershipPlanView(region, row))),
        );
      },
    );

    app.get('/roadmap/', { schema: { tags: ['catalog'], summary: 'The 8-step learning path', response: { 200: roadmapSchema } } }, async (request, reply) => {
      const { region } = visitorOf(ctx, request);
      return sendSnapshot(request, reply, await cache.get(`roadmap:${region}`, async () => roadmapView(region, await catalog.getRoadmap(db, region))));
    });

    app.get(
      '/resources/:id/download/',
      {
        schema: {
          tags: ['catalog'],
          summary: 'A lesson resource through a short-lived signed link (issued only to viewers who may open the lesson)',
          params: z.object({ id: idSchema() }),
          querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }),
          response: { 200: fileResponse(['application/pdf', 'application/zip', 'text/plain'], 'The file'), ...errors(403) },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const { expires, signature } = request.query;
        if (!verifySignature(ctx.config.jwtSecret, catalog.resourceLinkPurpose, String(id), expires, signature)) {
          throw new AppError('forbidden', 'This download link is invalid or has expired.');
        }
        const resource = await catalog.getResourceForDownload(db, id);
        const file = await openResourceFile(ctx.storage, resource.storagePath);
        if (!file) throw AppError.notFound('File not found.');
        reply.header('Content-Type', resource.contentType);
        reply.header('Content-Disposition', `attachment; filename="${resource.fileName.replace(/[^\w.\- ]/g, '_')}"`);
        reply.header('Cache-Control', 'private, no-store');
        reply.header('X-Content-Type-Options', 'nosniff');
        if (file.size !== undefined) reply.header('Content-Length', file.size);
        return reply.send(file.body);
      },
    );
  };
}
