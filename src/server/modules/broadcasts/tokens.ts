import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed token of a broadcast's unsubscribe and preferences links: `{user}.{broadcast}.{hmac}`
 * (broadcast 0 when none). It does not expire: a link in an old email keeps working, as a person
 * who wants no more mail expects (and RFC 8058's one-click needs). Changing JWT_SECRET voids every one.
 */
const mac = (secret: string, userId: number, broadcastId: number) =>
  createHmac('sha256', secret).update(`email-preferences:${userId}:${broadcastId}`).digest('base64url');

export function preferencesToken(secret: string, userId: number, broadcastId: number): string {
  return `${userId}.${broadcastId}.${mac(secret, userId, broadcastId)}`;
}

/** The user and broadcast a token names, or undefined when its signature does not hold. */
export function readPreferencesToken(secret: string, token: string): { userId: number; broadcastId: number } | undefined {
  const match = /^(\d{1,10})\.(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const userId = Number(match[1]);
  const broadcastId = Number(match[2]);
  if (!Number.isSafeInteger(userId) || userId < 1 || userId > 2_147_483_647 || broadcastId > 2_147_483_647) return undefined;
  // The numbers are read back canonically: '007' is not '7' (one token per user and broadcast).
  if (String(userId) !== match[1] || String(broadcastId) !== match[2]) return undefined;
  const expected = Buffer.from(mac(secret, userId, broadcastId));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, broadcastId } : undefined;
}
