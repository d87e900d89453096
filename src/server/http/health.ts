import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { databaseState } from '../db/readiness.js';

/**
 * /healthz: the process is alive (no dependency checked, so a database outage never gets every
 * process restarted at once). /readyz: send traffic here: the database answers and holds every
 * migration. While shutting down, Fastify answers 503 to both.
 */
export function registerHealth(app: FastifyInstance, db: Database): void {
  app.get('/healthz', { schema: { hide: true }, logLevel: 'warn' }, async () => ({ ok: true }));
  app.get('/readyz', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) => {
    const state = await databaseState(db);
    reply.header('Cache-Control', 'no-store');
    if (state === 'ready') return { status: 'ready' };
    return reply.code(503).send({ status: 'not ready', reason: state === 'unreachable' ? 'database unreachable' : 'migrations pending' });
  });
}
