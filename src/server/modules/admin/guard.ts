import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminMessages } from '../../../shared/admin.js';
import type { StaffRole } from '../../../shared/team.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { viewerOf } from '../../http/auth.js';
import { addAnswers, bearerAuth } from '../../http/openapi.js';
import { getPublicUser, roleOf } from '../accounts/index.js';
import type { Actor } from './audit.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A reviewer may call this studio route too (see `reviewerOrAdmin`). */
    reviewers?: boolean;
  }
}

/**
 * The route option that opens a studio route to reviewers as well as admins: the project review
 * queue and decisions, letters. Every other /api/v1/admin/ route answers a reviewer 403.
 *
 *     app.get('/project-submissions/', { config: reviewerOrAdmin, schema: … }, handler)
 */
export const reviewerOrAdmin = { reviewers: true } as const;

const actors = new WeakMap<FastifyRequest, Actor & { role: StaffRole }>();

/**
 * The studio's gate, run on every /api/v1/admin/ request before its body is read (onRequest):
 * no credentials → 401; an account that is neither an admin nor (on a route opened with
 * `reviewerOrAdmin`) a reviewer → 403. The role is read from the database, not from the token,
 * so a demoted admin or a removed reviewer loses access at once.
 */
export function guardAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  // What the gate answers is in every studio call's document: the bearer token, 401 and 403.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, ...bearerAuth };
    addAnswers(route, [401, 403]);
  });
  app.addHook('onRequest', async (request) => {
    const viewer = await viewerOf(request, ctx.config.jwtSecret);
    if (!viewer) throw new AppError('unauthorized', adminMessages.notAuthenticated, { detail: adminMessages.notAuthenticated, code: 'not_authenticated' });
    const user = await getPublicUser(ctx.db, viewer.userId);
    const role = user ? roleOf(user) : 'student';
    if (!user || role === 'student' || (role === 'reviewer' && request.routeOptions.config.reviewers !== true)) {
      throw new AppError('forbidden', adminMessages.notAdmin);
    }
    actors.set(request, { id: user.id, email: user.email, name: user.fullName, ip: request.ip, role });
  });
}

/** The admin (or, on a reviewer route, the reviewer) making this request (set by the gate). */
export function actorOf(request: FastifyRequest): Actor & { role: StaffRole } {
  const actor = actors.get(request);
  if (!actor) throw new AppError('forbidden', adminMessages.notAdmin);
  return actor;
}
