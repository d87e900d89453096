import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, visitorCall } from '../../../../test/admin.js';
import sharp from 'sharp';
import { createTestApp, freshIp, multipart, type TestApp } from '../../../../test/helpers.js';
import { guestBilling } from '../../../../test/orders.js';
import type { DemoContent } from '../../../shared/setup.js';
import { bundleMessages, type AdminBundle, type Bundle } from '../../../shared/bundles.js';
import type { CourseListItem } from '../../../shared/catalog.js';
import { auditLog, bundles, users } from '../../db/schema/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let paid: CourseListItem[];
let free: CourseListItem | undefined;
beforeAll(async () => {
  t = await createTestApp({ env: { GEO_COUNTRY_HEADER: 'cf-ipcountry', TRUST_PROXY: 'true' } });
  admin = await signedIn(t, { isAdmin: true });
  const courses = (await t.app.inject({ url: '/api/v1/courses/', headers: { 'cf-ipcountry': 'US' } })).json<CourseListItem[]>();
  paid = courses.filter((c) => c.course_type === 'paid');
  free = courses.find((c) => c.course_type === 'free');
});
afterAll(() => t.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Python Path',
  slug: 'python-path',
  description: '<p>Two courses, <em>one</em> price.</p><script>alert(1)</script>',
  course_ids: [paid[0]!.id, paid[1]!.id],
  prices: [
    { region: 'US', amount: 49 },
    { region: 'IN', amount: 2999 },
  ],
  ...overrides,
});
const bundleRows = async () => (await t.handle.db.select({ id: bundles.id }).from(bundles)).length;
const publicBundle = (slug: string, country = 'US') => t.app.inject({ url: `/api/v1/bundles/${slug}/`, headers: { 'cf-ipcountry': country } });

