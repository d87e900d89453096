/**
 * A certificate is also an Open Badges 3.0 credential (issue 23 item 8): checked here the way an
 * employer would, with jose's jwtVerify over the JWKS the site publishes, not with our signing code.
 */
import { createLocalJWKSet, decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../../test/admin.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import type { CourseDetail, CourseListItem } from '../../../shared/catalog.js';
import type { PublicCertificate } from '../../../shared/learning.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';

async function privateJwk(): Promise<string> {
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  return JSON.stringify(await exportJWK(privateKey));
}

let t: TestApp;
let free: CourseListItem;
let certificateId: string;
let lessonTitles: string[];
beforeAll(async () => {
  t = await createTestApp({ env: { CREDENTIAL_SIGNING_KEY: await privateJwk() } });
  free = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>().find((c) => c.course_type === 'free')!;
  const learner = await signedIn(t, { fullName: 'priya natarajan' });
  await learner.call('POST', `/free-enroll/${free.id}/`);
  const course = (await learner.call('GET', `/courses/${free.slug}/`)).json<CourseDetail>();
  const lessons = course.sections.flatMap((s) => s.lessons);
  lessonTitles = lessons.map((l) => l.lesson_title);
  for (const lesson of lessons) await learner.call('POST', '/complete-lesson/', { lesson_uuid: lesson.uuid });
  certificateId = (await learner.call('GET', '/certificates/')).json<{ certificate_id: string }[]>()[0]!.certificate_id;
});
afterAll(() => t.close());

type Injectable = { inject: TestApp['app']['inject'] };
const credentialOf = async (app: Injectable, id: string) => {
  const res = await app.inject({ url: `/api/v1/certificates/${id}/credential/` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/vc\+jwt/);
  return res.body;
};
const verifyWithJwks = async (app: Injectable, token: string) => {
  const jwks = (await app.inject({ url: '/.well-known/jwks.json' })).json<{ keys: object[] }>();
  return jwtVerify(token, createLocalJWKSet(jwks as Parameters<typeof createLocalJWKSet>[0]), { algorithms: ['EdDSA'] });
};

describe("a certificate's credential", () => {
  it('is a VC-JWT that verifies with the published JWKS and carries the Open Badges 3.0 fields', async () => {
    const token = await credentialOf(t.app, certificateId);
    const { payload, protectedHeader } = await verifyWithJwks(t.app, token);
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', typ: 'vc+jwt', kid: expect.any(String) });
    const vc = payload as JWTPayload & Record<string, unknown> & { credentialSubject: { type: string[]; achievement: Record<string, unknown> } };
    expect(vc['@context']).toEqual(
      expect.arrayContaining(['https://www.w3.org/ns/credentials/v2', expect.stringMatching(/^https:\/\/purl\.imsglobal\.org\/spec\/ob\/v3p0\/context/)]),
    );
    expect(vc.type).toEqual(expect.arrayContaining(['VerifiableCredential', 'OpenBadgeCredential']));
    expect(vc.id).toBe(`http://lectern.test/certificates/${certificateId}`);
    expect(vc.issuer).toMatchObject({ id: 'http://lectern.test/', type: ['Profile'], name: 'Lectern', official: expect.any(String) });
    expect(typeof vc.validFrom).toBe('string');
    expect(Number.isNaN(Date.parse(vc.validFrom as string))).toBe(false);
    expect(vc.credentialSubject.type).toEqual(['AchievementSubject']);
    expect(JSON.stringify(vc.credentialSubject)).toContain('Priya Natarajan');
    const achievement = vc.credentialSubject.achievement as {
      id: string;
      type: string[];
      achievementType: string;
      name: string;
      criteria: { narrative: string };
    };
    expect(achievement).toMatchObject({ id: `http://lectern.test/courses/${free.slug}`, type: ['Achievement'], achievementType: 'CertificateOfCompletion' });
    expect(achievement.name).toContain(free.title);
    for (const title of lessonTitles) expect(achievement.criteria.narrative).toContain(title);
  });

  it('is offered on the public verification answer, which says the signature checks out; an unknown id is 404', async () => {
    const res = await t.app.inject({ url: `/api/v1/certificates/${certificateId}/` });
    expect(res.json<PublicCertificate>()).toMatchObject({
      valid: true,
      credential_verified: true,
      credential_url: `http://lectern.test/api/v1/certificates/${certificateId}/credential/`,
      jwks_url: 'http://lectern.test/.well-known/jwks.json',
    });
    expect((await t.app.inject({ url: '/api/v1/certificates/LEC-NOPE/credential/' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/certificates/${'x'.repeat(41)}/credential/` })).statusCode).toBe(400);
  });

  it('tampered (another name, a cut signature) it fails verification', async () => {
    const [header, payload, signature] = (await credentialOf(t.app, certificateId)).split('.') as [string, string, string];
    const forged = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('Priya Natarajan', 'Eve Mallory')).toString('base64url');
    await expect(verifyWithJwks(t.app, `${header}.${forged}.${signature}`)).rejects.toThrow();
    await expect(verifyWithJwks(t.app, `${header}.${payload}.${signature.slice(0, -4)}AAAA`)).rejects.toThrow();
  });

  it('after the signing key is rotated, the credential fetched before still verifies, and a new one carries the new kid', async () => {
    const before = await credentialOf(t.app, certificateId);
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: t.config.jwtSecret, PUBLIC_URL: t.config.publicUrl, CREDENTIAL_SIGNING_KEY: await privateJwk() });
    const rotated = await buildApp({ config, db: t.handle.db, catalogCacheMs: 0 });
    try {
      await rotated.ready();
      const after = await credentialOf(rotated, certificateId);
      expect(decodeProtectedHeader(after).kid).not.toBe(decodeProtectedHeader(before).kid);
      await expect(verifyWithJwks(rotated, before)).resolves.toBeDefined();
      await expect(verifyWithJwks(rotated, after)).resolves.toBeDefined();
      expect((await rotated.inject({ url: `/api/v1/certificates/${certificateId}/` })).json<PublicCertificate>().credential_verified).toBe(true);
    } finally {
      await rotated.close();
    }
  });
});
