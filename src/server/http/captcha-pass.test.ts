import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
import { createTestApp, freshIp, STRONG_PASSWORD, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { CAPTCHA_ENFORCE: 'true' } });
});
afterAll(() => t.close());

async function solvedToken(): Promise<string> {
  const challenge = (await t.app.inject({ url: '/api/v1/altcha/challenge/' })).json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Verifies a solved captcha like the web app does and returns the pass cookie it receives. */
async function captchaPassCookie(): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/verify-recaptcha/', payload: { token: await solvedToken() } });
  expect(res.json()).toEqual({ success: true });
  const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('captcha_pass='));
  expect(cookie).toContain('HttpOnly');
  return cookie!.split(';')[0]!;
}

const register = (email: string, headers: Record<string, string> = {}, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/register/',
    payload: { full_name: 'Kavya Iyer', email, password: STRONG_PASSWORD, ...extra },
    headers,
    remoteAddress: freshIp(),
  });

describe('captcha enforcement (CAPTCHA_ENFORCE, on by default in production)', () => {
  it('refuses registration without a solved captcha', async () => {
    const res = await register('kavya1@example.com');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ captcha: [messages.captcha.required] });
  });

  it('accepts the pass cookie from /verify-recaptcha/ once', async () => {
    const cookie = await captchaPassCookie();
    expect((await register('kavya2@example.com', { cookie })).statusCode).toBe(201);
    expect((await register('kavya3@example.com', { cookie })).json()).toEqual({ captcha: [messages.captcha.required] });
  });

  it('accepts a solved token in the body and refuses a forged one', async () => {
    expect((await register('kavya4@example.com', {}, { captcha: await solvedToken() })).statusCode).toBe(201);
    expect((await register('kavya5@example.com', {}, { captcha: 'forged' })).json()).toEqual({ captcha: [messages.captcha.failed] });
  });

  it('guards the contact form the same way', async () => {
    const body = { name: 'Kavya Iyer', email: 'kavya@example.com', role: 'student', message: 'Hello!' };
    const without = await t.app.inject({ method: 'POST', url: '/api/v1/contact/', payload: body, remoteAddress: freshIp() });
    expect(without.json()).toEqual({ captcha: [messages.captcha.required] });
    const withPass = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact/',
      payload: body,
      headers: { cookie: await captchaPassCookie() },
      remoteAddress: freshIp(),
    });
    expect(withPass.statusCode).toBe(200);
  });
});
