import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../../shared/accounts.js';
import { messages } from '../../../shared/messages.js';
import { createAltchaCaptcha } from '../../integrations/captcha/index.js';
import { createTestApp, createVerifiedUser, freshIp, solvedCaptcha, STRONG_PASSWORD, type TestApp } from '../../../../test/helpers.js';
import { addressKey, LOGIN_LIMITS, MAIL_LIMITS } from './throttle.js';

// Counters in this process, and (when TEST_REDIS_URL is set, as in `npm run test:db`) in Redis, shared by every process.
const redisUrl = process.env.TEST_REDIS_URL;
const stores = redisUrl ? (['memory', 'redis'] as const) : (['memory'] as const);
const redisPrefix = `lectern-test:${process.pid}:${Date.now()}:throttle:`;

describe.each(stores)('sign-in and account-mail limits, counted in %s', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: store === 'redis' ? { REDIS_URL: redisUrl!, REDIS_PREFIX: redisPrefix } : {},
      // The site's own ALTCHA, at a low cost so a test solves it in milliseconds instead of a second.
      setup: async (handle) => ({ captcha: createAltchaCaptcha({ db: handle.db, hmacKey: 'throttle-test-key', cost: 20 }) }),
    });
  });
  afterAll(async () => {
    await t.close();
    if (store !== 'redis') return;
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  const WRONG = 'Wrong#Pass1';
  type Extra = { captcha?: string; cookie?: string };
  const login = (email: string, password: string, address: string, extra: Extra = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      payload: { email, password, ...(extra.captcha ? { captcha: extra.captcha } : {}) },
      headers: extra.cookie ? { cookie: extra.cookie } : {},
      remoteAddress: address,
    });
  const forgot = (email: string, address: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/forget-password-request/', payload: { normalizedEmail: email }, remoteAddress: address });
  const resend = (email: string, address: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/resend-verification/', payload: { email }, remoteAddress: address });
  const challengeAnswer = { captcha: [accountMessages.loginChallenge], code: 'captcha_required', detail: accountMessages.loginChallenge };

  /** A refusal says how long to wait, in words that match the Retry-After header, and never longer than `maxSeconds`. */
  function expectWaitInWords(res: Awaited<ReturnType<typeof login>>, maxSeconds = 15 * 60) {
    expect(res.statusCode, res.body).toBe(429);
    const body = res.json<{ detail: string; retry_after_seconds: number }>();
    expect(Number(res.headers['retry-after'])).toBe(body.retry_after_seconds);
    expect(body.retry_after_seconds).toBeGreaterThan(0);
    expect(body.retry_after_seconds).toBeLessThanOrEqual(maxSeconds);
    const minutes = Math.ceil(body.retry_after_seconds / 60);
    expect(body.detail).toBe(
      body.retry_after_seconds < 60
        ? `Too many attempts. Try again in ${body.retry_after_seconds} seconds.`
        : `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    );
  }

  /** The pass cookie the web app's captcha widget gets from POST /verify-recaptcha/. */
  async function captchaPass(): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/verify-recaptcha/', payload: { token: await solvedCaptcha(t) }, remoteAddress: freshIp() });
    expect(res.json()).toEqual({ success: true });
    return [res.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith('captcha_pass='))!
      .split(';')[0]!;
  }

  /** Wrong passwords for `email` from `address`, solving the challenge whenever the account asks for one; the statuses. */
  async function wrongPasswords(email: string, address: string, times: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < times; i++) {
      let res = await login(email, WRONG, address);
      if (res.statusCode === 400 && res.json<{ code?: string }>().code === 'captcha_required')
        res = await login(email, WRONG, address, { captcha: await solvedCaptcha(t) });
      statuses.push(res.statusCode);
    }
    return statuses;
  }

  describe('nobody can lock someone else out of sign-in', () => {
    it('successful sign-ins are never counted', async () => {
      const bob = await createVerifiedUser(t);
      const address = freshIp();
      for (let i = 0; i < LOGIN_LIMITS.perAccountAddress + 5; i++) expect((await login(bob.email, STRONG_PASSWORD, address)).statusCode).toBe(200);
    });

    it('nine anonymous forget-password requests for Bob leave his sign-in alone', async () => {
      const bob = await createVerifiedUser(t);
      for (let i = 0; i < 9; i++) expect((await forgot(bob.email, freshIp())).statusCode).toBe(200);
      // Bob signs in on his laptop, then on his phone.
      for (const device of [freshIp(), freshIp()]) {
        const res = await login(bob.email, STRONG_PASSWORD, device);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ access: expect.any(String), refresh: expect.any(String) });
      }
    });

    it('ten wrong passwords from anyone: Bob is asked for a challenge (never made to wait), and gets in with it', async () => {
      const bob = await createVerifiedUser(t);
      // From ten addresses: the first failures are plain 401s, then the account asks every sign-in for a challenge.
      const answers = [];
      for (let i = 0; i < 10; i++) answers.push(await login(bob.email, WRONG, freshIp()));
      expect(answers.map((r) => r.statusCode)).toEqual([...Array(LOGIN_LIMITS.challengeAfter).fill(401), ...Array(10 - LOGIN_LIMITS.challengeAfter).fill(400)]);
      for (const refused of answers.slice(LOGIN_LIMITS.challengeAfter)) expect(refused.json()).toEqual(challengeAnswer);

      // Bob, from his own address, with the right password: asked for the challenge (the password is not even checked), not 429.
      const home = freshIp();
      const asked = await login(bob.email, STRONG_PASSWORD, home);
      expect(asked.statusCode).toBe(400);
      expect(asked.json()).toEqual(challengeAnswer);
      // A forged or replayed solution is refused as such; a wrong password with a solved challenge is a failure like any other.
      expect((await login(bob.email, STRONG_PASSWORD, home, { captcha: 'forged' })).json()).toEqual({
        captcha: [messages.captcha.failed],
        code: 'captcha_required',
        detail: messages.captcha.failed,
      });
      const solved = await solvedCaptcha(t);
      expect((await login(bob.email, WRONG, home, { captcha: solved })).statusCode).toBe(401);
      expect((await login(bob.email, STRONG_PASSWORD, home, { captcha: solved })).json()).toMatchObject({ code: 'captcha_required' });
      // The right password with a solved challenge always gets in: a token in the body (API clients) or the widget's pass cookie (the web app).
      const withToken = await login(bob.email, STRONG_PASSWORD, home, { captcha: await solvedCaptcha(t) });
      expect(withToken.statusCode, withToken.body).toBe(200);
      expect(withToken.json()).toEqual({ access: expect.any(String), refresh: expect.any(String) });
      const cookie = await captchaPass();
      expect((await login(bob.email, STRONG_PASSWORD, freshIp(), { cookie })).statusCode).toBe(200);
      // The pass is spent: the next sign-in needs a new one.
      expect((await login(bob.email, STRONG_PASSWORD, freshIp(), { cookie })).statusCode).toBe(400);
    });

    it('racing requests never all slip under the limit: exactly the allowed number of passwords are checked', async () => {
      const victim = await createVerifiedUser(t);
      const answers = await Promise.all(Array.from({ length: 20 }, () => login(victim.email, WRONG, freshIp())));
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.challengeAfter);
      expect(statuses.filter((s) => s === 400)).toHaveLength(20 - LOGIN_LIMITS.challengeAfter);
    });

    it('an unverified account’s right password is not a failure', async () => {
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/v1/register/',
        payload: { full_name: 'Asha Rao', email: 'asha.unverified@example.com', password: STRONG_PASSWORD },
        remoteAddress: freshIp(),
      });
      expect(registered.statusCode).toBe(201);
      for (let i = 0; i < LOGIN_LIMITS.challengeAfter + 3; i++) {
        expect((await login('asha.unverified@example.com', STRONG_PASSWORD, freshIp())).json()).toMatchObject({ code: 'email_not_verified' });
      }
    });
  });

  describe('brute force is still slowed', () => {
    it('from one address: past the limit for an account that address waits (429), even with a solved challenge; Bob elsewhere gets in', async () => {
      const bob = await createVerifiedUser(t);
      const attacker = freshIp();
      const statuses = await wrongPasswords(bob.email, attacker, LOGIN_LIMITS.perAccountAddress + 1);
      expect(statuses.slice(0, LOGIN_LIMITS.perAccountAddress).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      expectWaitInWords(await login(bob.email, STRONG_PASSWORD, attacker, { captcha: await solvedCaptcha(t) }));
      expect((await login(bob.email, STRONG_PASSWORD, freshIp(), { captcha: await solvedCaptcha(t) })).statusCode).toBe(200);
    });

    it('a successful sign-in resets the count of its (account, address)', async () => {
      const bob = await createVerifiedUser(t);
      const home = freshIp();
      expect(await wrongPasswords(bob.email, home, LOGIN_LIMITS.perAccountAddress - 1)).not.toContain(429);
      expect((await login(bob.email, STRONG_PASSWORD, home, { captcha: await solvedCaptcha(t) })).statusCode).toBe(200);
      const after = await wrongPasswords(bob.email, home, LOGIN_LIMITS.perAccountAddress + 1);
      expect(after.slice(0, LOGIN_LIMITS.perAccountAddress).every((s) => s === 401)).toBe(true);
      expect(after.at(-1)).toBe(429);
    });

    it('from one address across many accounts: past the per-address limit it waits', async () => {
      const address = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < LOGIN_LIMITS.perAddress + 2; i++) statuses.push((await login(`spray${i}@example.com`, 'x', address)).statusCode);
      expect(statuses.slice(0, LOGIN_LIMITS.perAddress).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      expectWaitInWords(await login('spray-last@example.com', 'x', address));
      // Another address is not affected.
      expect((await login('spray-last@example.com', 'x', freshIp())).statusCode).toBe(401);
    });

    it('an IPv6 network counts as one address (its /64)', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < LOGIN_LIMITS.perAddress + 1; i++)
        statuses.push((await login(`v6-${i}@example.com`, 'x', `2001:db8:7:9::${(i + 1).toString(16)}`)).statusCode);
      expect(statuses.at(-1)).toBe(429);
      expect((await login('v6-other@example.com', 'x', '2001:db8:7:a::1')).statusCode).toBe(401);
    });
  });

  describe('reset and verification mails have their own limits', () => {
    it('per account and address, then per hour per account; sign-in is never affected', async () => {
      const bob = await createVerifiedUser(t);
      const noisy = freshIp();
      const fromOne = [];
      for (let i = 0; i <= MAIL_LIMITS.perAccountAddress.max; i++) fromOne.push(await (i % 2 ? resend : forgot)(bob.email, noisy));
      expect(fromOne.slice(0, -1).map((r) => r.statusCode)).toEqual(Array(MAIL_LIMITS.perAccountAddress.max).fill(200));
      expectWaitInWords(fromOne.at(-1)!);
      // From other addresses, up to the hourly limit of the account.
      const elsewhere = [];
      for (let i = MAIL_LIMITS.perAccountAddress.max; i <= MAIL_LIMITS.perAccount.max; i++) elsewhere.push((await forgot(bob.email, freshIp())).statusCode);
      expect(elsewhere).toEqual([...Array(MAIL_LIMITS.perAccount.max - MAIL_LIMITS.perAccountAddress.max).fill(200), 429]);
      expectWaitInWords(await resend(bob.email, freshIp()), 60 * 60);
      // Bob signs in, from anywhere, the noisy address too.
      expect((await login(bob.email, STRONG_PASSWORD, noisy)).statusCode).toBe(200);
      expect((await login(bob.email, STRONG_PASSWORD, freshIp())).statusCode).toBe(200);
    });
  });
});

describe('addressKey', () => {
  it('keeps IPv4 (also mapped into IPv6) and groups IPv6 by its /64', () => {
    expect(addressKey('192.0.2.10')).toBe('192.0.2.10');
    expect(addressKey('::ffff:192.0.2.10')).toBe('192.0.2.10');
    expect(addressKey('2001:db8:7:9::1')).toBe('2001:db8:7:9::/64');
    expect(addressKey('2001:0db8:0007:0009:abcd::2')).toBe('2001:db8:7:9::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
