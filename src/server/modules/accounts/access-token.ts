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

/** The claims of a valid, unexpired access token, or undefined. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (payload.typ !== 'access' || !Number.isInteger(userId)) return undefined;
    return { userId, isAdmin: payload.adm === true };
  } catch {
    return undefined;
  }
}
