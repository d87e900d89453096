import { createLocalJWKSet, decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { signOpenBadge, verifyOpenBadge, type OpenBadgeCredential, type OpenBadgeInput } from './index.js';

// Keys made here with jose, not by the module under test.
async function privateJwk(): Promise<string> {
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  return JSON.stringify(await exportJWK(privateKey));
}

const badge: OpenBadgeInput = {
  credentialId: 'http://lectern.test/certificates/LEC-TEST',
  subjectName: 'Ada Lovelace',
  achievement: {
    id: 'http://lectern.test/courses/analytical-engines',
    name: 'Analytical Engines',
    description: 'Completed every lesson of Analytical Engines.',
    criteria: 'Completed all 3 lessons: Notes; Bernoulli numbers; Looms.',
    type: 'CertificateOfCompletion',
  },
  validFrom: new Date('2026-03-01T10:00:00Z'),
  issuingPerson: 'Charles Babbage',
};

let t: TestApp;
let keyA: string;
beforeAll(async () => {
  keyA = await privateJwk();
  t = await createTestApp({ env: { CREDENTIAL_SIGNING_KEY: keyA } });
});
afterAll(() => t.close());

/** What an outside verifier does: fetch the JWKS over HTTP and verify with jose's local key set. */
async function verifyWithPublishedKeys(app: { inject: TestApp['app']['inject'] }, token: string) {
  const res = await app.inject({ url: '/.well-known/jwks.json' });
  expect(res.statusCode).toBe(200);
  return jwtVerify(token, createLocalJWKSet(res.json()), { algorithms: ['EdDSA'] });
}

describe('the JWKS', () => {
  it('publishes the signing key as OKP / Ed25519 with kid, alg and use, and never the private part', async () => {
    const res = await t.app.inject({ url: '/.well-known/jwks.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const { keys } = res.json<{ keys: Record<string, string>[] }>();
    expect(keys).toHaveLength(1);
    const expectedX = (JSON.parse(keyA) as { x: string }).x;
    expect(keys[0]).toEqual({ kty: 'OKP', crv: 'Ed25519', x: expectedX, kid: expect.any(String), alg: 'EdDSA', use: 'sig' });
    expect(res.body).not.toContain((JSON.parse(keyA) as { d: string }).d);
  });

  it('is in the API document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    expect(doc.paths['/.well-known/jwks.json']).toBeDefined();
  });
});

describe('signOpenBadge', () => {
  it('issues a VC-JWT that an outside verifier accepts with the published keys, with the Open Badges 3.0 fields', async () => {
    const token = await signOpenBadge({ db: t.handle.db, config: t.config }, badge);
    expect(token.split('.')).toHaveLength(3);
    const { payload, protectedHeader } = await verifyWithPublishedKeys(t.app, token);
    const jwks = (await t.app.inject({ url: '/.well-known/jwks.json' })).json<{ keys: { kid: string }[] }>();
    expect(protectedHeader).toEqual({ alg: 'EdDSA', kid: jwks.keys[0]!.kid, typ: 'vc+jwt' });
    const vc = payload as JWTPayload & OpenBadgeCredential;
    expect(vc['@context']).toEqual(['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json']);
    expect(vc.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(vc.id).toBe(badge.credentialId);
    expect(vc.name).toBe('Analytical Engines');
    expect(vc.issuer).toMatchObject({ id: 'http://lectern.test/', type: ['Profile'], name: 'Lectern', official: 'Charles Babbage' });
    expect(vc.validFrom).toBe('2026-03-01T10:00:00.000Z');
    expect(vc.credentialSubject.type).toEqual(['AchievementSubject']);
    expect(vc.credentialSubject.identifier).toEqual([{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: 'Ada Lovelace' }]);
    expect(vc.credentialSubject.achievement).toMatchObject({
      id: badge.achievement.id,
      type: ['Achievement'],
      achievementType: 'CertificateOfCompletion',
      name: 'Analytical Engines',
      description: badge.achievement.description,
      criteria: { narrative: badge.achievement.criteria },
    });
    // The JWT claims repeat the credential's issuer, id and date.
    expect(vc).toMatchObject({ iss: 'http://lectern.test/', jti: badge.credentialId, nbf: Date.parse('2026-03-01T10:00:00Z') / 1000 });
  });

  it('a tampered token (payload or signature) is refused by the outside verifier and by ours', async () => {
    const token = await signOpenBadge({ db: t.handle.db, config: t.config }, badge);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('Ada Lovelace', 'Eve Mallory')).toString('base64url');
    // One bit of the signature flipped (its first byte), so the change is never a no-op.
    const bytes = Buffer.from(signature, 'base64url');
    bytes[0] = bytes[0]! ^ 0x01;
    const flipped = bytes.toString('base64url');
    for (const bad of [`${header}.${forged}.${signature}`, `${header}.${payload}.${flipped}`]) {
      await expect(verifyWithPublishedKeys(t.app, bad)).rejects.toThrow();
      expect(await verifyOpenBadge({ db: t.handle.db, config: t.config }, bad)).toBeUndefined();
    }
    expect(await verifyOpenBadge({ db: t.handle.db, config: t.config }, token)).toMatchObject({ credential: { id: badge.credentialId } });
  });

  it('a token signed by a key the site never published is refused', async () => {
    const stranger = await createTestApp({ env: { CREDENTIAL_SIGNING_KEY: await privateJwk() } });
    try {
      const token = await signOpenBadge({ db: stranger.handle.db, config: stranger.config }, badge);
      await expect(verifyWithPublishedKeys(t.app, token)).rejects.toThrow();
    } finally {
      await stranger.close();
    }
  });

  it('after a key rotation the JWKS keeps the old key: an old credential still verifies, new ones carry the new kid', async () => {
    const before = await signOpenBadge({ db: t.handle.db, config: t.config }, badge);
    // The same database, restarted with a new CREDENTIAL_SIGNING_KEY.
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: t.config.jwtSecret, PUBLIC_URL: t.config.publicUrl, CREDENTIAL_SIGNING_KEY: await privateJwk() });
    const rotated = await buildApp({ config, db: t.handle.db, catalogCacheMs: 0 });
    try {
      await rotated.ready();
      const after = await signOpenBadge({ db: t.handle.db, config }, badge);
      const jwks = (await rotated.inject({ url: '/.well-known/jwks.json' })).json<{ keys: { kid: string }[] }>();
      expect(jwks.keys.map((k) => k.kid).sort()).toEqual([decodeProtectedHeader(before).kid, decodeProtectedHeader(after).kid].sort());
      expect(decodeProtectedHeader(after).kid).not.toBe(decodeProtectedHeader(before).kid);
      await expect(verifyWithPublishedKeys(rotated, before)).resolves.toMatchObject({ payload: { jti: badge.credentialId } });
      await expect(verifyWithPublishedKeys(rotated, after)).resolves.toMatchObject({ payload: { jti: badge.credentialId } });
    } finally {
      await rotated.close();
    }
  });
});
