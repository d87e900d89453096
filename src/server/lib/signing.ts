import { createHmac, timingSafeEqual } from 'node:crypto';

/** An HMAC over `purpose:value:expires`, for short-lived links (resource downloads). */
export function sign(secret: string, purpose: string, value: string, expiresAt: number): string {
  return createHmac('sha256', secret).update(`${purpose}:${value}:${expiresAt}`).digest('base64url');
}

export function verifySignature(secret: string, purpose: string, value: string, expiresAt: number, signature: string): boolean {
  if (!Number.isFinite(expiresAt) || expiresAt < Date.now()) return false;
  const expected = Buffer.from(sign(secret, purpose, value, expiresAt));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
