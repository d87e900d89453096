import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CourseListItem } from '../../shared/catalog.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { coursePrices } from '../db/schema/index.js';
import { createSnapshotCache } from '../http/cache.js';
import { createLocalInvalidation, createPostgresInvalidation } from './index.js';

const quietLog = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };

async function waitFor(check: () => boolean, timeoutMs: number): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - start;
}

describe('local invalidation', () => {
  it('runs the topic listeners at once, survives a failing one and unsubscribes', async () => {
    const log = { error: vi.fn() };
    const bus = createLocalInvalidation(log);
    const seen: string[] = [];
    const stop = bus.onInvalidate('catalog', () => seen.push('a'));
    bus.onInvalidate('catalog', () => {
      throw new Error('boom');
    });
    bus.onInvalidate('catalog', () => seen.push('c'));
    bus.onInvalidate('settings', () => seen.push('settings'));
    await bus.invalidate('catalog');
    expect(seen).toEqual(['a', 'c']);
    expect(log.error).toHaveBeenCalledOnce();
    stop();
    await bus.invalidate('catalog');
    expect(seen).toEqual(['a', 'c', 'c']);
  });

  it("lets a 'prefix:*' listener hear every topic with that prefix, with the topic it heard", async () => {
    const bus = createLocalInvalidation({ error: vi.fn() });
    const heard: string[] = [];
    bus.onInvalidate('viewer:*', (topic) => heard.push(topic));
    bus.onInvalidate('viewer:7', (topic) => heard.push(`exact ${topic}`));
    await bus.invalidate('viewer:7');
    await bus.invalidate('viewer:8');
    await bus.invalidate('catalog');
    await bus.invalidate('viewers');
    expect(heard).toEqual(['exact viewer:7', 'viewer:7', 'viewer:8']);
  });
});

describe('snapshot cache', () => {
  it('shares one load between concurrent misses', async () => {
    const cache = createSnapshotCache(60_000);
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 20));
      return { n: loads };
    };
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect(loads).toBe(1);
    expect(a).toBe(b);
    await cache.get('k', load);
    expect(loads).toBe(1);
  });

  it('does not keep a load that was running when the cache was cleared', async () => {
    const cache = createSnapshotCache(60_000);
    let release!: () => void;
    const slow = cache.get('k', () => new Promise((r) => (release = () => r({ version: 'old' }))));
    cache.clear();
    release();
    expect(JSON.parse((await slow).body.toString())).toEqual({ version: 'old' });
    const fresh = await cache.get('k', async () => ({ version: 'new' }));
    expect(JSON.parse(fresh.body.toString())).toEqual({ version: 'new' });
  });
});

describe('the catalog after an invalidation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ catalogCacheMs: 60_000 });
  });
  afterAll(() => t.close());

  it('serves the memoised list until the catalog topic is invalidated, then the new price', async () => {
    const before = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>().find((c) => c.course_type === 'paid')!;
    const newAmount = before.country_price.amount + 7;
    await t.handle.db
      .update(coursePrices)
      .set({ amount: Math.round(newAmount * 100) })
      .where(and(eq(coursePrices.courseId, before.id), eq(coursePrices.region, 'US')));
    const cached = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>().find((c) => c.id === before.id)!;
    expect(cached.country_price.amount).toBe(before.country_price.amount);
    await t.app.ctx.invalidation.invalidate('catalog');
    const fresh = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>().find((c) => c.id === before.id)!;
    expect(fresh.country_price.amount).toBe(newAmount);
  });
});

const base = process.env.TEST_DATABASE_URL;

describe.skipIf(!base)('PostgreSQL LISTEN/NOTIFY between processes', () => {
  const name = `lectern_invalidation_${process.pid}_${Date.now()}`;
  let url: string;
  let handles: DatabaseHandle[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(base!);
    target.pathname = `/${name}`;
    url = target.toString();
    handles = [await openDatabase({ url, poolSize: 2 }), await openDatabase({ url, poolSize: 2 })];
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('reaches the other process within a second, and its own listeners exactly once', async () => {
    const a = await createPostgresInvalidation({ url, db: handles[0]!.db, log: quietLog });
    const b = await createPostgresInvalidation({ url, db: handles[1]!.db, log: quietLog });
    try {
      const seen = { a: 0, b: 0, bSettings: 0 };
      a.onInvalidate('catalog', () => seen.a++);
      b.onInvalidate('catalog', () => seen.b++);
      b.onInvalidate('settings', () => seen.bSettings++);
      await a.invalidate('catalog');
      expect(seen.a).toBe(1);
      expect(await waitFor(() => seen.b === 1, 1000)).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 100));
      expect(seen).toEqual({ a: 1, b: 1, bSettings: 0 });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('reopens a lost listening connection and drops every cache, since notifications were missed', async () => {
    const a = await createPostgresInvalidation({ url, db: handles[0]!.db, log: quietLog });
    const b = await createPostgresInvalidation({ url, db: handles[1]!.db, log: quietLog });
    try {
      let seen = 0;
      b.onInvalidate('settings', () => seen++);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'lectern-invalidation'`, [name]);
      await admin.end();
      await waitFor(() => seen === 1 && b.connected() && a.connected(), 5000);
      await a.invalidate('settings');
      await waitFor(() => seen === 2, 1000);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
