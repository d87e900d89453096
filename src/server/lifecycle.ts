import type { FastifyInstance } from 'fastify';

/** What shutting down needs of the app (app.ts's App has it; named here so this file does not import app.ts). */
type App = FastifyInstance & { ctx: { queue: { stop(): Promise<void> } } };

export interface ShutdownOptions {
  app: App;
  /** Closes the database and releases the data folder lock, once requests and jobs are done. */
  closeDatabase: () => Promise<void>;
  timeoutMs: number;
  exit: (code: number) => void;
}

/**
 * Graceful shutdown, as a load balancer and an orchestrator expect it: stop accepting
 * connections (requests arriving on open ones get 503, so /readyz fails), let the requests in
 * flight and the job being run finish, close Redis, the invalidation listener and the database,
 * then exit 0. Past `timeoutMs` it gives up and exits 1. A second signal does not start another.
 */
export function createShutdown(options: ShutdownOptions): (signal: string) => Promise<void> {
  const { app, closeDatabase, timeoutMs, exit } = options;
  let running: Promise<void> | undefined;
  return (signal) =>
    (running ??= (async () => {
      app.log.info({ signal }, 'shutting down: finishing requests and jobs in flight');
      const timer = setTimeout(() => {
        app.log.error({ timeoutMs }, 'shutdown timed out; exiting with work unfinished');
        exit(1);
      }, timeoutMs);
      timer.unref();
      try {
        await Promise.all([app.close(), app.ctx.queue.stop()]);
        await closeDatabase();
        clearTimeout(timer);
        app.log.info('shut down cleanly');
        exit(0);
      } catch (error) {
        clearTimeout(timer);
        app.log.error({ err: error }, 'shutdown failed');
        exit(1);
      }
    })());
}

/**
 * Once closing has begun, connections are closed as soon as they fall idle: a kept-alive
 * connection would otherwise hold the shutdown open until the client's keep-alive timeout.
 * (Checked on a timer while closing, so serving a request costs nothing extra.)
 */
export function registerDraining(app: FastifyInstance): void {
  app.addHook('preClose', (done) => {
    const timer = setInterval(() => app.server.closeIdleConnections(), 50);
    timer.unref();
    app.server.once('close', () => clearInterval(timer));
    done();
  });
}
