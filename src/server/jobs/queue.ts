import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { rowsOf, type Database, type Tx } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import { makeWellFormed } from '../lib/text.js';

/** A job is a name, a zod payload and a handler. */
export interface JobDefinition<S extends z.ZodType> {
  name: string;
  payload: S;
  handler: (payload: z.infer<S>) => Promise<void>;
  maxAttempts?: number;
}

export interface EnqueueOptions {
  delayMs?: number;
  /** Enqueue inside the caller's transaction so the job exists only if the write commits. */
  tx?: Tx;
}

export interface JobQueue {
  register<S extends z.ZodType>(definition: JobDefinition<S>): void;
  enqueue(name: string, payload: unknown, options?: EnqueueOptions): Promise<number>;
  /** Runs the jobs that are due now; returns how many ran. Tests call this directly. */
  runDue(limit?: number): Promise<number>;
  start(pollMs: number): void;
  stop(): Promise<void>;
}

const LOCK_MINUTES = 5;
const backoffMs = (attempt: number) => Math.min(60 * 60 * 1000, 2 ** attempt * 5000);

/**
 * A durable queue in the `jobs` table. Claiming uses FOR UPDATE SKIP LOCKED, so several worker
 * processes can share it; a job whose worker died is retried once its lock expires.
 */
export function createJobQueue(db: Database, logger: FastifyBaseLogger): JobQueue {
  const definitions = new Map<string, JobDefinition<z.ZodType>>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  async function runOne(job: typeof jobs.$inferSelect): Promise<void> {
    const definition = definitions.get(job.name);
    try {
      if (!definition) throw new Error(`No handler registered for job ${job.name}`);
      await definition.handler(definition.payload.parse(job.payload));
      await db.update(jobs).set({ status: 'done', finishedAt: new Date(), lockedUntil: null }).where(eq(jobs.id, job.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const exhausted = job.attempts >= job.maxAttempts;
      logger.warn({ job: job.name, id: job.id, attempt: job.attempts, err: message }, exhausted ? 'job failed for good' : 'job failed, will retry');
      await db
        .update(jobs)
        .set(
          exhausted
            ? { status: 'failed', lastError: message, finishedAt: new Date(), lockedUntil: null }
            : { status: 'queued', lastError: message, lockedUntil: null, runAt: new Date(Date.now() + backoffMs(job.attempts)) },
        )
        .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running')));
    }
  }

  async function runDue(limit = 10): Promise<number> {
    const claimed = await db.execute<typeof jobs.$inferSelect>(sql`
      update jobs set status = 'running', attempts = attempts + 1, locked_until = now() + interval '${sql.raw(String(LOCK_MINUTES))} minutes'
      where id in (
        select id from jobs
        where (status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now())
        order by run_at limit ${limit}
        for update skip locked
      )
      returning id, name, payload, status, attempts, max_attempts as "maxAttempts"`);
    const rows = rowsOf<typeof jobs.$inferSelect>(claimed);
    for (const job of rows) await runOne(job);
    return rows.length;
  }

  return {
    register(definition) {
      definitions.set(definition.name, definition as unknown as JobDefinition<z.ZodType>);
    },
    async enqueue(name, payload, options = {}) {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`Unknown job ${name}`);
      // A job's payload is jsonb: its text is made well-formed (lib/text.ts), whatever the caller built it from.
      const parsed = definition.payload.parse(payload) as object;
      makeWellFormed(parsed);
      const values = {
        name,
        payload: parsed,
        maxAttempts: definition.maxAttempts ?? 5,
        runAt: new Date(Date.now() + (options.delayMs ?? 0)),
      };
      const [row] = await (options.tx ?? db).insert(jobs).values(values).returning({ id: jobs.id });
      return row!.id;
    },
    runDue,
    start(pollMs) {
      const tick = () => {
        running = runDue()
          .catch((error: unknown) => logger.error({ err: error }, 'job worker tick failed'))
          .finally(() => {
            if (timer) timer = setTimeout(tick, pollMs);
          });
      };
      timer = setTimeout(tick, pollMs);
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
