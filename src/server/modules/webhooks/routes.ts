import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { errors } from '../../http/openapi.js';
import { receiveRazorpayEvent, receiveStripeEvent, type WebhookDeps } from './service.js';

/** A webhook is stored and claimed once: a duplicate during its work is 409, a failure 503 (the provider retries both). */
const webhookAnswers = { 200: z.object({ received: z.literal(true) }), ...errors(404, 409, 503) };

/** The providers' webhooks (orders and memberships alike). Signatures are checked over the exact bytes received, so the bodies stay raw. */
export function webhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const deps: WebhookDeps = { db: ctx.db, queue: ctx.queue, config: ctx.config, log: app.log, stripe: ctx.stripe, razorpay: ctx.razorpay };
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
    app.post(
      '/webhooks/stripe',
      { schema: { tags: ['payments'], summary: 'Stripe events (signature checked on the raw body)', response: webhookAnswers } },
      async (request) => {
        await receiveStripeEvent(deps, request.body as Buffer, request.headers['stripe-signature'] as string | undefined);
        return { received: true as const };
      },
    );
    app.post(
      '/webhooks/razorpay',
      { schema: { tags: ['payments'], summary: 'Razorpay events (X-Razorpay-Signature over the raw body)', response: webhookAnswers } },
      async (request) => {
        await receiveRazorpayEvent(
          deps,
          request.body as Buffer,
          request.headers['x-razorpay-signature'] as string | undefined,
          request.headers['x-razorpay-event-id'] as string | undefined,
        );
        return { received: true as const };
      },
    );
  };
}
