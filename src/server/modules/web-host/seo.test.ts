import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseListItem } from '../../../shared/catalog.js';
import { eq } from 'drizzle-orm';
import { courseRatings, courses } from '../../db/schema/index.js';
import { publicMediaDir } from '../../db/seed/index.js';
import { DEFAULT_SHARE_IMAGE } from './service.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SITE_VERIFICATION: 'verify-token-123' } });
});
afterAll(() => t.close());

describe('server-rendered head', () => {
  it('answers a course page with its title, description, og tags, canonical link and Course JSON-LD', async () => {
    const course = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>()[0]!;
    for (const path of [`/courses/${course.slug}`, `/course/${course.slug}`, `/courses/${course.slug}/`]) {
      const res = await t.app.inject({ url: path, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const html = res.body;
      expect(html).toContain(`<title>${course.title.replace(/&/g, '&amp;')} | Course Details</title>`);
      expect(html).toContain(`<meta property="og:url" content="http://lectern.test/courses/${course.slug}">`);
      expect(html).toContain('<meta property="og:type" content="article">');
      expect(html).toMatch(/<meta property="og:title" content="[^"]+">/);
      expect(html).toMatch(/<meta property="og:description" content="[^"]+">/);
      // Share previews draw no SVG: a demo cover is shown through the JPEG rendered beside it.
      const preview = course.course_image.replace(/\.svg$/, '.jpg');
      expect(html).toContain(`<meta property="og:image" content="http://lectern.test${preview}">`);
      expect(existsSync(join(publicMediaDir, preview.slice('/media/'.length))), preview).toBe(true);
      expect(html).toContain(`<link rel="canonical" href="http://lectern.test/courses/${course.slug}">`);
      expect(html).toMatch(/<meta name="keywords" content="[^"]+">/);
      expect(html).toContain('<meta name="google-site-verification" content="verify-token-123">');
      const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.+?)<\/script>/.exec(html)![1]!);
      expect(jsonLd).toMatchObject({ '@type': 'Course', name: course.title });
    }
  });

  it('answers a bundle page with its title, Product JSON-LD and a JPEG preview; an unknown bundle is a real 404', async () => {
    const [bundle] = (await t.app.inject({ url: '/api/v1/bundles/' })).json<{ slug: string; title: string; cover_image: string }[]>();
    expect(bundle).toBeDefined();
    const res = await t.app.inject({ url: `/bundles/${bundle!.slug}`, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${bundle!.title} | Course Bundle</title>`);
    expect(res.body).toContain(`<link rel="canonical" href="http://lectern.test/bundles/${bundle!.slug}">`);
    expect(res.body).toContain('<meta property="og:type" content="product">');
    expect(res.body).toContain(`<meta property="og:image" content="http://lectern.test${bundle!.cover_image.replace(/\.svg$/, '.jpg')}">`);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.+?)<\/script>/.exec(res.body)![1]!);
    expect(jsonLd).toMatchObject({ '@type': 'Product', name: bundle!.title, offers: { '@type': 'Offer' } });

    const missing = await t.app.inject({ url: '/bundles/no-such-bundle', headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it("carries aggregateRating from the course's real reviews only: none for a course without any", async () => {
    const jsonLdOf = async (slug: string) => {
      const html = (await t.app.inject({ url: `/courses/${slug}`, headers: { accept: 'text/html' } })).body;
      return JSON.parse(/<script type="application\/ld\+json">(.+?)<\/script>/.exec(html)![1]!) as { aggregateRating?: unknown };
    };
    const [course] = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>();
    expect(course!.ratings_count).toBeGreaterThan(0);
    expect((await jsonLdOf(course!.slug)).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: course!.ratings,
      ratingCount: course!.ratings_count,
      bestRating: 5,
    });
    // Its reviews gone, the course is new again: no rating at all rather than 0.
    await t.handle.db.delete(courseRatings).where(eq(courseRatings.courseId, course!.id));
    await t.handle.db.update(courses).set({ ratingAverage: '0', ratingCount: 0 }).where(eq(courses.id, course!.id));
    expect((await jsonLdOf(course!.slug)).aggregateRating).toBeUndefined();
  });

  it.each([
    ['/', 'Project-Based Programming Courses'],
    ['/courses', 'Courses | Project-Based'],
    ['/services', 'Services'],
    ['/contact', 'Contact'],
    ['/roadmap', 'Roadmap'],
    ['/subscribe', 'Membership'],
    ['/course-reviews', 'Reviews'],
    ['/terms-and-conditions', 'Terms'],
    ['/privacy-policy', 'Privacy'],
    ['/cancellation-refund-policy', 'Refund'],
  ])('answers %s with its own title and og tags', async (path, title) => {
    const res = await t.app.inject({ url: path });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(new RegExp(`<title>[^<]*${title.replace(/[|]/g, '\\|')}[^<]*</title>`));
    expect(res.body).toContain(`<meta property="og:url" content="http://lectern.test${path}">`);
    expect(res.body).toContain('<meta property="og:type" content="website">');
    expect(res.body).toContain(`<meta property="og:image" content="http://lectern.test${DEFAULT_SHARE_IMAGE}">`);
  });

  it('gives share previews a picture they can draw: the default one is a 1200×630 JPEG', async () => {
    const picture = await sharp(join(publicMediaDir, DEFAULT_SHARE_IMAGE.slice('/media/'.length))).metadata();
    expect(picture).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  });

  it("answers the email preferences page (an email footer's link, its token in the query) with its own head, kept out of search engines and the sitemap", async () => {
    for (const path of ['/email-preferences?token=12.3.abc', '/email-preferences/', '/email-preferences']) {
      const res = await t.app.inject({ url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain('<title>Email Preferences | Lectern</title>');
      expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
    }
    expect((await t.app.inject({ url: '/sitemap.xml' })).body).not.toContain('email-preferences');
  });

  it('answers an unknown page and an unknown course with 404 HTML, and an unknown API path with 404 JSON', async () => {
    const page = await t.app.inject({ url: '/definitely-not-a-page' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Page Not Found');
    expect((await t.app.inject({ url: '/courses/no-such-course' })).statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/v1/nothing-here/' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not found.' });
  });

  it('serves a sitemap with every public page, course and bundle on sale, and robots.txt pointing at it', async () => {
    const courses = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>();
    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    for (const path of ['/', '/courses', '/services', '/contact', '/roadmap', '/subscribe'])
      expect(sitemap.body).toContain(`<loc>http://lectern.test${path}</loc>`);
    expect(courses.length).toBeGreaterThan(0);
    for (const course of courses) expect(sitemap.body).toContain(`<loc>http://lectern.test/courses/${course.slug}</loc>`);
    const bundles = (await t.app.inject({ url: '/api/v1/bundles/' })).json<{ slug: string }[]>();
    expect(bundles.length).toBeGreaterThan(0);
    for (const bundle of bundles) expect(sitemap.body).toContain(`<loc>http://lectern.test/bundles/${bundle.slug}</loc>`);
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: http://lectern.test/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
  });
});
