import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';

function logCollector() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('request log and request id', () => {
  const log = logCollector();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logStream: log.stream });
  });
  afterAll(() => t.close());

  it('writes one line per request with its id, honouring a sane incoming X-Request-Id', async () => {
    const res = await t.app.inject({ url: '/api/v1/courses/?ip=1.2.3.4', headers: { 'x-request-id': 'edge-abc.123' } });
    expect(res.headers['x-request-id']).toBe('edge-abc.123');
    const lines = log.lines.filter((l) => l.reqId === 'edge-abc.123');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request', method: 'GET', path: '/api/v1/courses/', route: '/api/v1/courses/', status: 200 });
    expect(typeof lines[0]!.ms).toBe('number');
    expect(JSON.stringify(lines[0])).not.toContain('1.2.3.4');
  });

  it('makes up an id when the incoming one is absent or not a plain token', async () => {
    const res = await t.app.inject({ url: '/api/v1/nothing-here', headers: { 'x-request-id': 'evil\nid with spaces' } });
    const id = String(res.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(log.lines.filter((l) => l.reqId === id)).toHaveLength(1);
    const other = await t.app.inject({ url: '/healthz' });
    expect(other.headers['x-request-id']).not.toBe(id);
  });

  it('keeps health probes out of the log', async () => {
    const res = await t.app.inject({ url: '/readyz' });
    expect(log.lines.some((l) => l.reqId === res.headers['x-request-id'])).toBe(false);
  });
});

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('/healthz answers alive, /readyz answers ready on a migrated database', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ ok: true });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('/readyz refuses traffic while a migration is missing, and when the database is gone', async () => {
    const own = await createTestApp();
    try {
      await own.handle.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
      const pending = await own.app.inject({ url: '/readyz' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json()).toEqual({ status: 'not ready', reason: 'migrations pending' });
      expect((await own.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      await own.handle.close();
      const gone = await own.app.inject({ url: '/readyz' });
      expect(gone.statusCode).toBe(503);
      expect(gone.json()).toEqual({ status: 'not ready', reason: 'database unreachable' });
    } finally {
      await own.app.close();
    }
  });
});

describe('Prometheus metrics', () => {
  it('are off unless enabled', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('count requests by route pattern behind the bearer token', async () => {
    const token = 'metrics-token-0123456789';
    const t = await createTestApp({ env: { METRICS_ENABLED: 'true', METRICS_TOKEN: token } });
    try {
      await t.app.inject({ url: '/api/v1/courses/python-foundations/' });
      await t.app.inject({ url: '/api/v1/courses/no-such-course/' });
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(401);
      const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toContain('lectern_http_request_duration_seconds_count{method="GET",route="/api/v1/courses/:slug/",status_code="200"} 1');
      expect(res.body).toContain('lectern_http_request_duration_seconds_count{method="GET",route="/api/v1/courses/:slug/",status_code="404"} 1');
      expect(res.body).not.toContain('python-foundations');
      expect(res.body).toContain('lectern_process_resident_memory_bytes');
    } finally {
      await t.close();
    }
  });
});
