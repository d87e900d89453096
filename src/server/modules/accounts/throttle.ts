import { isIPv6 } from 'node:net';
import { accountMessages } from '../../../shared/accounts.js';
import { messages, tooManyAttempts } from '../../../shared/messages.js';
import { AppError } from '../../errors.js';
import type { CaptchaResult } from '../../integrations/captcha/index.js';
import type { AttemptCounters, CounterState } from '../../integrations/redis/index.js';

/**
 * How sign-in and the account mails are throttled (OWASP's Authentication Cheat Sheet; what
 * Auth0's brute-force protection and Keycloak do): nobody can lock someone else out.
 *
 * - Failed sign-ins are counted per (account, client address) and per address. Past their limits
 *   that address waits (429, at most the 15-minute window): brute force from one address is slow.
 * - Failed sign-ins are counted per account too, from anywhere. Past `challengeAfter`, every
 *   sign-in to that account must carry a solved captcha (the site's ALTCHA proof of work) before
 *   its password is even checked: brute force from many addresses costs work per guess, and the
 *   owner, from any address, still gets in with the right password and a solved challenge.
 * - A successful sign-in resets its (account, address) count and is never counted itself.
 * - Reset and verification mails have their own limits (per account and address, and per hour
 *   per account: a mailbox cannot be flooded), which never touch sign-in.
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  /** Failed sign-ins from one address to any accounts, per window. */
  perAddress: 30,
  /** Failed sign-ins to one account from one address, per window. */
  perAccountAddress: 10,
  /** Failed sign-ins to one account from anywhere (the window slides while they keep coming) before a challenge is required. */
  challengeAfter: 5,
} as const;

export const MAIL_LIMITS = {
  /** Reset and verification mails asked for one account from one address, per 15 minutes. */
  perAccountAddress: { max: 5, windowMs: 15 * 60 * 1000 },
  /** Reset and verification mails asked for one account from anywhere, per hour. */
  perAccount: { max: 10, windowMs: 60 * 60 * 1000 },
} as const;

/**
 * The address a limit counts: IPv4 as it is (also when mapped into IPv6), IPv6 by its /64 (one
 * subscriber's network: a single host can use any address in it).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const bare = ip.split('%')[0]!;
  if (!isIPv6(bare)) return ip;
  const [left = '', right] = bare.split('::');
  const groups = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const head = groups(left);
  const tail = right === undefined ? [] : groups(right);
  const all = right === undefined ? head : [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

function tooMany(state: CounterState): AppError {
  const seconds = Math.max(1, Math.ceil(state.ttlMs / 1000));
  const detail = tooManyAttempts(seconds);
  return new AppError('rate_limited', detail, { detail, retry_after_seconds: seconds });
}

/** What the request carries as a solved challenge: the captcha pass cookie or a `captcha` token, checked (and spent) only when asked. */
export type ChallengeCheck = () => Promise<CaptchaResult | 'missing'>;

/**
 * The answer when an account needs a solved challenge and the request has none (or a bad one):
 * 400 `{ captcha: [message], code: 'captcha_required', detail }`, the shape of the other forms'
 * captcha errors plus a code the client recognises; the password was not checked.
 */
function challengeRequired(result: CaptchaResult | 'missing'): AppError {
  if (result === 'unavailable') return new AppError('unavailable', messages.captcha.unavailable, { captcha: [messages.captcha.unavailable] });
  const message = result === 'failed' ? messages.captcha.failed : accountMessages.loginChallenge;
  return new AppError('bad_request', message, { captcha: [message], code: 'captcha_required', detail: message });
}

/**
 * One sign-in attempt under the limits. It is counted before the password is checked, so
 * requests racing each other never all slip under a limit, and taken back when it was not a
 * failure. `check` verifies the password: 'ok' (tokens), 'wrong', or 'not-a-failure' (a right
 * password that cannot sign in yet).
 */
export async function throttledLogin<T>(
  attempts: AttemptCounters,
  input: { email: string; address: string; challenge: ChallengeCheck },
  check: () => Promise<{ outcome: 'ok'; value: T } | { outcome: 'wrong' | 'not-a-failure'; error: AppError }>,
): Promise<T> {
  const address = addressKey(input.address);
  const keys = { address: `login:address:${address}`, pair: `login:pair:${input.email}|${address}`, account: `login:account:${input.email}` };
  const byAddress = await attempts.hit(keys.address, LOGIN_LIMITS.windowMs);
  const byPair = await attempts.hit(keys.pair, LOGIN_LIMITS.windowMs);
  // A refused attempt stays counted: the windows are fixed, so the wait it causes never grows.
  if (byAddress.count > LOGIN_LIMITS.perAddress) throw tooMany(byAddress);
  if (byPair.count > LOGIN_LIMITS.perAccountAddress) throw tooMany(byPair);
  const byAccount = await attempts.hit(keys.account, LOGIN_LIMITS.windowMs, { sliding: true });
  const takeBack = async () => {
    await Promise.all([attempts.undo(keys.address), attempts.undo(keys.pair), attempts.undo(keys.account)]);
  };
  if (byAccount.count > LOGIN_LIMITS.challengeAfter) {
    const solved = await input.challenge();
    if (solved !== 'verified') {
      await takeBack();
      throw challengeRequired(solved);
    }
  }
  const result = await check();
  if (result.outcome === 'ok') {
    await Promise.all([attempts.clear(keys.pair), attempts.undo(keys.address), attempts.undo(keys.account)]);
    return result.value;
  }
  if (result.outcome === 'not-a-failure') await takeBack();
  throw result.error;
}

/** Reset and verification mails: per account and address, and per hour per account; refused with 429. Sign-in is never affected. */
export async function limitAccountMail(attempts: AttemptCounters, email: string, ip: string): Promise<void> {
  const address = addressKey(ip);
  const byPair = await attempts.hit(`mail:pair:${email}|${address}`, MAIL_LIMITS.perAccountAddress.windowMs);
  if (byPair.count > MAIL_LIMITS.perAccountAddress.max) throw tooMany(byPair);
  const byAccount = await attempts.hit(`mail:account:${email}`, MAIL_LIMITS.perAccount.windowMs);
  if (byAccount.count > MAIL_LIMITS.perAccount.max) throw tooMany(byAccount);
}
