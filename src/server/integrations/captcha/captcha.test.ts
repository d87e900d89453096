import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function solvedPayload(): Promise<string> {
  const challenge = (await t.app.inject({ url: '/api/v1/altcha/challenge/' })).json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const verify = (token: string) => t.app.inject({ method: 'POST', url: '/api/v1/verify-recaptcha/', payload: { token } });

describe('POST /verify-recaptcha/ with ALTCHA', () => {
  it('accepts a solved challenge once and refuses its replay', async () => {
    const token = await solvedPayload();
    expect((await verify(token)).json()).toEqual({ success: true });
    expect((await verify(token)).json()).toEqual({ success: false });
  });

  it('refuses a forged or tampered payload', async () => {
    expect((await verify('not-base64-json')).json()).toEqual({ success: false });
    const token = await solvedPayload();
    const decoded = JSON.parse(Buffer.from(token, 'base64').toString()) as { solution: { derivedKey: string } };
    decoded.solution.derivedKey = decoded.solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect((await verify(Buffer.from(JSON.stringify(decoded)).toString('base64'))).json()).toEqual({ success: false });
  });

  it('answers 400 with a field error for a missing token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/verify-recaptcha/', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('token');
  });
});
