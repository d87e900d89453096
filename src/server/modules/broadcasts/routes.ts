import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailPreferencesBodySchema, emailPreferencesSchema, preferencesQuerySchema } from '../../../shared/broadcasts.js';
import type { AppContext } from '../../context.js';
import { requireViewer } from '../../http/auth.js';
import { bearerAuth, errors, noContent } from '../../http/openapi.js';
import { preferencesByToken, preferencesOf, setPreferencesByToken, setPreferencesOf } from './preferences.js';

const tokenDoc =
  'Reached without signing in: `token` is the signed link every broadcast carries (its footer and its List-Unsubscribe header). A token that does not verify is 400 and nothing is written.';

/** The email preferences: the page's reads and writes, and RFC 8058's one-click unsubscribe. */
export function broadcastRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // RFC 8058: the mailbox provider POSTs `List-Unsubscribe=One-Click` as a form. The body says
    // nothing the token does not (its content is not read), so any form is accepted here.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body));

    app.get(
      '/email-preferences/',
      {
        schema: {
          tags: ['email preferences'],
          summary: "The link holder's email preferences: whether broadcasts (emails from the instructor to students) reach them",
          description: tokenDoc,
          querystring: preferencesQuerySchema,
          response: { 200: emailPreferencesSchema },
        },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return preferencesByToken(ctx.db, ctx.config, request.query.token);
      },
    );

    app.put(
      '/email-preferences/',
      {
        schema: {
          tags: ['email preferences'],
          summary: 'Turns broadcasts off or back on for the link holder. Receipts, password, account and membership emails always go.',
          description: tokenDoc,
          querystring: preferencesQuerySchema,
          body: emailPreferencesBodySchema,
          response: { 200: emailPreferencesSchema },
        },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return setPreferencesByToken(ctx.db, ctx.config, request.query.token, request.body);
      },
    );

    app.get(
      '/email-preferences/me/',
      {
        schema: {
          tags: ['email preferences'],
          summary: "The signed-in person's email preferences (My Profile): whether broadcasts reach them",
          ...bearerAuth,
          response: { 200: emailPreferencesSchema, ...errors(404) },
        },
      },
      async (request, reply) => {
        const viewer = await requireViewer(request, ctx.config.jwtSecret);
        reply.header('Cache-Control', 'no-store');
        return preferencesOf(ctx.db, viewer.userId);
      },
    );

    app.put(
      '/email-preferences/me/',
      {
        schema: {
          tags: ['email preferences'],
          summary: 'Turns broadcasts off or back on for the signed-in person. Receipts, password, account and membership emails always go.',
          ...bearerAuth,
          body: emailPreferencesBodySchema,
          response: { 200: emailPreferencesSchema, ...errors(404) },
        },
      },
      async (request, reply) => {
        const viewer = await requireViewer(request, ctx.config.jwtSecret);
        reply.header('Cache-Control', 'no-store');
        return setPreferencesOf(ctx.db, viewer.userId, request.body);
      },
    );

    app.post(
      '/email-preferences/unsubscribe/',
      {
        schema: {
          tags: ['email preferences'],
          summary: "One-click unsubscribe (RFC 8058): the List-Unsubscribe header's https target. Stops broadcasts only; 200 with no sign-in.",
          description: `${tokenDoc} Mailbox providers POST \`List-Unsubscribe=One-Click\` (a form); the body may also be empty.`,
          querystring: preferencesQuerySchema,
          form: {
            consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
            schema: z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() }),
          },
          response: { 200: emailPreferencesSchema },
        },
        // Mailbox providers post from a few addresses: a generous limit (the token is what protects it).
        config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return setPreferencesByToken(ctx.db, ctx.config, request.query.token, { broadcasts: false });
      },
    );

    app.get(
      '/email-preferences/unsubscribe/',
      {
        schema: {
          tags: ['email preferences'],
          summary: 'The one-click link opened in a browser (older mail apps): leads to the preferences page, where one button unsubscribes',
          description: 'A GET never unsubscribes (link scanners open links): it answers 303 to `/email-preferences?token=…`.',
          querystring: preferencesQuerySchema,
          response: { 303: noContent('To the preferences page') },
        },
      },
      async (request, reply) => reply.redirect(`/email-preferences?token=${encodeURIComponent(request.query.token)}`, 303),
    );
  };
}
