import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../../shared/accounts.js';
import { createGoogleVerifier } from '../../integrations/google/index.js';
import { createTestApp, createVerifiedUser, freshIp, loginAs, multipart, type TestApp } from '../../../../test/helpers.js';

const CLIENT_ID = 'lectern-test.apps.googleusercontent.com';
const googleKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const strangerKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
let certs: Server;
let t: TestApp;

beforeAll(async () => {
  // Stands in for Google's certificate endpoint: the real google-auth-library fetches keys from it.
  certs = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('cache-control', 'public, max-age=3600');
    res.end(JSON.stringify({ 'test-kid': googleKey.publicKey.export({ type: 'spki', format: 'pem' }) }));
  });
  await new Promise<void>((resolve) => certs.listen(0, '127.0.0.1', resolve));
  const certsUrl = `http://127.0.0.1:${(certs.address() as AddressInfo).port}/certs`;
  t = await createTestApp({ google: createGoogleVerifier({ clientId: CLIENT_ID, certsUrl }) });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => certs.close(resolve));
});

async function idToken(claims: Record<string, unknown>, key: KeyObject = googleKey.privateKey, kid = 'test-kid') {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: 'nisha.g@example.com', email_verified: true, name: 'Nisha Gupta', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer((claims.iss as string) ?? 'https://accounts.google.com')
    .setAudience((claims.aud as string) ?? CLIENT_ID)
    .setSubject('google-sub-123')
    .setIssuedAt(now - 10)
    .setExpirationTime((claims.exp as number) ?? now + 600)
    .sign(key);
}

const googleLogin = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/rest-auth/google/', payload: { provider: 'google', id_token: token }, remoteAddress: freshIp() });

describe('POST /rest-auth/google/', () => {
  it('creates a verified account for a new email, then logs the same person in', async () => {
    const first = await googleLogin(await idToken({}));
    expect(first.statusCode).toBe(200);
    const { access } = first.json();
    const me = (await t.app.inject({ url: '/api/v1/user-details/', headers: { authorization: `Bearer ${access}` } })).json();
    expect(me).toMatchObject({ email: 'nisha.g@example.com', full_name: 'Nisha Gupta', is_verified: true });
    const second = await googleLogin(await idToken({}));
    expect(second.statusCode).toBe(200);
  });

  it.each([
    ['a wrong audience', { aud: 'someone-else.apps.googleusercontent.com' }],
    ['a wrong issuer', { iss: 'https://evil.example.com' }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 3600 }],
    ['an unverified email', { email_verified: false }],
  ])('refuses %s in non_field_errors', async (_label, claims) => {
    const res = await googleLogin(await idToken(claims));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [accountMessages.googleFailed] });
  });

  it('refuses a token signed by another key (forged)', async () => {
    const res = await googleLogin(await idToken({}, strangerKey.privateKey));
    expect(res.json()).toEqual({ non_field_errors: [accountMessages.googleFailed] });
    expect((await googleLogin('not.a.jwt')).statusCode).toBe(400);
  });

  it('tells the web app the client id so it can show the button', async () => {
    expect((await t.app.inject({ url: '/api/v1/site-config/' })).json().google_client_id).toBe(CLIENT_ID);
  });
});

describe('GET /user-details/ and PUT /edit-user-details/', () => {
  const fields = {
    full_name: 'arjun mehta',
    phone_number: '+91 98765 43210',
    address_line_1: '12 MG Road',
    address_line_2: '',
    city: 'Bengaluru',
    state: 'Karnataka',
    country: 'India',
    pin_code: '560001',
    about_me: 'Backend developer learning ML.',
  };

  async function signedIn() {
    const user = await createVerifiedUser(t);
    const { access } = await loginAs(t, user.email);
    return { user, headers: { authorization: `Bearer ${access}` } };
  }

  const put = (headers: Record<string, string>, body: ReturnType<typeof multipart>) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/edit-user-details/', payload: body.payload, headers: { ...headers, ...body.headers } });

  it('saves the profile and re-encodes the picture as a small WebP without metadata; email and username stay', async () => {
    const { user, headers } = await signedIn();
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-serial' } } })
      .toBuffer();
    const res = await put(
      headers,
      multipart({ ...fields, email: 'hijack@example.com', username: 'admin' }, { field: 'profile_picture', name: 'me.jpg', type: 'image/jpeg', data: jpeg }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ full_name: 'arjun mehta', city: 'Bengaluru', email: user.email, username: user.username });
    expect(body.profile_picture).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    const served = await t.app.inject({ url: body.profile_picture });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-camera-serial'))).toBe(false);

    const removed = await put(headers, multipart({ ...fields, remove_picture: 'true' }));
    expect(removed.json().profile_picture).toBeNull();
    expect((await t.app.inject({ url: body.profile_picture })).statusCode).toBe(404);
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    const { headers } = await signedIn();
    const res = await put(
      headers,
      multipart(fields, { field: 'profile_picture', name: 'evil.png', type: 'image/png', data: Buffer.from('<?php system($_GET["c"]); ?>') }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ profile_picture: [accountMessages.pictureNotImage] });
  });

  it('refuses a picture over 5 MB', async () => {
    const { headers } = await signedIn();
    const res = await put(headers, multipart(fields, { field: 'profile_picture', name: 'big.png', type: 'image/png', data: Buffer.alloc(6 * 1024 * 1024, 1) }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ profile_picture: [accountMessages.pictureTooLarge] });
  });

  it('refuses a one-word name with the spec message, and anonymous callers', async () => {
    const { headers } = await signedIn();
    const res = await put(headers, multipart({ ...fields, full_name: 'Arjun' }));
    expect(res.json()).toEqual({ full_name: [accountMessages.profileNameTwoWords] });
    expect((await put({}, multipart(fields))).statusCode).toBe(401);
  });
});
