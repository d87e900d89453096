import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetail, CourseListItem } from '../../../shared/catalog.js';
import { formatPrice } from '../../../shared/money.js';
import * as renderer from '../../../web/entry-server.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ renderer, env: { GEO_COUNTRY_HEADER: 'cf-ipcountry', TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');
const page = (url: string, country = 'US') => t.app.inject({ url, headers: { accept: 'text/html', 'cf-ipcountry': country } });
const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div><script nonce="[^"]+">window.__LECTERN_STATE__=/.exec(html)?.[1] ?? '';
const stateOf = (html: string) =>
  JSON.parse(/<script nonce="[^"]+">window.__LECTERN_STATE__=(.+?)<\/script>/.exec(html)?.[1] ?? 'null') as {
    queries: { queryKey: unknown[]; state: { status: string } }[];
  } | null;
const courses = async (country: string) => (await t.app.inject({ url: '/api/v1/courses/', headers: { 'cf-ipcountry': country } })).json<CourseListItem[]>();

describe('server-rendered pages', () => {
  it('renders the home page with the real courses, their regional prices and the query cache to hydrate from', async () => {
    for (const country of ['US', 'IN']) {
      const list = await courses(country);
      const paid = list.filter((c) => c.course_type === 'paid').slice(0, 8);
      expect(paid.length).toBeGreaterThan(0);
      const res = await page('/', country);
      expect(res.statusCode).toBe(200);
      const root = rootOf(res.body);
      expect(root).toContain('Learn to code by building');
      for (const course of paid) {
        expect(root).toContain(escapeHtml(course.title));
        expect(root).toContain(formatPrice(course.country_price.amount, course.country_price.symbol, course.country_price.currency));
      }
      const state = stateOf(res.body);
      const keys = state?.queries.map((q) => q.queryKey.join('/'));
      expect(keys).toEqual(expect.arrayContaining(['catalog/courses', 'catalog/instructor', 'catalog/client-reviews', 'site/config']));
      expect(state?.queries.every((q) => q.state.status === 'success')).toBe(true);
    }
    expect((await courses('IN'))[0]?.country_price.currency).not.toBe((await courses('US'))[0]?.country_price.currency);
  });

  it('renders a paid course page with its title, price and curriculum, keeping the SEO head', async () => {
    const listed = (await courses('IN')).find((c) => c.course_type === 'paid')!;
    const detail = (await t.app.inject({ url: `/api/v1/courses/${listed.slug}/`, headers: { 'cf-ipcountry': 'IN' } })).json<CourseDetail>();
    const res = await page(`/courses/${listed.slug}`, 'IN');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${escapeHtml(listed.title)} | Course Details</title>`.replace(/&#x27;/g, '&#39;'));
    expect(res.body).toContain('<script type="application/ld+json">');
    const root = rootOf(res.body);
    expect(root).toContain(`<h1 class="course-hero-title mb-3">${escapeHtml(detail.title)}</h1>`);
    expect(root).toContain(formatPrice(detail.country_price.amount, detail.country_price.symbol, detail.country_price.currency));
    expect(detail.country_price.currency).toBe('INR');
    const keys = stateOf(res.body)?.queries.map((q) => q.queryKey.join('/'));
    expect(keys).toContain(`catalog/course/${listed.slug}`);
    // The page's own chunk and styles are linked in the head, so nothing shifts when it hydrates.
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('answers a course that does not exist with status 404 and its not-found page', async () => {
    const res = await page('/courses/no-such-course-here');
    expect(res.statusCode).toBe(404);
    expect(rootOf(res.body)).toContain('Course not found');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
    const course = stateOf(res.body)?.queries.find((q) => q.queryKey.join('/') === 'catalog/course/no-such-course-here');
    expect(course?.state.status).toBe('error');
  });

  it('answers an unknown address with status 404 and the 404 page', async () => {
    const res = await page('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(rootOf(res.body)).toContain('Page not found');
  });

  it('leaves signed-in pages to the browser', async () => {
    const res = await page('/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('__LECTERN_STATE__');
  });

  it('gzips the page for browsers that accept it', async () => {
    const res = await t.app.inject({ url: '/courses', headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    expect(gunzipSync(res.rawPayload).toString()).toContain('__LECTERN_STATE__');
  });

  it("leaves the membership page's preview player out of the server's HTML, keeping its place: it comes after hydration", async () => {
    const res = await page('/subscribe');
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain('Every course. One membership.');
    expect(root).not.toContain('<iframe');
    expect(root).toMatch(/<div class="subscribe-video"><div class="ratio ratio-16x9"><div class="skeleton" aria-hidden="true"><\/div>/);
  });
});
