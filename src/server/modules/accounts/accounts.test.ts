import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, passwordRules } from '../../../shared/accounts.js';
import { oneTimeTokens, refreshTokens, users } from '../../db/schema/index.js';
import { createTestApp, createVerifiedUser, freshIp, latestEmail, linkIn, loginAs, STRONG_PASSWORD, type TestApp } from '../../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers, remoteAddress: freshIp() });

describe('POST /register/', () => {
  const valid = { full_name: 'Meera Krishnan', email: '  Meera.K@Example.COM ', password: STRONG_PASSWORD };

  it('creates an unverified account with a lower-cased email and sends a verification link that activates it', async () => {
    const res = await post('/register/', valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'meera.k@example.com', full_name: 'Meera Krishnan' });
    const [row] = await t.handle.db.select().from(users).where(eq(users.email, 'meera.k@example.com'));
    expect(row).toMatchObject({ isVerified: false });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    const blocked = await post('/token/', { email: 'meera.k@example.com', password: STRONG_PASSWORD });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'email_not_verified', detail: accountMessages.emailNotVerified });

    const mail = await latestEmail(t, 'meera.k@example.com');
    const link = linkIn(mail!.text, /http:\/\/lectern\.test\/api\/v1\/verify-email\/\S+/);
    const visit = await t.app.inject({ url: link.replace('http://lectern.test', '') });
    expect(visit.statusCode).toBe(302);
    expect(visit.headers.location).toBe('/login/?status=success');
    expect((await post('/token/', { email: 'MEERA.K@example.com', password: STRONG_PASSWORD })).statusCode).toBe(200);

    const again = await t.app.inject({ url: link.replace('http://lectern.test', '') });
    expect(again.headers.location).toBe('/login/?status=invalid-link');
  });

  it('refuses a taken email with { email: [...] }', async () => {
    const user = await createVerifiedUser(t);
    const res = await post('/register/', { ...valid, email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [accountMessages.emailTaken] });
  });

  it.each([
    ['short1!A', 'too short', 'Ab1!', 0],
    ['no uppercase', 'lowercase1!', 'lowercase1!', 1],
    ['no lowercase', 'UPPERCASE1!', 'UPPERCASE1!', 2],
    ['no digit', 'NoDigits!!', 'NoDigits!!', 3],
    ['no symbol', 'NoSymbols12', 'NoSymbols12', 4],
  ])('checks the password rules in the spec order (%s)', async (_label, _d, password, rule) => {
    const res = await post('/register/', { ...valid, email: 'rules@example.com', password });
    expect(res.statusCode).toBe(400);
    expect(res.json().password).toEqual([passwordRules[rule as number]!.message]);
  });

  it.each([
    ['', accountMessages.fullNameRequired],
    ['Cher', accountMessages.fullNameTwoWords],
  ])('checks the full name %j', async (fullName, message) => {
    const res = await post('/register/', { ...valid, email: 'name@example.com', full_name: fullName });
    expect(res.json().full_name).toEqual([message]);
  });

  it('refuses a bad email and a malformed body without writing anything', async () => {
    const before = (await t.handle.db.select().from(users)).length;
    expect((await post('/register/', { ...valid, email: 'nope' })).json().email).toEqual([accountMessages.emailInvalid]);
    expect((await post('/register/', 'garbage', { 'content-type': 'application/json' })).statusCode).toBe(400);
    expect((await post('/register/', {})).statusCode).toBe(400);
    expect((await t.handle.db.select().from(users)).length).toBe(before);
  });
});

