import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../shared/messages.js';
import { regions } from '../../../shared/regions.js';
import {
  countryListSchema,
  saveIpSchema,
  siteConfigSchema,
  stateListSchema,
  verifyCaptchaBodySchema,
  verifyCaptchaResponseSchema,
} from '../../../shared/site.js';
import { visitorOf, type AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { grantCaptchaPass } from '../../http/captcha-pass.js';
import { randomToken } from '../../lib/tokens.js';
import { siteIdentity } from '../settings/index.js';
import { siteFiguresSchema } from '../../../shared/site.js';
import { sendSnapshot } from '../../http/cache.js';
import { siteFigures } from './figures.js';
import { listCountries, listStates } from './service.js';

export function siteRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/save-ip/',
      { schema: { tags: ['site'], summary: "The visitor's address as the server sees it", response: { 200: saveIpSchema } } },
      async (request) => ({
        ip: request.ip,
      }),
    );

    app.get(
      '/site-config/',
      { schema: { tags: ['site'], summary: 'What the web app needs to know about this deployment', response: { 200: siteConfigSchema } } },
      async (request, reply) => {
        const visitor = visitorOf(ctx, request);
        const site = await siteIdentity(ctx.db, ctx.config);
        reply.header('Cache-Control', 'private, max-age=300');
        return {
          country: visitor.country,
          currency: regions[visitor.region].currency,
          captcha: { provider: ctx.captcha.provider, site_key: ctx.captcha.siteKey },
          google_client_id: ctx.google?.clientId ?? null,
          payments: {
            stripe: ctx.stripe ? ctx.stripe.mode : null,
            razorpay: ctx.razorpay ? ctx.razorpay.mode : null,
            razorpay_key_id: ctx.razorpay?.keyId ?? null,
          },
          community_url: ctx.config.communityUrl,
          support_email: site.supportEmail ?? '',
          site_name: site.name,
          logo_url: site.logo ?? null,
        };
      },
    );

    app.get(
      '/site-figures/',
      {
        schema: {
          tags: ['site'],
          summary: "The home page's stats strip, the subscribe page's claims and the testimonials' wording (Settings, else what the database knows)",
          response: { 200: siteFiguresSchema },
        },
      },
      // Kept with the catalog's snapshots (dropped when the catalog or the settings change), so a page render never counts rows.
      async (request, reply) => sendSnapshot(request, reply, await ctx.catalogCache.get('site-figures', () => siteFigures(ctx.db, ctx.config))),
    );

    app.get('/fetchCountries/', { schema: { tags: ['site'], response: { 200: countryListSchema } } }, async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=86400');
      return { countries: listCountries() };
    });

    app.get(
      '/fetchStates/:country',
      { schema: { tags: ['site'], params: z.object({ country: z.string().trim().min(1).max(100) }), response: { 200: stateListSchema } } },
      async (request, reply) => {
        const states = listStates(request.params.country);
        if (!states) throw AppError.notFound('Country not found.');
        reply.header('Cache-Control', 'public, max-age=86400');
        return { states };
      },
    );

    app.get(
      '/altcha/challenge/',
      {
        schema: {
          tags: ['site'],
          summary: 'A signed ALTCHA proof-of-work challenge (404 when the server uses reCAPTCHA)',
          response: { 200: z.looseObject({}).meta({ description: "The challenge, in the ALTCHA widget's format" }) },
        },
      },
      async (_request, reply) => {
        if (ctx.captcha.provider !== 'altcha') throw AppError.notFound('ALTCHA is not enabled on this server.');
        reply.header('Cache-Control', 'no-store');
        return (await ctx.captcha.challenge()) as Record<string, unknown>;
      },
    );

    app.post(
      '/verify-recaptcha/',
      {
        schema: {
          tags: ['site'],
          summary: 'Verifies a captcha token (reCAPTCHA or ALTCHA payload)',
          body: verifyCaptchaBodySchema,
          response: { 200: verifyCaptchaResponseSchema },
        },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const result = await ctx.captcha.verify(request.body.token, request.ip);
        if (result === 'unavailable') throw new AppError('unavailable', messages.captcha.unavailable, { success: false, error: messages.captcha.unavailable });
        if (result === 'verified') grantCaptchaPass(ctx, reply, randomToken(16));
        return { success: result === 'verified' };
      },
    );
  };
}
