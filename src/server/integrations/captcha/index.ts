import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { create as createAltcha } from 'altcha-lib/frameworks/fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { captchaSolutions } from '../../db/schema/index.js';

export type CaptchaResult = 'verified' | 'failed' | 'unavailable';

export interface Captcha {
  provider: 'altcha' | 'recaptcha';
  siteKey: string | null;
  /** ALTCHA only: a fresh signed proof-of-work challenge for the widget. */
  challenge(): Promise<unknown>;
  verify(token: string, remoteIp?: string): Promise<CaptchaResult>;
}

const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/** Records a used solution (or pass) once: true the first time a key is spent, false on a replay. */
export async function spendOnce(db: Database, key: string): Promise<boolean> {
  const rows = await db.insert(captchaSolutions).values({ challengeId: key }).onConflictDoNothing().returning({ id: captchaSolutions.challengeId });
  return rows.length === 1;
}

/** Self-hosted proof of work: nothing depends on a third party. Solutions are single use. */
export function createAltchaCaptcha(options: { db: Database; hmacKey: string; cost?: number }): Captcha {
  const hmacKeySignatureSecret = `${options.hmacKey}:keys`;
  const cost = options.cost ?? 1000;
  const store = {
    get: async () => false,
    set: async () => undefined,
    setIfAbsent: (key: string) => spendOnce(options.db, key),
  };
  const altcha = createAltcha({ deriveKey, hmacSignatureSecret: options.hmacKey, hmacKeySignatureSecret, store });
  return {
    provider: 'altcha',
    siteKey: null,
    async challenge() {
      // Old solutions past their challenge's lifetime can never be replayed: forget them.
      await options.db.delete(captchaSolutions).where(sql`${captchaSolutions.createdAt} < now() - interval '1 day'`);
      return createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost,
        counter: randomInt(cost, cost * 3),
        deriveKey,
        hmacSignatureSecret: options.hmacKey,
        hmacKeySignatureSecret,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      });
    },
    async verify(token) {
      const result = await altcha.verify(token, deriveKey, options.hmacKey, hmacKeySignatureSecret, store);
      return result.error === null ? 'verified' : 'failed';
    },
  };
}

/** Google reCAPTCHA v2 through its siteverify API (base URL overridable for tests). */
export function createRecaptcha(options: { siteKey: string; secretKey: string; verifyUrl?: string }): Captcha {
  const verifyUrl = options.verifyUrl ?? 'https://www.google.com/recaptcha/api/siteverify';
  return {
    provider: 'recaptcha',
    siteKey: options.siteKey,
    challenge: async () => null,
    async verify(token, remoteIp) {
      const form = new URLSearchParams({ secret: options.secretKey, response: token, ...(remoteIp ? { remoteip: remoteIp } : {}) });
      try {
        const res = await fetch(verifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(5000) });
        if (!res.ok) return 'unavailable';
        const body = (await res.json()) as { success?: boolean };
        return body.success === true ? 'verified' : 'failed';
      } catch {
        return 'unavailable';
      }
    },
  };
}
