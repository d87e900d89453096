import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { slugParamsSchema } from '../../../shared/catalog.js';
import {
  allReviewsQuerySchema,
  courseReviewPageSchema,
  courseReviewQuerySchema,
  myReviewSchema,
  reviewBodySchema,
  savedReviewSchema,
} from '../../../shared/reviews.js';
import type { AppContext } from '../../context.js';
import { requireViewer } from '../../http/auth.js';
import { bearerAuth, errors } from '../../http/openapi.js';
import * as reviews from './service.js';

/** Students' ratings and reviews of courses: the public lists and the student's own review. */
export function reviewRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  const secret = ctx.config.jwtSecret;
  return async (app) => {
    app.get(
      '/courses/:slug/reviews/',
      {
        schema: {
          tags: ['reviews'],
          summary: "The course's public reviews, newest first (hidden ones left out); `stars` keeps one rating",
          params: slugParamsSchema,
          querystring: courseReviewQuerySchema,
          response: { 200: courseReviewPageSchema },
        },
      },
      async (request) => reviews.listCourseReviews(db, request.params.slug, request.query, ctx.config.publicUrl),
    );

    app.get(
      '/course-reviews/',
      {
        schema: {
          tags: ['reviews'],
          summary: 'The newest public reviews of every course, or of one (`course`: its slug), optionally of one rating',
          querystring: allReviewsQuerySchema,
          response: { 200: courseReviewPageSchema },
        },
      },
      async (request) => reviews.listAllReviews(db, request.query, ctx.config.publicUrl),
    );

    app.get(
      '/courses/:slug/reviews/mine/',
      {
        schema: {
          tags: ['reviews'],
          ...bearerAuth,
          summary: "The viewer's own review of the course, and whether they may rate it",
          params: slugParamsSchema,
          response: { 200: myReviewSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return reviews.myReview(db, await requireViewer(request, secret), request.params.slug);
      },
    );

    app.post(
      '/courses/:slug/reviews/',
      {
        schema: {
          tags: ['reviews'],
          ...bearerAuth,
          summary:
            'Rates the course (1 to 5 stars, an optional review): 201 the first time, 200 for an edit; only a student who may open it and completed a lesson',
          params: slugParamsSchema,
          body: reviewBodySchema,
          response: { 200: savedReviewSchema, 201: savedReviewSchema, ...errors(403) },
        },
      },
      async (request, reply) => {
        const viewer = await requireViewer(request, secret);
        const saved = await reviews.saveReview(db, viewer, request.params.slug, request.body);
        // The course cards and page carry the new average.
        await ctx.invalidation.invalidate('catalog');
        return reply.code(saved.created ? 201 : 200).send(saved);
      },
    );
  };
}
