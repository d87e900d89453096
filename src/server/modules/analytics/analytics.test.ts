import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../../db/schema/index.js';
import { createTestApp, freshIp, type TestApp } from '../../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/analytics/events/', payload: payload as object, remoteAddress: freshIp() });

describe('POST /analytics/events/', () => {
  it('stores a batch of events in one go', async () => {
    const label = `/courses/${Date.now()}`;
    const res = await post({
      events: [
        { category: 'page', action: 'view', label },
        { category: 'api', action: 'GET', label: `${label}/` },
      ],
    });
    expect(res.statusCode).toBe(204);
    const rows = await t.handle.db.select().from(analyticsEvents).orderBy(desc(analyticsEvents.id)).limit(2);
    expect(rows.map((r) => [r.category, r.action, r.label, r.userId]).reverse()).toEqual([
      ['page', 'view', label, null],
      ['api', 'GET', `${label}/`, null],
    ]);
  });

  it('refuses an empty or malformed batch with field errors and writes nothing', async () => {
    const before = (await t.handle.db.select().from(analyticsEvents)).length;
    const empty = await post({ events: [] });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json())).toEqual(['events']);
    expect((await post({ events: [{ category: '', action: 'view', label: 'x' }] })).statusCode).toBe(400);
    expect((await t.handle.db.select().from(analyticsEvents)).length).toBe(before);
  });
});
