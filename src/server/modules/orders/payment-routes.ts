import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentCancelBodySchema, paymentCancelResponseSchema, paymentUpdateBodySchema, paymentUpdateResponseSchema } from '../../../shared/commerce.js';
import type { AppContext } from '../../context.js';
import { viewerOf } from '../../http/auth.js';
import { errors, optionalBearerAuth } from '../../http/openapi.js';
import type { OrderDeps } from './service.js';
import * as payments from './payments.js';

export function paymentRoutes(ctx: AppContext, deps: OrderDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/payments/update/',
      {
        schema: {
          tags: ['payments'],
          summary: "The browser's return from the provider: Stripe sessions are read back from Stripe; Razorpay results must carry a valid signature",
          ...optionalBearerAuth,
          body: paymentUpdateBodySchema,
          response: { 200: paymentUpdateResponseSchema, ...errors(403, 404, 503) },
        },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request) => {
        const viewer = await viewerOf(request, ctx.config.jwtSecret);
        const body = request.body;
        if (body.payment_method === 'Stripe') return payments.confirmStripeReturn(deps, { sessionId: body.session_id, orderNumber: body.order_number, viewer });
        return payments.confirmRazorpayReturn(deps, {
          orderNumber: body.order_number,
          orderId: body.order_id,
          paymentId: body.payment_id,
          signature: body.signature,
          status: body.payment_status,
          viewer,
        });
      },
    );

    app.post(
      '/payments/cancel/',
      {
        schema: {
          tags: ['payments'],
          summary: "The buyer came back from Stripe's page without paying: the session is expired and the order closed unpaid, its coupon given back",
          ...optionalBearerAuth,
          body: paymentCancelBodySchema,
          response: { 200: paymentCancelResponseSchema, ...errors(403, 404, 503) },
        },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request) => payments.cancelStripeCheckout(deps, { orderNumber: request.body.order_number, viewer: await viewerOf(request, ctx.config.jwtSecret) }),
    );
  };
}
