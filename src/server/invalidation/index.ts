import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client.js';

/**
 * Caches a process keeps in memory (catalog snapshots, settings) are dropped in every process
 * when the data behind them changes. After a write has committed, call
 * `ctx.invalidation.invalidate('catalog')`: this process's listeners run at once, the others'
 * within a second (PostgreSQL LISTEN/NOTIFY; with the embedded database there is one process).
 */
export interface Invalidation {
  /** Call after the transaction that changed `topic`'s data has committed. Never throws. */
  invalidate(topic: InvalidationTopic): Promise<void>;
  /**
   * Runs `fn` whenever `topic` is invalidated, here or in another process. Returns an unsubscribe.
   * A topic ending in ':*' hears every topic with that prefix ('viewer:*' hears 'viewer:42'), and
   * gets the topic it heard; it hears 'viewer:*' itself when everything must go (a reconnect).
   */
  onInvalidate(topic: InvalidationTopic, fn: (topic: string) => void): () => void;
  close(): Promise<void>;
}

/**
 * `catalog`: courses, lessons, prices, plans, reviews, instructor. `settings`: site settings.
 * `viewer:{userId}`: one user's facts (enrolments, progress, quiz attempts, memberships, early opens).
 */
export type InvalidationTopic = 'catalog' | 'settings' | (string & {});

const CHANNEL = 'lectern_invalidate';

function createListeners(log: Pick<FastifyBaseLogger, 'error'>) {
  const byTopic = new Map<string, Set<(topic: string) => void>>();
  return {
    add(topic: string, fn: (topic: string) => void) {
      const set = byTopic.get(topic) ?? new Set();
      byTopic.set(topic, set);
      set.add(fn);
      return () => void set.delete(fn);
    },
    run(topic: string) {
      const colon = topic.indexOf(':');
      const prefixed = colon > 0 && !topic.endsWith(':*') ? (byTopic.get(`${topic.slice(0, colon)}:*`) ?? []) : [];
      for (const fn of [...(byTopic.get(topic) ?? []), ...prefixed]) {
        try {
          fn(topic);
        } catch (error) {
          log.error({ err: error, topic }, 'invalidation listener failed');
        }
      }
    },
    runAll() {
      for (const topic of byTopic.keys()) this.run(topic);
    },
  };
}

/** One process (the embedded database, tests): listeners run in this process only. */
export function createLocalInvalidation(log: Pick<FastifyBaseLogger, 'error'> = console): Invalidation {
  const listeners = createListeners(log);
  return {
    invalidate: async (topic) => listeners.run(topic),
    onInvalidate: (topic, fn) => listeners.add(topic, fn),
    close: async () => undefined,
  };
}

export interface PostgresInvalidationOptions {
  /** The database every process shares; NOTIFY reaches the listeners on this database only. */
  url: string;
  /** The app's pool, which sends the notifications. */
  db: Database;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
}

/**
 * LISTEN on one dedicated connection; NOTIFY through the pool. A lost listening connection is
 * reopened with backoff, and since notifications sent meanwhile are lost, every topic is then
 * invalidated locally: a reconnect costs one cache refill, never a stale answer.
 */
export async function createPostgresInvalidation(options: PostgresInvalidationOptions): Promise<Invalidation & { connected(): boolean }> {
  const { url, db, log } = options;
  const origin = randomUUID();
  const listeners = createListeners(log);
  let client: pg.Client | undefined;
  let closing = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let attempt = 0;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== CHANNEL || !message.payload) return;
    try {
      const { topic, origin: from } = JSON.parse(message.payload) as { topic: string; origin: string };
      if (from !== origin) listeners.run(topic);
    } catch {
      log.warn({ payload: message.payload }, 'ignored a malformed invalidation');
    }
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url, application_name: 'lectern-invalidation' });
    next.on('notification', onNotification);
    next.on('error', (error) => {
      log.warn({ err: error }, 'invalidation listener connection failed');
      lost(next);
    });
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
  }

  function lost(which: pg.Client): void {
    if (closing || client !== which) return;
    client = undefined;
    which.removeAllListeners('notification');
    void which.end().catch(() => undefined);
    schedule();
  }

  function schedule(): void {
    if (closing || retryTimer) return;
    const delay = Math.min(5000, 100 * 2 ** attempt++);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect()
        .then(() => {
          attempt = 0;
          log.info('invalidation listener reconnected');
          listeners.runAll();
        })
        .catch((error: unknown) => {
          log.warn({ err: error }, 'invalidation listener could not reconnect');
          schedule();
        });
    }, delay);
  }

  await connect();

  return {
    async invalidate(topic) {
      listeners.run(topic);
      try {
        await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ topic, origin })})`);
      } catch (error) {
        // The write has committed; other processes catch up when their cache entries expire.
        log.error({ err: error, topic }, 'could not notify other processes of an invalidation');
      }
    },
    onInvalidate: (topic, fn) => listeners.add(topic, fn),
    connected: () => client !== undefined,
    async close() {
      closing = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
