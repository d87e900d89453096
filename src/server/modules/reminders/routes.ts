import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { abandonedEmailBodySchema, deleteAbandonedEmailBodySchema } from '../../../shared/commerce.js';
import type { AppContext } from '../../context.js';
import { viewerOf } from '../../http/auth.js';
import { errors, fileResponse, optionalBearerAuth } from '../../http/openapi.js';
import { cancelReminder, scheduleReminder, unsubscribe } from './service.js';

export function reminderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const deps = { db: ctx.db, queue: ctx.queue, config: ctx.config };
  return async (app) => {
    app.post(
      '/emails/create-abandoned-email/',
      {
        schema: {
          tags: ['reminders'],
          summary: 'Schedules an abandoned-cart reminder (sent later unless the courses were bought)',
          description:
            "Only to an address with a cart here: a signed-in user's own (about their cart), or a guest's, with `cart_id` (the cart it is about; one cart reminds one address). At most one pending reminder per address. 400 without a cart or with courses not in it, 401 for a guest's membership reminder, 403 for another's address, 404 for an unknown cart, 409 when the cart reminds another address or the address has a reminder from another cart: nothing is scheduled.",
          ...optionalBearerAuth,
          body: abandonedEmailBodySchema,
          response: { 200: z.object({ message: z.literal('scheduled') }), ...errors(403, 404, 409) },
        },
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      async (request) => {
        await scheduleReminder(deps, {
          email: request.body.email,
          reason: request.body.sending_reason,
          courseIds: request.body.course_items.map((c) => c.course_id),
          viewer: await viewerOf(request, ctx.config.jwtSecret),
          cartId: request.body.cart_id,
        });
        return { message: 'scheduled' as const };
      },
    );

    app.delete(
      '/emails/delete-abandoned-emails/',
      {
        schema: {
          tags: ['reminders'],
          summary: 'Cancels reminders for an email (one course, or all)',
          description:
            "Only the caller's own: a signed-in user's address (403 for another), or a guest's reminders asked for by `cart_id` (400 without one). Another's reminders are never touched.",
          ...optionalBearerAuth,
          body: deleteAbandonedEmailBodySchema,
          response: { 200: z.object({ message: z.literal('deleted') }), ...errors(403) },
        },
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      async (request) => {
        await cancelReminder(ctx.db, {
          email: request.body.email,
          reason: request.body.sending_reason,
          courseId: request.body.course_id,
          viewer: await viewerOf(request, ctx.config.jwtSecret),
          cartId: request.body.cart_id,
        });
        return { message: 'deleted' as const };
      },
    );

    app.get(
      '/emails/unsubscribe/',
      {
        schema: {
          tags: ['reminders'],
          summary: 'The unsubscribe link of reminder emails',
          querystring: z.object({ email: z.string().max(254), expires: z.coerce.number(), signature: z.string().max(100) }),
          response: {
            200: fileResponse('text/html', 'A page saying the address is unsubscribed'),
            // A link that does not verify answers a page too; malformed input the usual JSON error.
            400: { ...errors(400)[400]!, content: { ...errors(400)[400]!.content, ...fileResponse('text/html', '').content } },
          },
        },
      },
      async (request, reply) => {
        const ok = await unsubscribe(deps, request.query);
        reply.type('text/html; charset=utf-8').code(ok ? 200 : 400);
        return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Email preferences | Lectern</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f4f8;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0}main{background:#fff;padding:32px;border-radius:16px;max-width:420px}a{color:#3730a3}</style></head>
<body><main><h1>${ok ? "You're unsubscribed" : 'This link is not valid'}</h1><p>${ok ? 'We will not send you cart reminders any more.' : 'The unsubscribe link is broken or has expired.'}</p><p><a href="/">Back to Lectern</a></p></main></body></html>`;
      },
    );
  };
}
