import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courseDetailSchema, ipQuerySchema, slugParamsSchema } from '../../../shared/catalog.js';
import { visitorOf, type AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { viewerOf } from '../../http/auth.js';
import { sendSnapshot } from '../../http/cache.js';
import { sendKept } from '../../http/compress.js';
import { noContent, optionalBearerAuth } from '../../http/openapi.js';
import { memoFor } from '../../http/viewer-cache.js';
import { compiledSerializer } from '../../http/serializer.js';
import { currentSlugFor } from '../catalog/index.js';
import { bundleListSchema, bundleSchema } from '../../../shared/bundles.js';
import { errors } from '../../http/openapi.js';
import { getBundle, listBundles } from './bundles.js';
import { courseDetailView } from './serialise.js';
import { getCourseDetail } from './service.js';
import { renderCourseDetail } from './template.js';

/** The course page (GET /courses/:slug/): one snapshot for visitors; for a signed-in viewer, their facts written into a shared template. */
export function storefrontRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, catalogCache: cache } = ctx;
  return async (app) => {
    app.get(
      '/courses/:slug/',
      {
        schema: {
          tags: ['catalog'],
          summary: 'Course detail; locked lessons carry no source, content or resource link',
          ...optionalBearerAuth,
          params: slugParamsSchema,
          querystring: ipQuerySchema,
          response: { 200: courseDetailSchema, 301: noContent('The course moved: Location is its current address') },
        },
        // A signed-in viewer's detail is built per request: serialised by a compiled schema.
        serializerCompiler: compiledSerializer,
      },
      async (request, reply) => {
        const { region } = visitorOf(ctx, request);
        const { slug } = request.params;
        const viewer = await viewerOf(request, ctx.config.jwtSecret);
        try {
          if (viewer) {
            // A signed-in viewer gets their own progress and unlocked lessons: never from the shared memo.
            reply.header('Cache-Control', 'private, no-store');
            // Their page is kept in the viewer cache, built from their cached facts and a template of the shared part serialised once.
            const viewerMemo = memoFor(ctx.viewerCache, viewer.userId);
            const page = await renderCourseDetail({ db, slug, region, viewer, signingSecret: ctx.config.jwtSecret, memo: cache.value, viewerMemo });
            // Already JSON bytes (equal to the schema's serialisation, template.test.ts), compressed once per encoding.
            return sendKept(request, reply.type('application/json; charset=utf-8'), page);
          }
          const body = await cache.get(`course:${region}:${slug}`, async () =>
            courseDetailView(
              await getCourseDetail({ db, slug, region, signingSecret: ctx.config.jwtSecret, resourceLinkTtlMs: 60 * 60 * 1000, memo: cache.value }),
            ),
          );
          // Signed resource links in an anonymous snapshot belong to preview lessons only.
          return sendSnapshot(request, reply, body);
        } catch (error) {
          // A course whose address changed answers 301 from its old one.
          const moved = error instanceof AppError && error.code === 'not_found' ? await currentSlugFor(db, slug) : undefined;
          if (moved) return reply.redirect(`/api/v1/courses/${encodeURIComponent(moved)}/`, 301);
          throw error;
        }
      },
    );

    app.get(
      '/bundles/',
      {
        schema: {
          tags: ['catalog'],
          summary: 'Published bundles priced for the visitor, with the saving and, signed in, the courses the viewer owns',
          ...optionalBearerAuth,
          querystring: ipQuerySchema,
          response: { 200: bundleListSchema },
        },
      },
      async (request, reply) => {
        const { region } = visitorOf(ctx, request);
        const viewer = await viewerOf(request, ctx.config.jwtSecret);
        if (viewer) {
          reply.header('Cache-Control', 'private, no-store');
          return listBundles(db, region, viewer);
        }
        return sendSnapshot(request, reply, await cache.get(`bundles:${region}`, () => listBundles(db, region, undefined)));
      },
    );

    app.get(
      '/bundles/:slug/',
      {
        schema: {
          tags: ['catalog'],
          summary: 'A published bundle priced for the visitor, with each course, the saving and, signed in, the courses the viewer owns',
          ...optionalBearerAuth,
          params: slugParamsSchema,
          querystring: ipQuerySchema,
          response: { 200: bundleSchema, ...errors(404) },
        },
      },
      async (request, reply) => {
        const { region } = visitorOf(ctx, request);
        const { slug } = request.params;
        const viewer = await viewerOf(request, ctx.config.jwtSecret);
        if (viewer) {
          reply.header('Cache-Control', 'private, no-store');
          return getBundle(db, slug, region, viewer);
        }
        return sendSnapshot(request, reply, await cache.get(`bundle:${region}:${slug}`, () => getBundle(db, slug, region, undefined)));
      },
    );
  };
}
