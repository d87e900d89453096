import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The public half of every key that has signed credentials (certificates, letters), by its kid
 * (the JWK thumbprint). The private key lives outside the database (CREDENTIAL_SIGNING_KEY or
 * $DATA_DIR); a row is never deleted, so a credential signed before a key rotation still verifies
 * against /.well-known/jwks.json.
 */
export const credentialKeys = pgTable('credential_keys', {
  kid: text('kid').primaryKey(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
