import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../shared/messages.js';
import { contactBodySchema, contactResponseSchema } from '../../../shared/site.js';
import type { AppContext } from '../../context.js';
import { requireCaptcha } from '../../http/captcha-pass.js';
import { sendContactMessage } from './service.js';

export function contactRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/contact/',
      {
        schema: { tags: ['contact'], summary: 'Sends a message to the instructor', body: contactBodySchema, response: { 200: contactResponseSchema } },
        config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      },
      async (request, reply) => {
        await requireCaptcha(ctx, request, reply, request.body.captcha);
        await sendContactMessage({ db: ctx.db, queue: ctx.queue, config: ctx.config, message: request.body });
        return { message: messages.contact.sent };
      },
    );
  };
}
