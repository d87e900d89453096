import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminMessages } from '../../../shared/admin.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { viewerOf } from '../../http/auth.js';
import { addAnswers, bearerAuth } from '../../http/openapi.js';
import { getPublicUser } from '../accounts/index.js';
import type { Actor } from './audit.js';

const actors = new WeakMap<FastifyRequest, Actor>();

/**
 * The studio's gate, run on every /api/v1/admin/ request before its body is read (onRequest):
 * no credentials → 401, a signed-in account that is not an admin (read from the database, not
 * from the token, so a demoted admin loses access at once) → 403.
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
    if (!user?.isAdmin) throw new AppError('forbidden', adminMessages.notAdmin);
    actors.set(request, { id: user.id, email: user.email, name: user.fullName, ip: request.ip });
  });
}

/** The admin making this request (set by the gate). */
export function actorOf(request: FastifyRequest): Actor {
  const actor = actors.get(request);
  if (!actor) throw new AppError('forbidden', adminMessages.notAdmin);
  return actor;
}
