import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createVerifiedUser, type TestApp } from '../../../../test/helpers.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('rate limits in Redis (REDIS_URL)', () => {
  const prefix = `lectern-test:${process.pid}:${Date.now()}:`;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp({ env: { REDIS_URL: redisUrl!, REDIS_PREFIX: prefix } });
    // A second app on the same Redis stands in for a second process (the two-process test runs real ones).
    b = await createTestApp({ env: { REDIS_URL: redisUrl!, REDIS_PREFIX: prefix } });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('counts failed logins for one account across both apps, under the configured prefix', async () => {
    const user = await createVerifiedUser(a);
    const attempt = (t: TestApp, i: number) =>
      t.app.inject({ method: 'POST', url: '/api/v1/token/', payload: { email: user.email, password: 'wrong-password-1' }, remoteAddress: `10.9.0.${i}` });
    for (let i = 0; i < 10; i++) expect((await attempt(i % 2 ? b : a, i)).statusCode).toBe(401);
    const refused = await attempt(b, 99);
    expect(refused.statusCode).toBe(429);
    const { retry_after_seconds: wait, detail } = refused.json<{ retry_after_seconds: number; detail: string }>();
    // Redis's own clock decides the wait; the words say the same wait, rounded up to the minute.
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(Number(refused.headers['retry-after'])).toBe(wait);
    expect(detail).toBe(`Too many attempts. Try again in ${Math.ceil(wait / 60)} minutes.`);
    expect((await attempt(a, 98)).statusCode).toBe(429);

    const redis = new Redis(redisUrl!);
    expect((await redis.keys(`${prefix}rate-limit:*`)).length).toBeGreaterThan(0);
    await redis.quit();
  });
});
