import { z } from 'zod';

/**
 * The credentials contract: the site's public keys (JWKS) and where a certificate's or letter's
 * Open Badges 3.0 credential (a VC-JWT) is found.
 */
export const jwkSchema = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  kid: z.string(),
  alg: z.literal('EdDSA'),
  use: z.literal('sig'),
});
export type Jwk = z.infer<typeof jwkSchema>;
export const jwksSchema = z.object({ keys: z.array(jwkSchema) });
export type Jwks = z.infer<typeof jwksSchema>;

export const jwksPath = '/.well-known/jwks.json';
