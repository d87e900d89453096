import type { JWK } from 'jose';
import type { Db } from '../../db/client.js';
import { credentialKeys } from '../../db/schema/index.js';

/** Records a signing key's public half (once: a kid already there is left as it is). */
export async function insertPublicKey(db: Db, kid: string, publicJwk: JWK): Promise<void> {
  await db.insert(credentialKeys).values({ kid, publicJwk }).onConflictDoNothing();
}

/** Every public key that has signed, oldest first. */
export async function selectPublicKeys(db: Db): Promise<{ kid: string; publicJwk: JWK }[]> {
  const rows = await db
    .select({ kid: credentialKeys.kid, publicJwk: credentialKeys.publicJwk })
    .from(credentialKeys)
    .orderBy(credentialKeys.createdAt, credentialKeys.kid);
  return rows.map((r) => ({ kid: r.kid, publicJwk: r.publicJwk as JWK }));
}
