import { otherPaths, pageMeta, publicPaths, type PageMeta } from '../../../shared/pages.js';
import type { Database } from '../../db/client.js';
import { imageFallbackPath } from '../../lib/images.js';
import { DEFAULT_REGION } from '../../../shared/regions.js';
import { currentSlugFor, getCourseMeta, getPublishedBundle, listPublishedBundles, listSitemapCourses } from '../catalog/index.js';
import { letterHeadFacts } from '../projects/index.js';
import { renderHead, type HeadOptions } from './head.js';

export interface RenderedPage {
  status: 200 | 301 | 404;
  head: string;
  /** For 301: where the page lives now (a course whose address changed). */
  location?: string;
}

/** The link-preview picture of a page without one of its own (rendered from og-default.svg: `npm run media:previews`). */
export const DEFAULT_SHARE_IMAGE = '/media/og-default.jpg';

const absolute = (base: string, pathOrUrl: string) => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${base}${pathOrUrl}`);

/** Works out the head of any client route, reading the course for course pages. */
export async function headForPath(db: Database, publicUrl: string, pathname: string, siteVerification?: string): Promise<RenderedPage> {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const base: Omit<HeadOptions, 'meta'> = {
    url: `${publicUrl}${clean === '/' ? '/' : clean}`,
    image: `${publicUrl}${DEFAULT_SHARE_IMAGE}`,
    type: 'website',
    siteVerification,
  };

  const course = /^\/courses?\/([^/]+)$/.exec(clean);
  if (course?.[1]) {
    const row = await getCourseMeta(db, decodeURIComponent(course[1]));
    if (row) {
      const url = `${publicUrl}/courses/${row.slug}`;
      const meta: PageMeta = {
        title: row.seoTitle || `${row.title} | ${pageMeta.courseDetail.title}`,
        description: row.seoDescription || row.subtitle,
        keywords: `${row.title}, ${pageMeta.courseDetail.keywords}`,
      };
      const jsonLd = {
        '@context': 'https://schema.org',
        '@type': 'Course',
        name: row.title,
        description: row.subtitle,
        url,
        image: absolute(publicUrl, row.courseImage),
        inLanguage: 'en',
        educationalLevel: row.complexity,
        isAccessibleForFree: row.courseType === 'free',
        provider: { '@type': 'Organization', name: 'Lectern', sameAs: publicUrl },
        instructor: { '@type': 'Person', name: row.instructorName },
        ...(row.ratingCount > 0
          ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: Number(row.ratingAverage), ratingCount: row.ratingCount, bestRating: 5 } }
          : {}),
      };
      return { status: 200, head: renderHead({ ...base, url, meta, image: absolute(publicUrl, imageFallbackPath(row.courseImage)), type: 'article', jsonLd }) };
    }
    const moved = await currentSlugFor(db, decodeURIComponent(course[1]));
    if (moved) return { status: 301, head: '', location: `/courses/${encodeURIComponent(moved)}` };
    return { status: 404, head: renderHead({ ...base, meta: pageMeta.notFound }) };
  }

  // A bundle on sale: its page, with its cover and courses for a share preview; anything else is a real 404.
  const bundle = /^\/bundles\/([^/]+)$/.exec(clean);
  if (bundle?.[1]) {
    const row = await getPublishedBundle(db, decodeURIComponent(bundle[1]), DEFAULT_REGION);
    if (!row) return { status: 404, head: renderHead({ ...base, meta: pageMeta.notFound }) };
    const url = `${publicUrl}/bundles/${row.slug}`;
    const titles = row.courses.map((c) => c.title);
    const meta: PageMeta = {
      title: `${row.title} | ${pageMeta.bundleDetail.title}`,
      description: `${titles.length} courses together: ${titles.join(', ')}.`,
      keywords: `${row.title}, ${titles.join(', ')}, ${pageMeta.bundleDetail.keywords}`,
    };
    const image = row.coverImage || row.courses[0]?.course_image || DEFAULT_SHARE_IMAGE;
    const jsonLd = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: row.title,
      description: meta.description,
      url,
      image: absolute(publicUrl, image),
      offers: { '@type': 'Offer', price: row.price.amount, priceCurrency: row.price.currency.toUpperCase(), availability: 'https://schema.org/InStock', url },
    };
    return { status: 200, head: renderHead({ ...base, url, meta, image: absolute(publicUrl, imageFallbackPath(image)), type: 'product', jsonLd }) };
  }

  // A pre-experience letter: public, so a shared link shows who earned it, for what, and its picture.
  const letter = /^\/letters\/([^/]+)$/.exec(clean);
  if (letter?.[1]) {
    const facts = await letterHeadFacts(db, decodeURIComponent(letter[1]));
    if (!facts) return { status: 404, head: renderHead({ ...base, meta: pageMeta.notFound }) };
    const meta: PageMeta = {
      title: `${facts.studentName}: pre-experience letter for ${facts.projectTitle} | Lectern`,
      description: facts.revoked
        ? `This pre-experience letter (${facts.number}) was revoked.`
        : `${facts.studentName} completed the project "${facts.projectTitle}" of "${facts.courseTitle}", reviewed personally by ${facts.reviewerName}. Letter ${facts.number}: verify it here.`,
      keywords: `pre-experience letter, ${facts.projectTitle}, ${facts.courseTitle}`,
    };
    return { status: 200, head: renderHead({ ...base, meta, image: `${publicUrl}/api/v1/letters/${facts.letterId}/image/`, type: 'article' }) };
  }

  const known = publicPaths.find((p) => p.path === clean);
  if (known) return { status: 200, head: renderHead({ ...base, meta: pageMeta[known.page] }) };
  const other = otherPaths.find((p) => p.pattern.test(clean));
  if (other) return { status: 200, head: renderHead({ ...base, meta: pageMeta[other.page] }) };
  return { status: 404, head: renderHead({ ...base, meta: pageMeta.notFound }) };
}

export async function renderSitemap(db: Database, publicUrl: string): Promise<string> {
  const [courses, bundles] = await Promise.all([listSitemapCourses(db), listPublishedBundles(db, DEFAULT_REGION)]);
  const urls = [
    ...publicPaths.map((p) => `  <url><loc>${publicUrl}${p.path}</loc><changefreq>weekly</changefreq></url>`),
    ...courses.map(
      (c) => `  <url><loc>${publicUrl}/courses/${encodeURIComponent(c.slug)}</loc><lastmod>${c.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`,
    ),
    // The bundles on sale (a bundle whose course left the storefront is not).
    ...bundles.map((b) => `  <url><loc>${publicUrl}/bundles/${encodeURIComponent(b.slug)}</loc></url>`),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function renderRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /checkout',
    'Disallow: /dashboard',
    'Disallow: /lesson/',
    'Disallow: /dev/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
