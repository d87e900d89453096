import type { Config } from '../config.js';

type Headers = Record<string, string | string[] | undefined>;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function originOf(value: string | undefined): string | undefined {
  if (!value || value === 'null') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a browser may be sent back to this origin after a payment: PUBLIC_URL's, one listed in
 * ALLOWED_ORIGINS, or (outside production) any loopback address, whatever its port.
 */
export function isAllowedOrigin(config: Config, origin: string): boolean {
  if (origin === new URL(config.publicUrl).origin || config.allowedOrigins.includes(origin)) return true;
  return !config.isProduction && LOOPBACK.has(new URL(origin).hostname);
}

/**
 * Where a provider sends the buyer back (Stripe's success and cancel pages, the sandbox's hosted
 * pages, membership checkouts): the origin the buyer's browser called us from, when it is allowed,
 * else PUBLIC_URL. Sessions live in the browser per origin, so a buyer who started on
 * 127.0.0.1 must come back to 127.0.0.1, not to PUBLIC_URL's localhost, or they arrive signed out.
 */
export function returnOrigin(config: Config, headers: Headers): string {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const origin = originOf(header('origin')) ?? originOf(header('referer'));
  if (!origin || origin === new URL(config.publicUrl).origin || !isAllowedOrigin(config, origin)) return config.publicUrl;
  return origin;
}

/**
 * Development only: the reason PUBLIC_URL and the address the server listens on disagree, or
 * undefined. Behind a proxy (TRUST_PROXY, as `npm run dev` runs behind Vite) they differ by design.
 */
export function publicUrlMismatch(config: Config, listening: { host: string; port: number }): string | undefined {
  if (config.isProduction || config.trustProxy) return undefined;
  const url = new URL(config.publicUrl);
  const publicPort = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const wildcard = listening.host === '0.0.0.0' || listening.host === '::' || listening.host === '';
  const listenHost = listening.host.includes(':') ? `[${listening.host}]` : listening.host;
  const sameHost = wildcard || url.hostname === listenHost;
  if (publicPort === listening.port && sameHost) return undefined;
  return (
    `PUBLIC_URL is ${config.publicUrl} but the server listens on ${listenHost}:${listening.port}. ` +
    'Links in emails use PUBLIC_URL; a buyer returns from a payment to the address they used when it is allowed ' +
    '(PUBLIC_URL, ALLOWED_ORIGINS, or any loopback address in development). Set PUBLIC_URL to the address you open.'
  );
}
