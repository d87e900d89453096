import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAltchaCaptcha } from '../captcha/index.js';
import { createTestApp, createVerifiedUser, solvedCaptcha, STRONG_PASSWORD, type TestApp } from '../../../../test/helpers.js';
import { redisCounters } from './counters.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('rate limits in Redis (REDIS_URL)', () => {
  const prefix = `lectern-test:${process.pid}:${Date.now()}:`;
  let a: TestApp;
  let b: TestApp;
  let redis: Redis;

  beforeAll(async () => {
    // The site's ALTCHA at a low cost, so solving a challenge takes milliseconds.
    const options = {
      env: { REDIS_URL: redisUrl!, REDIS_PREFIX: prefix },
      setup: async (handle: TestApp['handle']) => ({ captcha: createAltchaCaptcha({ db: handle.db, hmacKey: 'redis-test-key', cost: 20 }) }),
    };
    a = await createTestApp(options);
    // A second app on the same Redis stands in for a second process (the two-process test runs real ones).
    b = await createTestApp(options);
    redis = new Redis(redisUrl!);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  const attempt = async (t: TestApp, email: string, password: string, address: string, solve = false) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      payload: { email, password, ...(solve ? { captcha: await solvedCaptcha(t) } : {}) },
      remoteAddress: address,
    });

  it('counts failed sign-ins for one account across both apps: the challenge is asked in both, and one address waits past its limit', async () => {
    const user = await createVerifiedUser(a);
    await createVerifiedUser(b, { email: user.email });
    // From many addresses, through both apps: five failures, then both ask for a challenge.
    for (let i = 0; i < 5; i++) expect((await attempt(i % 2 ? b : a, user.email, 'Wrong#Pass1', `10.9.0.${i}`)).statusCode).toBe(401);
    for (const t of [a, b]) expect((await attempt(t, user.email, STRONG_PASSWORD, '10.9.1.1')).json()).toMatchObject({ code: 'captcha_required' });
    expect((await attempt(b, user.email, STRONG_PASSWORD, '10.9.1.1', true)).statusCode).toBe(200);

    // One address, alternating apps, solving every challenge: past ten failures it waits, in both apps.
    for (let i = 0; i < 10; i++) expect((await attempt(i % 2 ? b : a, user.email, 'Wrong#Pass1', '10.9.2.2', true)).statusCode).toBe(401);
    const refused = await attempt(b, user.email, STRONG_PASSWORD, '10.9.2.2', true);
    expect(refused.statusCode).toBe(429);
    const { retry_after_seconds: wait, detail } = refused.json<{ retry_after_seconds: number; detail: string }>();
    // Redis's own clock decides the wait; the words say the same wait, rounded up to the minute.
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(Number(refused.headers['retry-after'])).toBe(wait);
    expect(detail).toBe(`Too many attempts. Try again in ${Math.ceil(wait / 60)} minutes.`);
    expect((await attempt(a, user.email, STRONG_PASSWORD, '10.9.2.2', true)).statusCode).toBe(429);
    // Elsewhere, the right password and a solved challenge get in.
    expect((await attempt(a, user.email, STRONG_PASSWORD, '10.9.3.3', true)).statusCode).toBe(200);

    expect((await redis.keys(`${prefix}attempts:login:*`)).length).toBeGreaterThan(0);
    // The per-address flood guard is @fastify/rate-limit's, in the same Redis.
    expect((await redis.keys(`${prefix}rate-limit:*`)).length).toBeGreaterThan(0);
  });

  it('a counter slides or stays fixed, is taken back without going below zero, and an expired one is not revived', async () => {
    const counters = redisCounters(redis, `${prefix}unit:`, { warn: () => undefined });
    expect(await counters.hit('fixed', 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
    expect((await counters.hit('fixed', 120_000)).ttlMs).toBeLessThanOrEqual(60_000);
    expect((await counters.hit('sliding', 1_000, { sliding: true })).count).toBe(1);
    expect(await counters.hit('sliding', 120_000, { sliding: true })).toEqual({ count: 2, ttlMs: 120_000 });
    await counters.undo('sliding');
    await counters.undo('sliding');
    await counters.undo('sliding');
    expect(await redis.get(`${prefix}unit:sliding`)).toBe('0');
    await counters.undo('never-counted');
    expect(await redis.exists(`${prefix}unit:never-counted`)).toBe(0);
    await counters.clear('fixed');
    expect((await counters.hit('fixed', 60_000)).count).toBe(1);
  });
});
