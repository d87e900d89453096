/**
 * Certificates and letters as Open Badges 3.0 credentials (W3C Verifiable Credentials data model
 * 2.0), issued as a VC-JWT: a compact JWS signed with the site's Ed25519 key (alg EdDSA), its kid
 * naming a key in /.well-known/jwks.json, so an employer can verify one offline with any JOSE
 * library (decision 0013).
 */
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { siteName } from '../../../shared/pages.js';
export { jwksPath as JWKS_PATH } from '../../../shared/credentials.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { publicKeySet, signingKey, SIGNING_ALG } from './keys.js';

export const CREDENTIAL_MEDIA_TYPE = 'application/vc+jwt';
export const credentialContexts = ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'];

/**
 * What the credential says was achieved. `type` is the Open Badges achievementType: one of the
 * spec's values ('Certificate', 'CertificateOfCompletion', 'Award', …) or a custom 'ext:Name'.
 */
export interface AchievementInput {
  /** A URL naming the achievement (the course's or the project's page). */
  id: string;
  name: string;
  description: string;
  /** What it took, in words (the course's lessons, the project's criteria). */
  criteria: string;
  type: string;
}

export interface OpenBadgeInput {
  /** The credential's own URL: where anyone can check it (its public verify page). */
  credentialId: string;
  /** The learner's name as the credential shows it. */
  subjectName: string;
  achievement: AchievementInput;
  /** When it was awarded. */
  validFrom: Date;
  /** The person who issues it on the site's behalf (the instructor, or the reviewer). */
  issuingPerson: string;
}

export interface CredentialsDeps {
  db: Db;
  config: Config;
}

/** The credential (unsigned): the site is the issuer, the person signing is its `official`. */
export function buildOpenBadge(config: Config, input: OpenBadgeInput) {
  return {
    '@context': credentialContexts,
    id: input.credentialId,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: input.achievement.name,
    issuer: { id: `${config.publicUrl}/`, type: ['Profile'], name: siteName, url: `${config.publicUrl}/`, official: input.issuingPerson },
    validFrom: input.validFrom.toISOString(),
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: input.subjectName }],
      achievement: {
        id: input.achievement.id,
        type: ['Achievement'],
        achievementType: input.achievement.type,
        name: input.achievement.name,
        description: input.achievement.description,
        criteria: { narrative: input.achievement.criteria },
        creator: { id: `${config.publicUrl}/`, type: ['Profile'], name: siteName },
      },
    },
  };
}

export type OpenBadgeCredential = ReturnType<typeof buildOpenBadge>;

/**
 * Signs an OpenBadgeCredential as a VC-JWT (typ vc+jwt, alg EdDSA, kid of the current key). The
 * JWT's registered claims repeat the credential's issuer (iss), id (jti) and validFrom (nbf, iat),
 * so the same facts sign the same token.
 */
export async function signOpenBadge(deps: CredentialsDeps, input: OpenBadgeInput): Promise<string> {
  const key = await signingKey(deps.db, deps.config);
  const credential = buildOpenBadge(deps.config, input);
  const issuedAt = Math.floor(input.validFrom.getTime() / 1000);
  return new SignJWT(credential)
    .setProtectedHeader({ alg: SIGNING_ALG, kid: key.kid, typ: 'vc+jwt' })
    .setIssuer(credential.issuer.id)
    .setJti(credential.id)
    .setIssuedAt(issuedAt)
    .setNotBefore(issuedAt)
    .sign(key.privateKey);
}

/**
 * Checks a VC-JWT against the published key set (as an outside verifier would): the credential
 * when its signature holds and it names this site as the issuer, else undefined.
 */
/**
 * Whether a credential the site issued checks out as an employer's verifier would find: its
 * signature against the published keys (JWKS), and it is the credential with this id.
 */
export async function credentialChecksOut(deps: CredentialsDeps, token: string, credentialId: string): Promise<boolean> {
  return (await verifyOpenBadge(deps, token))?.credential.id === credentialId;
}

export async function verifyOpenBadge(deps: CredentialsDeps, token: string): Promise<{ kid: string; credential: OpenBadgeCredential } | undefined> {
  try {
    const keySet = createLocalJWKSet(await publicKeySet(deps.db, deps.config));
    const { payload, protectedHeader } = await jwtVerify(token, keySet, { algorithms: [SIGNING_ALG], typ: 'vc+jwt', issuer: `${deps.config.publicUrl}/` });
    return { kid: protectedHeader.kid ?? decodeProtectedHeader(token).kid ?? '', credential: payload as unknown as OpenBadgeCredential };
  } catch {
    return undefined;
  }
}
