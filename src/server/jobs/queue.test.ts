import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobs } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('job queue', () => {
  it('queues text with a lone surrogate as well-formed text (U+FFFD), whoever built the payload', async () => {
    const { queue } = t.app.ctx;
    const seen: string[][] = [];
    queue.register({ name: 'test.text', payload: z.object({ words: z.array(z.string()) }), handler: async ({ words }) => void seen.push(words) });
    const id = await queue.enqueue('test.text', { words: ['a\ud800b', 'ok 👋', '\udc00'] });
    const [row] = await t.handle.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row!.payload).toEqual({ words: ['a\ufffdb', 'ok 👋', '\ufffd'] });
    await t.handle.db.update(jobs).set({ status: 'done' }).where(eq(jobs.id, id));
  });

  it('runs a due job once, retries a failing one later, and gives up after maxAttempts', async () => {
    const { queue } = t.app.ctx;
    const seen: string[] = [];
    let failures = 0;
    queue.register({ name: 'test.ok', payload: z.object({ word: z.string() }), handler: async ({ word }) => void seen.push(word) });
    queue.register({
      name: 'test.flaky',
      payload: z.object({}),
      maxAttempts: 2,
      handler: async () => {
        failures++;
        throw new Error('provider down');
      },
    });
    await queue.enqueue('test.ok', { word: 'hello' });
    const flakyId = await queue.enqueue('test.flaky', {});
    await queue.enqueue('test.ok', { word: 'later' }, { delayMs: 60_000 });

    expect(await queue.runDue()).toBe(2);
    expect(await queue.runDue()).toBe(0);
    expect(seen).toEqual(['hello']);
    const [flaky] = await t.handle.db.select().from(jobs).where(eq(jobs.id, flakyId));
    expect(flaky).toMatchObject({ status: 'queued', attempts: 1, lastError: 'provider down' });

    await t.handle.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, flakyId));
    expect(await queue.runDue()).toBe(1);
    const [dead] = await t.handle.db.select().from(jobs).where(eq(jobs.id, flakyId));
    expect(dead).toMatchObject({ status: 'failed', attempts: 2 });
    expect(failures).toBe(2);
  });

  it('refuses an unknown job name or a payload that does not match its schema', async () => {
    await expect(t.app.ctx.queue.enqueue('nope', {})).rejects.toThrow('Unknown job');
    await expect(t.app.ctx.queue.enqueue('test.ok', { word: 3 })).rejects.toThrow();
  });

  it('picks up a job whose worker died once its lock has expired', async () => {
    const [row] = await t.handle.db
      .insert(jobs)
      .values({ name: 'test.ok', payload: { word: 'recovered' }, status: 'running', attempts: 1, lockedUntil: new Date(Date.now() - 1000) })
      .returning();
    expect(await t.app.ctx.queue.runDue()).toBe(1);
    const [done] = await t.handle.db.select().from(jobs).where(eq(jobs.id, row!.id));
    expect(done!.status).toBe('done');
  });
});
