import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminReviewPageSchema, adminReviewQuerySchema, adminReviewSchema, reviewHideBodySchema, reviewReplyBodySchema } from '../../../shared/reviews.js';
import type { AppContext } from '../../context.js';
import { errors } from '../../http/openapi.js';
import { replyToReview, setReviewHidden, studioReviews } from '../reviews/index.js';
import { audited, type Actor } from './audit.js';
import { actorOf } from './guard.js';
import { adminDoc, idParam } from './openapi.js';
import { pageWindow } from './paging.js';

const params = z.object({ reviewId: idParam });
const excerpt = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);

/** Students' course reviews: the list (hidden ones too), a public reply once per review, hide and show again. */
export function reviewAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/course-reviews/',
      {
        schema: {
          ...adminDoc,
          summary: "Students' reviews of every course, newest first; filter by course, stars, public or hidden, replied or not",
          querystring: adminReviewQuerySchema,
          response: { 200: adminReviewPageSchema },
        },
      },
      async (request) => {
        const query = request.query;
        const { limit, offset } = pageWindow(query);
        const page = await studioReviews(
          ctx.db,
          { courseId: query.course_id, stars: query.stars, status: query.status, replied: query.replied === undefined ? undefined : query.replied === 'true' },
          limit,
          offset,
        );
        return { count: page.total, page: query.page, page_size: query.page_size, results: page.results };
      },
    );

    app.post(
      '/course-reviews/:reviewId/reply/',
      {
        schema: {
          ...adminDoc,
          summary: "The instructor's public reply to a review: once per review",
          params,
          body: reviewReplyBodySchema,
          response: { 200: adminReviewSchema, ...errors(409) },
        },
      },
      async (request) => {
        const { reviewId } = request.params;
        return audited(ctx.db, actorOf(request), async (tx) => {
          const { before, after } = await replyToReview(tx, reviewId, request.body.reply);
          return {
            result: after,
            audit: {
              action: 'review.reply',
              entityType: 'course_review',
              entityId: reviewId,
              summary: `Replied to ${after.student.full_name}'s review of ${after.course.title}`,
              before: { reply: before.reply },
              after: { reply: after.reply },
            },
          };
        });
      },
    );

    const hideOrShow = async (actor: Actor, reviewId: number, reason: string | null) => {
      const hide = reason !== null;
      const result = await audited(ctx.db, actor, async (tx) => {
        const { before, after } = await setReviewHidden(tx, reviewId, hide ? { reason } : null);
        return {
          result: after,
          audit: {
            action: hide ? 'review.hide' : 'review.show',
            entityType: 'course_review',
            entityId: reviewId,
            summary: `${hide ? 'Hid' : 'Showed again'} ${after.student.full_name}'s ${after.rating}-star review of ${after.course.title}${
              hide ? `: ${reason}` : ''
            } ("${excerpt(after.review)}")`,
            before: { hidden: before.hidden },
            after: { hidden: after.hidden },
          },
        };
      });
      // The course's average and count changed with it.
      await ctx.invalidation.invalidate('catalog');
      return result;
    };

    app.post(
      '/course-reviews/:reviewId/hide/',
      {
        schema: {
          ...adminDoc,
          summary: "Hides a review from the storefront and the course's average, with the reason (kept in the audit log)",
          params,
          body: reviewHideBodySchema,
          response: { 200: adminReviewSchema, ...errors(409) },
        },
      },
      async (request) => hideOrShow(actorOf(request), request.params.reviewId, request.body.reason),
    );

    app.post(
      '/course-reviews/:reviewId/show/',
      {
        schema: { ...adminDoc, summary: 'Shows a hidden review again', params, response: { 200: adminReviewSchema, ...errors(409) } },
      },
      async (request) => hideOrShow(actorOf(request), request.params.reviewId, null),
    );
  };
}
