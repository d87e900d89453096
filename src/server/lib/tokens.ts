import { createHash, randomBytes } from 'node:crypto';

/** An unguessable token for links and refresh tokens (the raw value is only ever sent, never stored). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** What the database keeps of a token: its SHA-256. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
