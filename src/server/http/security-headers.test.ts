import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as renderer from '../../web/entry-server.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ renderer });
});
afterAll(() => t.close());

const directivesOf = (policy: unknown) =>
  new Map(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
const nonceOf = (policy: unknown) => /'nonce-([^']+)'/.exec(String(policy))?.[1];
/** Every script the browser would run from the document itself (not external files, not JSON-LD data blocks). */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!).filter((attrs) => !/\bsrc=/.test(attrs) && !/type="application\/ld\+json"/.test(attrs));

describe('security headers', () => {
  it('gives a server-rendered page a policy whose fresh nonce is on every inline script it wrote, and nothing else inline', async () => {
    const first = await t.app.inject({ url: '/courses', headers: { accept: 'text/html' } });
    const second = await t.app.inject({ url: '/courses', headers: { accept: 'text/html' } });
    expect(first.statusCode).toBe(200);
    const nonce = nonceOf(first.headers['content-security-policy']);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(second.headers['content-security-policy'])).not.toBe(nonce);
    const scripts = inlineScripts(first.body);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    expect(first.body).toContain(`<script nonce="${nonce}">window.__LECTERN_STATE__=`);
    expect(second.body).not.toContain(nonce);

    const policy = directivesOf(first.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(['https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
    expect(policy.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);

    expect(first.headers['x-frame-options']).toBe('DENY');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(first.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    const features = String(first.headers['permissions-policy']);
    for (const denied of ['camera=()', 'microphone=()', 'geolocation=()', 'usb=()']) expect(features).toContain(denied);
    expect(features).toContain('fullscreen=(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")');
    expect(features).toContain('autoplay=(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")');
    // Served over plain http: no HSTS (a browser ignores it there, and it must never pin a site that has no https).
    expect(first.headers['strict-transport-security']).toBeUndefined();
  });

  it('gives a page the browser renders (signed-in pages, the studio) the same policy: it has no inline script to allow', async () => {
    const res = await t.app.inject({ url: '/dashboard', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(inlineScripts(res.body)).toEqual([]);
    const policy = directivesOf(res.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['permissions-policy']).toContain('camera=()');
  });

  it('answers the API, its errors and unknown addresses with a policy allowing nothing, nosniff and the referrer policy', async () => {
    for (const [url, status] of [
      ['/api/v1/courses/', 200],
      ['/api/v1/user-details/', 401],
      ['/api/v1/no-such-route/', 404],
    ] as const) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('keeps the public uploads on their own policy (nothing runs in an image opened as a document)', async () => {
    const key = 'images/security-headers-test.webp';
    await t.app.ctx.storage.put(key, Buffer.from('RIFF0000WEBP'), { contentType: 'image/webp' });
    const res = await t.app.inject({ url: `/uploads/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('security headers of a site served over https', () => {
  let https: TestApp;
  beforeAll(async () => {
    https = await createTestApp({ renderer, env: { PUBLIC_URL: 'https://courses.example.org' } });
  });
  afterAll(() => https.close());

  it('pins https for two years (HSTS) on pages and API answers alike, and upgrades any http subresource', async () => {
    const page = await https.app.inject({ url: '/', headers: { accept: 'text/html' } });
    const api = await https.app.inject({ url: '/api/v1/courses/' });
    for (const res of [page, api]) expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(directivesOf(page.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });
});

describe('the policy names only the outside services this site is configured to use', () => {
  let configured: TestApp;
  beforeAll(async () => {
    configured = await createTestApp({
      env: {
        RAZORPAY_KEY_ID: 'rzp_test_headers',
        RAZORPAY_KEY_SECRET: 'headers-secret',
        RAZORPAY_WEBHOOK_SECRET: 'headers-webhook',
        GOOGLE_CLIENT_ID: 'headers.apps.googleusercontent.com',
      },
    });
  });
  afterAll(() => configured.close());

  it("allows Razorpay's checkout and Google's sign-in where they are configured, and not elsewhere", async () => {
    const withProviders = directivesOf((await configured.app.inject({ url: '/login', headers: { accept: 'text/html' } })).headers['content-security-policy']);
    expect(withProviders.get('script-src')).toEqual(["'self'", 'https://checkout.razorpay.com', 'https://accounts.google.com/gsi/client']);
    expect(withProviders.get('frame-src')).toEqual([
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
      'https://api.razorpay.com',
      'https://checkout.razorpay.com',
      'https://accounts.google.com/gsi/',
    ]);
    expect(withProviders.get('connect-src')).toEqual([
      "'self'",
      'https://api.razorpay.com',
      'https://lumberjack.razorpay.com',
      'https://accounts.google.com/gsi/',
    ]);
    expect(withProviders.get('style-src')).toContain('https://accounts.google.com/gsi/style');

    const without = directivesOf((await t.app.inject({ url: '/login', headers: { accept: 'text/html' } })).headers['content-security-policy']);
    expect(without.get('connect-src')).toEqual(["'self'"]);
    expect([...without.values()].flat().join(' ')).not.toMatch(/razorpay|google/);
  });
});