describe('POST /token/, /token/refresh/ and /logout/', () => {
  it('answers 401 without saying whether the email or the password was wrong', async () => {
    const user = await createVerifiedUser(t);
    const wrongPassword = await post('/token/', { email: user.email, password: 'Wrong#Pass1' });
    const unknownEmail = await post('/token/', { email: 'nobody@example.com', password: 'Wrong#Pass1' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
  });

  it('validates the login form with the spec messages', async () => {
    const res = await post('/token/', { email: '', password: '  ' });
    expect(res.json()).toEqual({ email: [accountMessages.emailRequired], password: [accountMessages.passwordRequired] });
  });

  it('rotates refresh tokens and revokes the whole family when an old one is reused', async () => {
    const user = await createVerifiedUser(t);
    const first = await loginAs(t, user.email);
    const me = await t.app.inject({ url: '/api/v1/user-details/', headers: { authorization: `Bearer ${first.access}` } });
    expect(me.json()).toMatchObject({ email: user.email, user_id: user.id });

    const second = (await post('/token/refresh/', { refresh: first.refresh })).json();
    expect(second.refresh).not.toBe(first.refresh);
    const third = (await post('/token/refresh/', { refresh: second.refresh })).json();

    const replay = await post('/token/refresh/', { refresh: first.refresh });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('token_not_valid');
    expect((await post('/token/refresh/', { refresh: third.refresh })).statusCode).toBe(401);
  });

  it('refuses an expired refresh token', async () => {
    const user = await createVerifiedUser(t);
    const tokens = await loginAs(t, user.email);
    await t.handle.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, user.id));
    expect((await post('/token/refresh/', { refresh: tokens.refresh })).statusCode).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const user = await createVerifiedUser(t);
    const tokens = await loginAs(t, user.email);
    expect((await post('/logout/', { refresh_token: tokens.refresh })).statusCode).toBe(200);
    expect((await post('/token/refresh/', { refresh: tokens.refresh })).statusCode).toBe(401);
  });

  it('answers 401 for a missing, forged or expired access token', async () => {
    expect((await t.app.inject({ url: '/api/v1/user-details/' })).statusCode).toBe(401);
    const forged = await t.app.inject({ url: '/api/v1/user-details/', headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('token_not_valid');
  });
});

describe('password reset', () => {
  it('gives the same answer for an unknown email and sends nothing', async () => {
    const unknown = await post('/forget-password-request/', { normalizedEmail: 'ghost@example.com' });
    const user = await createVerifiedUser(t);
    const known = await post('/forget-password-request/', { normalizedEmail: user.email });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await latestEmail(t, 'ghost@example.com')).toBeUndefined();
  });

  it('resets once with the emailed link, signs out every session, and refuses the link again', async () => {
    const user = await createVerifiedUser(t);
    const session = await loginAs(t, user.email);
    await post('/forget-password-request/', { normalizedEmail: user.email });
    const mail = await latestEmail(t, user.email);
    const link = new URL(linkIn(mail!.text, /http:\/\/lectern\.test\/reset\/password\?\S+/));
    const uid = link.searchParams.get('uid')!;
    const token = link.searchParams.get('token')!;

    const mismatch = await post('/reset-password/', { uid, token, password: 'Brand#New99', confirmPassword: 'Other#New99' });
    expect(mismatch.json().confirmPassword).toEqual([accountMessages.passwordsDoNotMatch]);
    const weak = await post('/reset-password/', { uid, token, password: 'weak', confirmPassword: 'weak' });
    expect(weak.json().password).toEqual([passwordRules[0]!.message]);

    const ok = await post('/reset-password/', { uid, token, password: 'Brand#New99', confirmPassword: 'Brand#New99' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: accountMessages.resetDone });
    expect((await post('/token/refresh/', { refresh: session.refresh })).statusCode).toBe(401);
    await loginAs(t, user.email, 'Brand#New99');

    const reused = await post('/reset-password/', { uid, token, password: 'Again#New99', confirmPassword: 'Again#New99' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ error: accountMessages.resetExpired, status: 'expired' });
  });

  it('refuses an expired link and a token for another account', async () => {
    const user = await createVerifiedUser(t);
    const other = await createVerifiedUser(t);
    await post('/forget-password-request/', { normalizedEmail: user.email });
    const link = new URL(linkIn((await latestEmail(t, user.email))!.text, /http:\/\/lectern\.test\/reset\/password\?\S+/));
    const token = link.searchParams.get('token')!;
    const wrongUser = await post('/reset-password/', { uid: other.uuid, token, password: 'Brand#New99', confirmPassword: 'Brand#New99' });
    expect(wrongUser.json().status).toBe('expired');
    await t.handle.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, user.id));
    const expired = await post('/reset-password/', { uid: user.uuid, token, password: 'Brand#New99', confirmPassword: 'Brand#New99' });
    expect(expired.json()).toEqual({ error: accountMessages.resetExpired, status: 'expired' });
  });
});
