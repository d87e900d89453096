import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createVerifiedUser, loginAs, type TestApp } from '../../../test/helpers.js';
import { keptBody, sendKept } from './compress.js';

describe('JSON answers are compressed', () => {
  let t: TestApp;
  let access: string;
  let slug: string;
  beforeAll(async () => {
    t = await createTestApp();
    const user = await createVerifiedUser(t);
    ({ access } = await loginAs(t, user.email));
    const list = (await t.app.inject({ url: '/api/v1/courses/' })).json<{ slug: string; course_type: string }[]>();
    slug = list.find((c) => c.course_type === 'paid')!.slug;
  });
  afterAll(() => t.close());

  const courseAsMember = (acceptEncoding?: string) =>
    t.app.inject({
      url: `/api/v1/courses/${slug}/`,
      headers: { authorization: `Bearer ${access}`, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
    });

  it("brotli, else gzip, for a signed-in member's course detail, decoding to the same JSON", async () => {
    const plain = await courseAsMember();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(String(plain.headers.vary)).toMatch(/Accept-Encoding/);

    const br = await courseAsMember('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await courseAsMember('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves alone what the client refuses, small answers, and the catalog snapshots it already compressed', async () => {
    expect((await courseAsMember('br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
    const small = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    const list = await t.app.inject({ url: '/api/v1/courses/', headers: { 'accept-encoding': 'br' } });
    expect(list.headers['content-encoding']).toBe('br');
    expect(Array.isArray(JSON.parse(brotliDecompressSync(list.rawPayload).toString()))).toBe(true);
  });
});

describe("a kept body (a viewer's course page read again)", () => {
  it('is compressed once per encoding, then sent as kept; the plain bytes are never compressed', async () => {
    const kept = keptBody(Buffer.from(JSON.stringify({ lessons: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Lesson ${i}` })) })));
    const app = Fastify();
    app.get('/page', (request, reply) => sendKept(request, reply.type('application/json; charset=utf-8'), kept));
    const ask = (acceptEncoding?: string) => app.inject({ url: '/page', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

    const plain = await ask();
    expect(plain.rawPayload.equals(kept.body)).toBe(true);
    expect(kept.encoded).toEqual({});
    expect(String(plain.headers.vary)).toMatch(/Accept-Encoding/);

    const first = await ask('gzip, br');
    const made = kept.encoded.br;
    expect(made).toBeDefined();
    const second = await ask('br');
    expect(kept.encoded.br).toBe(made);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(second.rawPayload).toString())).toEqual(plain.json());
    expect(second.headers['content-encoding']).toBe('br');

    expect(gunzipSync((await ask('gzip')).rawPayload).equals(kept.body)).toBe(true);
    expect(Object.keys(kept.encoded).sort()).toEqual(['br', 'gzip']);
    await app.close();
  });
});
