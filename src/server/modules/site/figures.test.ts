/**
 * Issue 25 item 9: the home page's stats strip, the subscribe page's claims and the testimonials'
 * wording come from Settings, else from what the database knows; the demo seed keeps the spec's
 * figures. The answer is kept with the catalog's snapshots: a page render never counts rows, and a
 * settings save is seen at once. The site's name and logo reach every page through /site-config/.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../../test/admin.js';
import { createTestApp, freshIp, multipart, type TestApp } from '../../../../test/helpers.js';
import type { SiteSettings } from '../../../shared/admin.js';
import type { AdminFigures } from '../../../shared/admin.js';
import { computedFigures, demoFigures } from '../../../shared/figures.js';
import type { SiteFigures } from '../../../shared/site.js';
import type { SiteConfig } from '../../../shared/site.js';
import { uploadMessages } from '../../../shared/uploads.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  // Snapshots kept for a minute: a change must be seen through invalidation, not expiry.
  t = await createTestApp({ catalogCacheMs: 60_000 });
  admin = await signedIn(t, { isAdmin: true });
});
afterAll(() => t.close());

const figures = async () => {
  const res = await t.app.inject({ url: '/api/v1/site-figures/', remoteAddress: freshIp() });
  expect(res.statusCode).toBe(200);
  return res.json<SiteFigures>();
};
const save = (body: Record<string, string>) => admin.call('PATCH', '/admin/settings/', body);

describe('the figures', () => {
  it("are the spec's on the demo, marked as the demo's in Settings", async () => {
    expect(await figures()).toEqual({
      home: { courses: '10+', rating: '4.8+', students: '75K+', letters: '2000+' },
      subscribe: { students: '75k+', courses: '10+', hours: '100+', rating: '4.9', success: '95%' },
      testimonials: { title: 'What students and clients say', subtitle: 'Learners who built their projects with us, and businesses we built software for.' },
    });
    const settings = (await admin.call('GET', '/admin/settings/')).json<SiteSettings>();
    expect(settings.home_stat_students).toBe(demoFigures.home_stat_students);
    expect(settings.sources.home_stat_students).toBe('demo');
    expect(settings.sources.testimonials_title).toBe('unset');
  });

  it('fall back to what the database knows when cleared, as the studio shows it', async () => {
    const defaults = (await admin.call('GET', '/admin/site-figures/')).json<AdminFigures>();
    expect(defaults.facts.published_courses).toBe(13);
    expect(defaults.facts.letters).toBe(2);
    expect(defaults.facts.ratings).toBeGreaterThan(50);
    expect(defaults.facts.students).toBeGreaterThan(90_000); // the courses' baselines and the demo's students
    expect(defaults.computed).toEqual(computedFigures(defaults.facts));
    expect(defaults.computed.home_stat_courses).toBe('10+');
    expect(defaults.computed.subscribe_stat_success).toBeNull();

    const cleared = await save({ home_stat_courses: '', home_stat_letters: '', subscribe_stat_success: '', subscribe_stat_hours: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<SiteSettings>().sources.home_stat_courses).toBe('unset');
    const shown = await figures();
    expect(shown.home.courses).toBe('10+');
    expect(shown.home.letters).toBe('2');
    expect(shown.subscribe.success).toBeNull(); // nothing in the database says a success rate: hidden
    expect(shown.subscribe.hours).toBe(defaults.computed.subscribe_stat_hours);
    expect(shown.home.students).toBe('75K+'); // still the demo's
  });

  it("take the instructor's own value, and the testimonials' wording, at once despite the cache", async () => {
    await figures(); // cached
    t.queries.length = 0;
    await figures();
    expect(t.queries).toEqual([]); // served from the snapshot: no query at all

    expect((await save({ home_stat_students: '80K+', testimonials_title: 'Straight from our learners' })).statusCode).toBe(200);
    const shown = await figures();
    expect(shown.home.students).toBe('80K+');
    expect(shown.testimonials.title).toBe('Straight from our learners');
    expect((await admin.call('GET', '/admin/settings/')).json<SiteSettings>().sources.home_stat_students).toBe('studio');
  });

  it('refuse what is not a short plain figure, saving nothing', async () => {
    for (const body of [
      { home_stat_students: '<b>80K</b>' },
      { home_stat_students: '1234567890123' },
      { subscribe_stat_rating: 'a\u0007' },
      { home_stat_bogus: '1' },
    ] as Record<string, string>[]) {
      const res = await save(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await figures()).home.students).toBe('80K+');
  });
});

describe("the site's name and logo", () => {
  const config = async () => (await t.app.inject({ url: '/api/v1/site-config/', remoteAddress: freshIp() })).json<SiteConfig>();
  const uploadLogo = (data: Buffer) => {
    const body = multipart({}, { field: 'image', name: 'logo.png', type: 'image/png', data });
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/settings/logo/',
      payload: body.payload,
      headers: { ...admin.headers, ...body.headers },
      remoteAddress: freshIp(),
    });
  };

  it('are Lectern and no logo until set, then what Settings says', async () => {
    expect(await config()).toMatchObject({ site_name: 'Lectern', logo_url: null });
    expect((await save({ site_name: '  Kapoor Academy ' })).json<SiteSettings>().site_name).toBe('Kapoor Academy');
    expect((await config()).site_name).toBe('Kapoor Academy');
    expect((await save({ site_name: '<script>' })).statusCode).toBe(400);
  });

  it('takes a logo (a WebP within 512×512, transparency kept), refuses what is not a picture, and removes it', async () => {
    const notImage = await uploadLogo(Buffer.from('not a picture'));
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json()).toEqual({ image: [uploadMessages.notImage] });
    const wide = await sharp({ create: { width: 1200, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const saved = await uploadLogo(wide);
    expect(saved.statusCode, saved.body).toBe(200);
    const logo = saved.json<SiteSettings>().site_logo;
    expect(logo).toMatch(/^\/uploads\/images\/.+\.webp$/);
    expect((await config()).logo_url).toBe(logo);
    const served = await t.app.inject({ url: logo });
    const meta = await sharp(served.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, alpha: meta.hasAlpha }).toEqual({
      format: 'webp',
      width: 512,
      height: 128,
      alpha: true,
    });

    const removed = await admin.call('DELETE', '/admin/settings/logo/');
    expect(removed.json<SiteSettings>().site_logo).toBe('');
    expect((await config()).logo_url).toBeNull();
    expect((await t.app.inject({ url: logo })).statusCode).toBe(404); // the upload is deleted
  });
});
