import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '../../../shared/admin.js';
import { adminBundleQuerySchema, adminBundleSchema, bundleBodySchema, bundlePatchSchema } from '../../../shared/bundles.js';
import { uploadLimits } from '../../../shared/uploads.js';
import type { AppContext } from '../../context.js';
import { readUpload, uploadForm } from '../../http/upload.js';
import * as bundles from './bundles.service.js';
import { actorOf } from './guard.js';
import { adminDoc, idParam } from './openapi.js';
import { partialUpdate } from './patch.js';

const bundleParams = z.object({ bundleId: idParam });
const cover = { field: 'image', maxBytes: uploadLimits.imageBytes, accepts: 'A JPEG, PNG, WebP, GIF or AVIF picture' };
const transitions = {
  publish: 'Publishes the bundle (needs two published paid courses or more and a USD price)',
  unpublish: 'Takes the bundle off the storefront (back to draft)',
  archive: 'Archives the bundle: off the storefront and the list; buyers keep its courses',
  restore: 'Brings an archived bundle back as a draft',
} as const;

export function bundleAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/bundles/',
      {
        schema: {
          ...adminDoc,
          summary: 'Bundles (archived ones with state=archived), newest edit first, with their courses, prices and sales',
          querystring: adminBundleQuerySchema,
          response: { 200: pageOf(adminBundleSchema) },
        },
      },
      async (request) => bundles.listBundles(ctx, request.query),
    );

    app.post(
      '/bundles/',
      {
        schema: { ...adminDoc, summary: 'Creates a bundle of paid courses as a draft', body: bundleBodySchema, response: { 201: adminBundleSchema } },
      },
      async (request, reply) => reply.code(201).send(await bundles.createBundle(ctx, actorOf(request), request.body)),
    );

    app.get(
      '/bundles/:bundleId/',
      { schema: { ...adminDoc, summary: 'A bundle with its courses, prices and sales', params: bundleParams, response: { 200: adminBundleSchema } } },
      async (request) => bundles.studioBundle(ctx.db, request.params.bundleId),
    );

    app.patch(
      '/bundles/:bundleId/',
      {
        schema: {
          ...adminDoc,
          summary: 'Edits the fields sent (courses and prices, when sent, are the whole list)',
          params: bundleParams,
          body: bundlePatchSchema,
          response: { 200: adminBundleSchema },
        },
      },
      async (request) =>
        partialUpdate(
          request.body,
          () => bundles.studioBundle(ctx.db, request.params.bundleId),
          (patch) => bundles.updateBundle(ctx, actorOf(request), request.params.bundleId, patch),
        ),
    );

    app.post(
      '/bundles/:bundleId/cover/',
      {
        schema: {
          ...adminDoc,
          form: uploadForm(cover),
          summary: 'Multipart field "image" (JPEG, PNG, WebP, GIF or AVIF): the cover, cropped to 16:9 and re-encoded; 413 when larger, 415 when not a picture',
          params: bundleParams,
          response: { 200: adminBundleSchema },
        },
      },
      async (request) => bundles.uploadBundleCover(ctx, actorOf(request), request.params.bundleId, await readUpload(request, cover)),
    );

    for (const [transition, summary] of Object.entries(transitions) as [keyof typeof transitions, string][]) {
      app.post(
        `/bundles/:bundleId/${transition}/`,
        { schema: { ...adminDoc, summary, params: bundleParams, response: { 200: adminBundleSchema } } },
        async (request) => bundles.transitionBundle(ctx, actorOf(request), request.params.bundleId, transition),
      );
    }
  };
}
