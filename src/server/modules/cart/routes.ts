import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ipQuerySchema } from '../../../shared/catalog.js';
import {
  addToCartBodySchema,
  addToCartResponseSchema,
  cartIdSchema,
  cartResponseSchema,
  removeCartItemResponseSchema,
  totalResponseSchema,
} from '../../../shared/commerce.js';
import { visitorOf, type AppContext } from '../../context.js';
import { viewerOf } from '../../http/auth.js';
import { errors, optionalBearerAuth } from '../../http/openapi.js';
import { memoFor } from '../../http/viewer-cache.js';
import * as cart from './service.js';

export function cartRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  const secret = ctx.config.jwtSecret;
  return async (app) => {
    app.post(
      '/add-to-cart/',
      {
        schema: {
          tags: ['cart'],
          summary:
            "Adds a paid course or a published bundle to the client's cart ('already_in_cart' when present); a bundle whose every course the buyer owns: 400",
          ...optionalBearerAuth,
          body: addToCartBodySchema,
          response: { 200: addToCartResponseSchema, ...errors(404) },
        },
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      },
      async (request) =>
        cart.addToCart({
          db,
          cartId: request.body.cart_id,
          courseId: request.body.course_id,
          bundleId: request.body.bundle_id,
          region: visitorOf(ctx, request).region,
          viewer: await viewerOf(request, secret),
        }),
    );

    app.get(
      '/get-cart-items/:cartId/',
      {
        schema: {
          tags: ['cart'],
          summary: "The cart priced for the visitor; a signed-in user's guest cart merges and owned courses drop out",
          ...optionalBearerAuth,
          params: z.object({ cartId: cartIdSchema }),
          querystring: ipQuerySchema,
          response: { 200: cartResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        const viewer = await viewerOf(request, secret);
        const options = { db, cartId: request.params.cartId, region: visitorOf(ctx, request).region, viewer };
        return cart.claimAndPriceCart(options, viewer ? memoFor(ctx.viewerCache, viewer.userId) : undefined);
      },
    );

    app.delete(
      '/cart-items/:itemId/',
      {
        schema: {
          tags: ['cart'],
          ...optionalBearerAuth,
          params: z.object({ itemId: z.uuid('Enter a valid cart item id.') }),
          response: { 200: removeCartItemResponseSchema },
        },
      },
      async (request) => cart.removeCartItem(db, request.params.itemId, await viewerOf(request, secret)),
    );

    app.get(
      '/calculate-total/',
      {
        schema: {
          tags: ['cart'],
          summary: 'Total of the given cart items (comma-separated item ids), priced by the server',
          querystring: ipQuerySchema.extend({
            cart_items: z
              .string()
              .max(2000)
              .default('')
              .transform((v, ctx2) => {
                const ids = v
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean);
                if (ids.some((id) => !z.uuid().safeParse(id).success)) ctx2.addIssue({ code: 'custom', message: 'Enter valid cart item ids.' });
                return ids;
              }),
          }),
          response: { 200: totalResponseSchema },
        },
      },
      async (request) => cart.calculateTotal(db, request.query.cart_items, visitorOf(ctx, request).region),
    );
  };
}
