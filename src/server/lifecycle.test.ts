import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { jobs } from './db/schema/index.js';
import { createShutdown } from './lifecycle.js';

describe('graceful shutdown', () => {
  it('stops accepting, finishes the request and the job in flight, closes the database, then exits 0', async () => {
    const handle = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'test-secret-test-secret-test-secret-42' });
    const app = await buildApp({ config, db: handle.db });

    let finishRequest!: () => void;
    let requestStarted!: () => void;
    const started = new Promise<void>((r) => (requestStarted = r));
    app.get('/test/slow', async () => {
      requestStarted();
      await new Promise<void>((r) => (finishRequest = r));
      return { finished: true };
    });
    let finishJob!: () => void;
    let jobStarted!: () => void;
    const jobRunning = new Promise<void>((r) => (jobStarted = r));
    app.ctx.queue.register({
      name: 'test.slow',
      payload: z.object({}),
      handler: async () => {
        jobStarted();
        await new Promise<void>((r) => (finishJob = r));
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const jobId = await app.ctx.queue.enqueue('test.slow', {});
    app.ctx.queue.start(20);

    const events: string[] = [];
    let exitCode: number | undefined;
    let databaseClosed = false;
    const shutdown = createShutdown({
      app,
      closeDatabase: async () => {
        events.push('database closed');
        databaseClosed = true;
        await handle.close();
      },
      timeoutMs: 10_000,
      exit: (code) => {
        events.push('exit');
        exitCode = code;
      },
    });

    const inFlight = fetch(`${base}/test/slow`).then(async (res) => {
      events.push('request answered');
      return { status: res.status, body: (await res.json()) as unknown };
    });
    await Promise.all([started, jobRunning]);
    const done = shutdown('SIGTERM');
    void shutdown('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));

    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    expect(databaseClosed).toBe(false);
    expect(exitCode).toBeUndefined();

    finishRequest();
    expect(await inFlight).toEqual({ status: 200, body: { finished: true } });
    await new Promise((r) => setTimeout(r, 100));
    expect(exitCode).toBeUndefined();
    const [job] = await handle.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId));
    expect(job?.status).toBe('running');

    finishJob();
    await done;
    expect(exitCode).toBe(0);
    expect(events).toEqual(['request answered', 'database closed', 'exit']);
  });

  it('gives up and exits 1 when work does not finish in time', async () => {
    const handle = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'test-secret-test-secret-test-secret-42' });
    const app = await buildApp({ config, db: handle.db });
    app.ctx.queue.register({ name: 'test.stuck', payload: z.object({}), handler: () => new Promise<void>(() => undefined) });
    await app.ready();
    await app.ctx.queue.enqueue('test.stuck', {});
    app.ctx.queue.start(10);
    await new Promise((r) => setTimeout(r, 200));
    const exited = new Promise<number>((resolve) => {
      void createShutdown({ app, closeDatabase: () => handle.close(), timeoutMs: 300, exit: resolve })('SIGTERM');
    });
    expect(await exited).toBe(1);
    await handle.close();
  });
});
