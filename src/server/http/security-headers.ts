import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.js';

/**
 * The security headers of every answer, set in one place (one `onSend` hook), after Mozilla
 * Observatory's A+ profile. Pages get a Content-Security-Policy that runs only our own scripts and
 * the inline scripts the server wrote into that very response (a fresh nonce each time), frames
 * only the video players and the configured providers' checkout and sign-in, and may be framed by
 * nobody. ARCHITECTURE.md ("Rules that are never bent") says why each source is there.
 */

/** The embeds lesson, preview and membership videos use (`src/shared/video.ts` makes their addresses). */
const VIDEO_PLAYERS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

type Directives = Record<string, string[]>;

/** What a configured outside service needs on our pages, from each provider's CSP guide. */
interface ProviderSources {
  script?: string[];
  style?: string[];
  frame?: string[];
  connect?: string[];
}

/** Razorpay's live checkout (`src/web/lib/razorpay.ts`): its script, the checkout frame it opens, the calls it makes. */
const RAZORPAY: ProviderSources = {
  script: ['https://checkout.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
};

/** Sign in with Google (Google Identity Services, `GoogleSignInButton.tsx`). */
const GOOGLE_SIGN_IN: ProviderSources = {
  script: ['https://accounts.google.com/gsi/client'],
  style: ['https://accounts.google.com/gsi/style'],
  frame: ['https://accounts.google.com/gsi/'],
  connect: ['https://accounts.google.com/gsi/'],
};

/** reCAPTCHA, when its keys are configured instead of the self-hosted ALTCHA (`RecaptchaBox.tsx`). */
const RECAPTCHA: ProviderSources = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

export type PolicyConfig = Pick<Config, 'publicUrl' | 'razorpay' | 'googleClientId' | 'recaptcha'>;

const isHttps = (config: Pick<Config, 'publicUrl'>) => new URL(config.publicUrl).protocol === 'https:';

/**
 * The policy of our HTML pages, without its nonce. Stripe needs nothing here: its checkout is a
 * page the buyer is sent to, not a script or a frame of ours. The sandbox providers are our own pages.
 */
export function pageDirectives(config: PolicyConfig): Directives {
  const providers = [config.razorpay && RAZORPAY, config.googleClientId && GOOGLE_SIGN_IN, config.recaptcha && RECAPTCHA].filter((p): p is ProviderSources =>
    Boolean(p),
  );
  const from = (key: keyof ProviderSources) => providers.flatMap((p) => p[key] ?? []);
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...from('script')],
    // Inline styles stay allowed: React writes style attributes into the server's HTML, and React 19's hoisted <style>, the
    // ALTCHA widget and the editor insert <style> elements at run time. Observatory counts this as neutral (no bonus, no penalty).
    'style-src': ["'self'", "'unsafe-inline'", ...from('style')],
    // Bootstrap's form controls draw their arrows and ticks with data: SVGs; the studio previews a picture before uploading it (blob:).
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...from('connect')],
    'frame-src': [...VIDEO_PLAYERS, ...from('frame')],
    // ALTCHA solves its proof of work in a worker made from a blob.
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (isHttps(config)) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** Every other answer (the API's JSON, errors): it loads nothing and runs nothing, even when opened as a document. */
const NOTHING = "default-src 'none'; frame-ancestors 'none'";

export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * Denies the browser features the product never asks for; the video players keep what their frames
 * ask for (`allow=` on the iframes), the payment frames keep the Payment Request API.
 */
function permissionsPolicy(config: PolicyConfig): string {
  const videos = VIDEO_PLAYERS.map((o) => `"${o}"`).join(' ');
  const payments = config.razorpay ? ` ${(RAZORPAY.frame ?? []).map((o) => `"${o}"`).join(' ')}` : '';
  return [
    `accelerometer=(self ${videos})`,
    `autoplay=(self ${videos})`,
    'camera=()',
    'display-capture=()',
    `encrypted-media=(self ${videos})`,
    `fullscreen=(self ${videos})`,
    'geolocation=()',
    `gyroscope=(self ${videos})`,
    'magnetometer=()',
    'microphone=()',
    'midi=()',
    `payment=(self${payments})`,
    `picture-in-picture=(self ${videos})`,
    'usb=()',
  ].join(', ');
}

const nonces = new WeakMap<FastifyReply, string>();

/**
 * The nonce of this response's inline scripts, made on first use: every inline <script> the server
 * writes into a page carries it, and the page's policy allows it and nothing else inline.
 */
export function cspNonce(reply: FastifyReply): string {
  let nonce = nonces.get(reply);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    nonces.set(reply, nonce);
  }
  return nonce;
}

/**
 * Sets the headers on every answer: the page policy on HTML (with this response's nonce), a policy
 * allowing nothing on the API's answers, and nosniff, the referrer policy and (on https) HSTS on all.
 * An answer that set its own policy (public uploads) keeps it.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: PolicyConfig): void {
  const pagePolicy = serializePolicy(pageDirectives(config));
  const pageFeatures = permissionsPolicy(config);
  const hsts = isHttps(config) ? 'max-age=63072000; includeSubDomains' : undefined;
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (hsts) reply.header('Strict-Transport-Security', hsts);
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      const nonce = nonces.get(reply);
      if (!reply.hasHeader('content-security-policy'))
        reply.header('Content-Security-Policy', nonce ? pagePolicy.replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`) : pagePolicy);
      reply.header('X-Frame-Options', 'DENY');
      reply.header('Permissions-Policy', pageFeatures);
      // Google's sign-in and Razorpay's payment popups talk back to the page that opened them.
      reply.header('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    } else if (type.startsWith('application/json') || type.startsWith('application/problem+json') || type.startsWith('text/plain') || !type) {
      if (!reply.hasHeader('content-security-policy')) reply.header('Content-Security-Policy', NOTHING);
      reply.header('X-Frame-Options', 'DENY');
    }
    done(null, payload);
  });
}
