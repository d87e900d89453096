import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminInstructorSchema, adminReviewSchema, instructorBodySchema, reviewBodySchema, reviewOrderSchema } from '../../../shared/site-content.js';
import { uploadLimits } from '../../../shared/uploads.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { errors, noContent } from '../../http/openapi.js';
import { readUpload, uploadForm } from '../../http/upload.js';
import { actorOf } from './guard.js';
import { adminDoc, idParam } from './openapi.js';
import { partialUpdate } from './patch.js';
import * as site from './site-content.service.js';

const reviewParams = z.object({ reviewId: idParam });
const pictureUpload = { field: 'image', maxBytes: uploadLimits.imageBytes, accepts: 'A JPEG, PNG, WebP, GIF or AVIF picture' };
const imageUpload = `multipart field "image" (JPEG, PNG, WebP, GIF or AVIF, at most ${uploadLimits.imageBytes / (1024 * 1024)} MB); 413 when larger, 415 when not a picture`;

/** The instructor shown on the storefront, and the reviews on the home page and /course-reviews. */
export function siteContentAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/instructor/',
      { schema: { ...adminDoc, summary: 'The instructor profile (null before one exists)', response: { 200: adminInstructorSchema.nullable() } } },
      async () => site.readInstructor(ctx),
    );
    app.patch(
      '/instructor/',
      {
        schema: {
          ...adminDoc,
          summary: 'Saves the fields sent (bio HTML sanitised; social links https on their own site)',
          body: instructorBodySchema,
          // An empty PATCH before the profile was first saved: 404.
          response: { 200: adminInstructorSchema, ...errors(404) },
        },
      },
      async (request) =>
        partialUpdate(
          request.body,
          // Nothing to answer before a profile was first saved.
          async () => {
            const instructor = await site.readInstructor(ctx);
            if (!instructor) throw AppError.notFound();
            return instructor;
          },
          (body) => site.saveInstructor(ctx, actorOf(request), body),
        ),
    );
    app.post(
      '/instructor/photo/',
      {
        schema: {
          ...adminDoc,
          form: uploadForm(pictureUpload),
          summary: `The instructor's photo, ${imageUpload}; stored as a 600×600 WebP`,
          response: { 200: adminInstructorSchema },
        },
      },
      async (request) => site.uploadInstructorPhoto(ctx, actorOf(request), await readUpload(request, pictureUpload)),
    );

    app.get(
      '/reviews/',
      { schema: { ...adminDoc, summary: 'Every review in its storefront order', response: { 200: z.array(adminReviewSchema) } } },
      async () => site.listReviews(ctx),
    );
    app.post(
      '/reviews/',
      { schema: { ...adminDoc, summary: 'Adds a review at the end', body: reviewBodySchema, response: { 201: adminReviewSchema } } },
      async (request, reply) => reply.code(201).send(await site.addReview(ctx, actorOf(request), request.body)),
    );
    app.put(
      '/reviews/order/',
      {
        schema: {
          ...adminDoc,
          summary: 'Sets the order: every review id exactly once',
          body: reviewOrderSchema,
          response: { 200: z.array(adminReviewSchema) },
        },
      },
      async (request) => site.orderReviews(ctx, actorOf(request), request.body),
    );
    app.put(
      '/reviews/:reviewId/',
      { schema: { ...adminDoc, summary: 'Replaces a review', params: reviewParams, body: reviewBodySchema, response: { 200: adminReviewSchema } } },
      async (request) => site.editReview(ctx, actorOf(request), request.params.reviewId, request.body),
    );
    app.delete(
      '/reviews/:reviewId/',
      { schema: { ...adminDoc, summary: 'Removes a review', params: reviewParams, response: { 204: noContent('Removed') } } },
      async (request, reply) => {
        await site.removeReview(ctx, actorOf(request), request.params.reviewId);
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/reviews/:reviewId/thumb/',
      {
        schema: {
          ...adminDoc,
          form: uploadForm(pictureUpload),
          summary: `The reviewer's picture, ${imageUpload}; stored as a 256×256 WebP`,
          params: reviewParams,
          response: { 200: adminReviewSchema },
        },
      },
      async (request) => site.uploadReviewThumb(ctx, actorOf(request), request.params.reviewId, await readUpload(request, pictureUpload)),
    );
  };
}
