import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  userId: number;
  isAdmin: boolean;
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(secret: string, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ adm: claims.isAdmin, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(key(secret));
}

/**
 * Tokens already verified, with their expiry: an access token is stateless (nothing revokes it
 * before it expires), so checking its signature once per process is enough. Bounded, oldest out.
 */
const verified = new Map<string, { secret: string; claims: AccessClaims; expiresAtMs: number }>();
const VERIFIED_MAX = 10_000;

/** The claims of a valid, unexpired access token, or undefined. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | undefined> {
  const known = verified.get(token);
  if (known && known.secret === secret) {
    if (known.expiresAtMs > Date.now()) return known.claims;
    verified.delete(token);
    return undefined;
  }
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (payload.typ !== 'access' || !Number.isInteger(userId)) return undefined;
    const claims = { userId, isAdmin: payload.adm === true };
    if (typeof payload.exp !== 'number') return claims;
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, { secret, claims, expiresAtMs: payload.exp * 1000 });
    return claims;
  } catch {
    return undefined;
  }
}
