import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminMeSchema,
  auditEntrySchema,
  auditQuerySchema,
  pageOf,
  setupBodySchema,
  setupResultSchema,
  setupStatusQuerySchema,
  setupStatusSchema,
} from '../../../shared/admin.js';
import type { AppContext } from '../../context.js';
import { errors } from '../../http/openapi.js';
import { listAudit } from './audit.js';
import { actorOf, guardAdminRoutes, reviewerOrAdmin } from './guard.js';
import { adminDoc } from './openapi.js';
import { completeSetup, setupStatus } from './setup.js';
import { siteAdminRoutes } from './site.routes.js';
import { courseAdminRoutes } from './courses.routes.js';
import { bundleAdminRoutes } from './bundles.routes.js';
import { mediaAdminRoutes } from './media.routes.js';
import { siteContentAdminRoutes } from './site-content.routes.js';
import { orderAdminRoutes } from './orders.routes.js';
import { memberAdminRoutes } from './members.routes.js';
import { studentAdminRoutes } from './students.routes.js';
import { paymentAdminRoutes } from './payments.routes.js';
import { overviewAdminRoutes } from './overview.routes.js';
import { planAdminRoutes } from './plans.routes.js';
import { couponAdminRoutes } from './coupons.routes.js';
import { inboxAdminRoutes } from './inbox.routes.js';
import { reviewAdminRoutes } from './reviews.routes.js';
import { teamAdminRoutes } from './team.routes.js';
import { projectAdminRoutes } from './projects.routes.js';
import { broadcastAdminRoutes } from './broadcasts.routes.js';
import { firstStartAdminRoutes } from './first-start.routes.js';

/** Everything under /api/v1/admin/: the role is checked first (guard), every change is audited. */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app, ctx);
    await app.register(siteAdminRoutes(ctx));
    await app.register(courseAdminRoutes(ctx));
    await app.register(bundleAdminRoutes(ctx));
    await app.register(mediaAdminRoutes(ctx));
    await app.register(siteContentAdminRoutes(ctx));
    await app.register(orderAdminRoutes(ctx));
    await app.register(memberAdminRoutes(ctx));
    await app.register(studentAdminRoutes(ctx));
    await app.register(paymentAdminRoutes(ctx));
    await app.register(overviewAdminRoutes(ctx));
    await app.register(planAdminRoutes(ctx));
    await app.register(couponAdminRoutes(ctx));
    await app.register(inboxAdminRoutes(ctx));
    await app.register(reviewAdminRoutes(ctx));
    await app.register(teamAdminRoutes(ctx));
    await app.register(projectAdminRoutes(ctx));
    await app.register(broadcastAdminRoutes(ctx));
    await app.register(firstStartAdminRoutes(ctx));

    app.get(
      '/me/',
      { config: reviewerOrAdmin, schema: { ...adminDoc, summary: 'The signed-in admin or reviewer, with the role', response: { 200: adminMeSchema } } },
      async (request) => {
        const actor = actorOf(request);
        return { user_id: actor.id!, email: actor.email, full_name: actor.name, role: actor.role };
      },
    );

    app.get(
      '/audit-log/',
      {
        schema: {
          ...adminDoc,
          summary: 'Every change made in the studio, newest first',
          querystring: auditQuerySchema,
          response: { 200: pageOf(auditEntrySchema) },
        },
      },
      async (request) => listAudit(ctx.db, request.query),
    );
  };
}

/** First-run setup: only while no admin exists, and only with the link printed in the server log. */
export function setupRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/setup/',
      { schema: { tags: ['admin'], summary: 'Whether a setup link still works', querystring: setupStatusQuerySchema, response: { 200: setupStatusSchema } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return setupStatus(ctx.db, request.query.token);
      },
    );

    app.post(
      '/setup/',
      {
        schema: {
          tags: ['admin'],
          summary: "Creates the instructor's admin account from the setup link",
          body: setupBodySchema,
          response: { 201: setupResultSchema, ...errors(403) },
        },
        config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      },
      async (request, reply) => reply.code(201).send(await completeSetup(ctx, request.body, request.ip)),
    );
  };
}
