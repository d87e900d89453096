import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountMessages } from '../../shared/accounts.js';
import { AppError } from '../errors.js';
import type { Database } from '../db/client.js';
import type { Invalidation } from '../invalidation/index.js';
import { blockedUserIds, verifyAccessToken } from '../modules/accounts/index.js';
import { readsBearer } from './openapi.js';

export interface Viewer {
  userId: number;
  isAdmin: boolean;
}

const cache = new WeakMap<FastifyRequest, Promise<Viewer | undefined>>();

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : '';
}

const tokenInvalid = () => new AppError('unauthorized', accountMessages.tokenInvalid, { detail: accountMessages.tokenInvalid, code: 'token_not_valid' });

/**
 * The signed-in viewer, or undefined for an anonymous request. A bearer token that is present but
 * invalid or expired answers 401, so the client refreshes it and retries (as DRF's JWT auth does).
 * Only a route whose schema declares the bearer token (`bearerAuth` / `optionalBearerAuth` in
 * http/openapi.ts) may read it, so the document's security and 401s are those the route has.
 */
export async function viewerOf(request: FastifyRequest, secret: string): Promise<Viewer | undefined> {
  if (!readsBearer(request.routeOptions.schema)) {
    throw new Error(`${request.method} ${request.routeOptions.url} reads the bearer token: declare bearerAuth (or optionalBearerAuth) in its schema`);
  }
  let pending = cache.get(request);
  if (!pending) {
    pending = (async () => {
      const token = bearerOf(request);
      if (token === undefined) return undefined;
      const claims = token ? await verifyAccessToken(secret, token) : undefined;
      if (!claims) throw tokenInvalid();
      return claims;
    })();
    cache.set(request, pending);
  }
  return pending;
}

export async function requireViewer(request: FastifyRequest, secret: string): Promise<Viewer> {
  const viewer = await viewerOf(request, secret);
  if (!viewer)
    throw new AppError('unauthorized', 'Authentication credentials were not provided.', {
      detail: 'Authentication credentials were not provided.',
      code: 'not_authenticated',
    });
  return viewer;
}

/**
 * The longest a process answers from its list of blocked accounts before reading it again, even
 * if no invalidation reached it (a lost notification): a blocked user's token is refused within
 * this bound everywhere, at once in the process that blocked them.
 */
export const BLOCKED_RELOAD_MS = 10_000;

/**
 * A blocked account's access tokens stop working (401, as an expired token): checked on every
 * /api/v1 request with a valid token to a route that reads it, against the blocked ids held in
 * memory (no database round trip), reloaded in every process when 'accounts.blocked' is
 * invalidated and at least every BLOCKED_RELOAD_MS. Invalid tokens are left to the routes; routes
 * that do not read the token ignore it, whoever sent it.
 */
export function registerBlockedUserGuard(app: FastifyInstance, deps: { db: Database; invalidation: Invalidation; secret: string; reloadMs?: number }): void {
  let blocked: Promise<Set<number>> | undefined;
  let loadedAt = 0;
  deps.invalidation.onInvalidate('accounts.blocked', () => {
    blocked = undefined;
  });
  app.addHook('onRequest', async (request) => {
    if (!request.headers.authorization || !readsBearer(request.routeOptions.schema)) return;
    const viewer = await viewerOf(request, deps.secret).catch(() => undefined);
    if (!viewer) return;
    if (Date.now() - loadedAt > (deps.reloadMs ?? BLOCKED_RELOAD_MS)) blocked = undefined;
    blocked ??= ((loadedAt = Date.now()), blockedUserIds(deps.db)).catch((error: unknown) => {
      blocked = undefined;
      throw error;
    });
    if ((await blocked).has(viewer.userId)) throw tokenInvalid();
  });
}
