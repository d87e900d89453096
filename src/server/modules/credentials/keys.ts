import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Jwk, Jwks } from '../../../shared/credentials.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import * as q from './queries.js';

export const SIGNING_ALG = 'EdDSA' as const;

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  /** What the JWKS publishes for it. */
  publicJwk: Jwk;
}

/** A new Ed25519 private key as a JWK (what CREDENTIAL_SIGNING_KEY or the DATA_DIR file holds). */
export async function newPrivateJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { crv: 'Ed25519', extractable: true });
  return exportJWK(privateKey);
}

async function loadKey(text: string | undefined): Promise<SigningKey> {
  const jwk = text ? (JSON.parse(text) as JWK) : await newPrivateJwk();
  const publicPart: JWK = { kty: jwk.kty, crv: jwk.crv, x: jwk.x };
  const kid = await calculateJwkThumbprint(publicPart);
  const privateKey = (await importJWK({ ...publicPart, d: jwk.d }, SIGNING_ALG)) as CryptoKey;
  return { kid, privateKey, publicJwk: published(kid, publicPart) };
}

function published(kid: string, jwk: JWK): Jwk {
  return { kty: 'OKP', crv: 'Ed25519', x: jwk.x ?? '', kid, alg: SIGNING_ALG, use: 'sig' };
}

/**
 * One key per app (its config): CREDENTIAL_SIGNING_KEY when set (main.ts sets it from
 * $DATA_DIR/.credential-signing-key outside production), else one made for this process. Its
 * public half is recorded in the database the first time it is used, so it stays in the JWKS
 * after the key is rotated.
 */
const keys = new WeakMap<Config, Promise<SigningKey>>();
const recorded = new WeakMap<Config, Promise<void>>();

export async function signingKey(db: Db, config: Config): Promise<SigningKey> {
  let key = keys.get(config);
  if (!key) {
    key = loadKey(config.credentialSigningKey);
    keys.set(config, key);
  }
  const loaded = await key;
  let record = recorded.get(config);
  if (!record) {
    record = q.insertPublicKey(db, loaded.kid, loaded.publicJwk);
    recorded.set(config, record);
    record.catch(() => recorded.delete(config));
  }
  await record;
  return loaded;
}

/** The JWKS: every key that has signed (the current one included), each with its kid. */
export async function publicKeySet(db: Db, config: Config): Promise<Jwks> {
  await signingKey(db, config);
  const rows = await q.selectPublicKeys(db);
  return { keys: rows.map((r) => published(r.kid, r.publicJwk)) };
}
