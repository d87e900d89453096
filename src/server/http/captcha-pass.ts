import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages.js';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import { spendOnce, type CaptchaResult } from '../integrations/captcha/index.js';
import { sign, verifySignature } from '../lib/signing.js';

const COOKIE = 'captcha_pass';
const PURPOSE = 'captcha-pass';
const TTL_MS = 10 * 60 * 1000;

/**
 * After /verify-recaptcha/ succeeds, the browser holds a short-lived signed, httpOnly pass. Forms
 * guarded by the captcha accept that pass (once) or a token in the body.
 */
export function grantCaptchaPass(ctx: AppContext, reply: FastifyReply, nonce: string): void {
  const expires = Date.now() + TTL_MS;
  const value = `${nonce}.${expires}.${sign(ctx.config.jwtSecret, PURPOSE, nonce, expires)}`;
  void reply.setCookie(COOKIE, value, { httpOnly: true, sameSite: 'strict', secure: ctx.config.isProduction, path: '/api/v1/', maxAge: TTL_MS / 1000 });
}

/** A valid pass is spent on first use: its nonce is recorded with the used captcha solutions. */
async function spendPass(ctx: AppContext, request: FastifyRequest): Promise<boolean> {
  const [nonce, expires, signature] = (request.cookies[COOKIE] ?? '').split('.');
  if (!nonce || !expires || !signature || !verifySignature(ctx.config.jwtSecret, PURPOSE, nonce, Number(expires), signature)) return false;
  return spendOnce(ctx.db, `pass:${nonce}`);
}

/**
 * Whether the request carries a solved captcha: the pass cookie (spent here), else a `captcha`
 * token from the body (verified here; a solution is single use). The web app sends both (its
 * widget is verified first, which sets the pass); API clients send the token.
 */
export async function captchaSolved(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string | undefined,
): Promise<CaptchaResult | 'missing'> {
  if (await spendPass(ctx, request)) {
    void reply.clearCookie(COOKIE, { path: '/api/v1/' });
    return 'verified';
  }
  if (token) return ctx.captcha.verify(token, request.ip);
  return 'missing';
}

/** Enforced when CAPTCHA_ENFORCE is on (the default in production). */
export async function requireCaptcha(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, token: string | undefined): Promise<void> {
  if (!ctx.config.captchaEnforced) return;
  const result = await captchaSolved(ctx, request, reply, token);
  if (result === 'verified') return;
  if (result === 'unavailable') throw new AppError('unavailable', messages.captcha.unavailable, { captcha: [messages.captcha.unavailable] });
  throw AppError.fields({ captcha: [result === 'failed' ? messages.captcha.failed : messages.captcha.required] });
}