describe('the studio builds a bundle', () => {
  it('is created as a draft invisible to the public, published, priced per region with the saving, and archived', async () => {
    const created = await admin.call('POST', '/admin/bundles/', body());
    expect(created.statusCode).toBe(201);
    const bundle = created.json<AdminBundle>();
    expect(bundle).toMatchObject({ state: 'draft', slug: 'python-path', sold: 0, courses: [{ id: paid[0]!.id }, { id: paid[1]!.id }] });
    expect(bundle.description).not.toContain('script');
    expect(bundle.prices).toEqual([
      { region: 'US', currency: 'USD', amount: 49 },
      { region: 'IN', currency: 'INR', amount: 2999 },
    ]);

    // A draft is nowhere on the storefront.
    expect((await publicBundle('python-path')).statusCode).toBe(404);
    expect((await visitorCall(t, 'GET', '/bundles/')).json<Bundle[]>().map((b) => b.slug)).not.toContain('python-path');

    const published = await admin.call('POST', `/admin/bundles/${bundle.id}/publish/`);
    expect(published.statusCode).toBe(200);
    expect(published.json<AdminBundle>().state).toBe('published');

    const us = (await publicBundle('python-path')).json<Bundle>();
    const separately = paid[0]!.country_price.amount + paid[1]!.country_price.amount;
    expect(us.country_price).toMatchObject({ amount: 49, currency: 'USD', regular_amount: Math.max(49, separately) });
    expect(us.saving).toBeCloseTo(Math.max(0, separately - 49), 2);
    expect(us.courses.map((c) => c.id)).toEqual([paid[0]!.id, paid[1]!.id]);
    expect(us).toMatchObject({ owned_course_ids: [], owns_all: false });
    const india = (await publicBundle('python-path', 'IN')).json<Bundle>();
    expect(india.country_price).toMatchObject({ amount: 2999, currency: 'INR' });
    expect((await visitorCall(t, 'GET', '/bundles/')).json<Bundle[]>().map((b) => b.slug)).toContain('python-path');

    const renamed = await admin.call('PATCH', `/admin/bundles/${bundle.id}/`, { title: 'The Python Path' });
    expect(renamed.json<AdminBundle>().title).toBe('The Python Path');
    const unchanged = await admin.call('PATCH', `/admin/bundles/${bundle.id}/`, {});
    expect(unchanged.json<AdminBundle>().title).toBe('The Python Path');

    const archived = await admin.call('POST', `/admin/bundles/${bundle.id}/archive/`);
    expect(archived.json<AdminBundle>().state).toBe('archived');
    expect((await publicBundle('python-path')).statusCode).toBe(404);
    expect((await admin.call('GET', '/admin/bundles/')).json<{ results: AdminBundle[] }>().results.map((b) => b.id)).not.toContain(bundle.id);
    expect((await admin.call('GET', '/admin/bundles/?state=archived')).json<{ results: AdminBundle[] }>().results.map((b) => b.id)).toContain(bundle.id);

    const audit = await t.handle.db.select().from(auditLog).where(eq(auditLog.entityType, 'bundle')).orderBy(asc(auditLog.id));
    expect(audit.map((a) => a.action)).toEqual(['bundle.create', 'bundle.publish', 'bundle.update', 'bundle.archive']);
  });

  it('refuses what a bundle cannot be, writing nothing', async () => {
    const before = await bundleRows();
    const malformed = await admin.call(
      'POST',
      '/admin/bundles/',
      body({ title: 'x', slug: 'Not A Slug', course_ids: [paid[0]!.id], prices: [{ region: 'XX', amount: -1 }] }),
    );
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json()).sort()).toEqual(['course_ids', 'prices', 'slug', 'title']);
    expect((await admin.call('POST', '/admin/bundles/', body({ slug: 'dupes', course_ids: [paid[0]!.id, paid[0]!.id] }))).statusCode).toBe(400);
    expect((await admin.call('POST', '/admin/bundles/', body({ slug: 'unknown', course_ids: [paid[0]!.id, 999999] }))).json()).toEqual({
      course_ids: [bundleMessages.courseUnknown],
    });
    if (free)
      expect((await admin.call('POST', '/admin/bundles/', body({ slug: 'with-free', course_ids: [paid[0]!.id, free.id] }))).json()).toEqual({
        course_ids: [bundleMessages.courseNotPaid],
      });
    expect((await admin.call('POST', '/admin/bundles/', body({ extra: 1, slug: 'extra-field' }))).statusCode).toBe(400);
    expect((await admin.call('POST', '/admin/bundles/', 'not json', { headers: { ...admin.headers, 'content-type': 'application/json' } })).statusCode).toBe(
      400,
    );
    expect(await bundleRows()).toBe(before);

    // Publishing needs a USD price.
    const noPrice = (await admin.call('POST', '/admin/bundles/', body({ slug: 'no-price', prices: [{ region: 'IN', amount: 999 }] }))).json<AdminBundle>();
    const refused = await admin.call('POST', `/admin/bundles/${noPrice.id}/publish/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: [bundleMessages.needsUsdPrice] });
    expect((await admin.call('GET', `/admin/bundles/${noPrice.id}/`)).json<AdminBundle>().state).toBe('draft');
    expect((await admin.call('GET', '/admin/bundles/999999/')).statusCode).toBe(404);
  });

  it('answers a visitor 401 and a student or reviewer 403, before reading the body', async () => {
    const student = await signedIn(t);
    const reviewer = await signedIn(t);
    await t.handle.db.update(users).set({ isReviewer: true }).where(eq(users.id, reviewer.user.id));
    const before = await bundleRows();
    const id = (await t.handle.db.select({ id: bundles.id }).from(bundles).limit(1))[0]!.id;
    for (const who of [student, reviewer]) {
      for (const [method, url, payload] of [
        ['GET', '/admin/bundles/', undefined],
        ['POST', '/admin/bundles/', body({ slug: 'sneaky' })],
        ['GET', `/admin/bundles/${id}/`, undefined],
        ['PATCH', `/admin/bundles/${id}/`, { title: 'Hijacked' }],
        ['POST', `/admin/bundles/${id}/publish/`, undefined],
        ['POST', `/admin/bundles/${id}/archive/`, undefined],
      ] as const)
        expect((await who.call(method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await visitorCall(t, 'POST', '/admin/bundles/', body({ slug: 'anon' }))).statusCode).toBe(401);
    expect(await bundleRows()).toBe(before);
    expect((await admin.call('GET', `/admin/bundles/${id}/`)).json<AdminBundle>().title).not.toBe('Hijacked');
  });
});

describe('a bundle cover', () => {
  const send = (who: { headers: Record<string, string> } | undefined, url: string, file: { field: string; name: string; type: string; data: Buffer }) => {
    const body = multipart({}, file);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      payload: body.payload,
      headers: { ...who?.headers, ...body.headers },
      remoteAddress: freshIp(),
    });
  };
  it('is uploaded as a re-encoded image; not a picture is 415, a student 403, and nothing changes', async () => {
    const made = (await admin.call('POST', '/admin/bundles/', body({ slug: `cover-${Date.now()}` }))).json<AdminBundle>();
    const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#3355aa' } })
      .png()
      .toBuffer();
    const uploaded = await send(admin, `/admin/bundles/${made.id}/cover/`, { field: 'image', name: 'cover.png', type: 'image/png', data: png });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const cover = uploaded.json<AdminBundle>().cover_image;
    expect(cover).toMatch(/^\/uploads\/images\/.+\.webp$/);
    const text = await send(admin, `/admin/bundles/${made.id}/cover/`, {
      field: 'image',
      name: 'x.png',
      type: 'image/png',
      data: Buffer.from('not a picture'),
    });
    expect(text.statusCode).toBe(415);
    const student = await signedIn(t);
    expect((await send(student, `/admin/bundles/${made.id}/cover/`, { field: 'image', name: 'c.png', type: 'image/png', data: png })).statusCode).toBe(403);
    expect((await send(admin, '/admin/bundles/999999/cover/', { field: 'image', name: 'c.png', type: 'image/png', data: png })).statusCode).toBe(404);
    expect((await admin.call('GET', `/admin/bundles/${made.id}/`)).json<AdminBundle>().cover_image).toBe(cover);
  });
});

// Last: the removal deletes the demo courses the tests above build bundles of.
describe('the demo bundle', () => {
  it('is seeded published, two paid courses for less than both; demo removal deletes it unless someone bought it', async () => {
    const demo = (await visitorCall(t, 'GET', '/bundles/')).json<Bundle[]>().find((b) => b.slug === 'django-backend-bundle');
    expect(demo).toBeDefined();
    expect(demo!.courses.map((c) => c.slug)).toEqual(['django-rest-framework', 'django-ecommerce']);
    expect(demo!.courses.every((c) => c.course_type === 'paid')).toBe(true);
    expect(demo!.country_price).toMatchObject({ amount: 79.99, currency: 'USD' });
    expect(demo!.saving).toBeGreaterThan(0);

    const preview = (await admin.call('GET', '/admin/demo-content/')).json<DemoContent>();
    expect(preview.remove.bundles).toEqual([{ id: demo!.id, name: 'Django Backend Bundle' }]);

    // Someone buys it (the demo's 100% coupon): it stays, and says why.
    const bought = await visitorCall(t, 'POST', '/create-order/', {
      ...guestBilling({ email: `demo-bundle-${Date.now()}@example.com` }),
      bundles: [demo!.id],
      coupon_code: 'FREECOURSE',
      total: 0,
      payment_method: 'Full_Discount',
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const after = (await admin.call('GET', '/admin/demo-content/')).json<DemoContent>();
    expect(after.remove.bundles).toEqual([]);
    expect(after.keep).toContainEqual({ kind: 'bundle', id: demo!.id, name: 'Django Backend Bundle', reason: 'An order names it.' });
    const removed = await admin.call('POST', '/admin/demo-content/remove/', { token: after.token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await t.handle.db.select({ id: bundles.id }).from(bundles).where(eq(bundles.id, demo!.id))).toHaveLength(1);
  });
});
