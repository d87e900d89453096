import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseDetailSchema, courseListSchema, type CourseDetail, type CourseListItem } from '../../../shared/catalog.js';
import { seedBenchCatalog } from '../../db/seed/index.js';
import { createTestApp, createVerifiedUser, loginAs, type TestApp } from '../../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { GEO_COUNTRY_HEADER: 'cf-ipcountry', TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/v1/courses/', () => {
  it('lists published courses with the spec fields', async () => {
    const res = await get('/api/v1/courses/');
    expect(res.statusCode).toBe(200);
    const list = courseListSchema.parse(res.json());
    expect(list.length).toBeGreaterThanOrEqual(12);
    expect(list.some((c) => c.course_type === 'free')).toBe(true);
    const paid = list.find((c) => c.course_type === 'paid')!;
    expect(paid).toMatchObject({ id: expect.any(Number), slug: expect.any(String), course_image: expect.stringMatching(/^\/media\//) });
    expect(paid.country_price).toMatchObject({ currency: 'USD', symbol: '$', country: 'US' });
    expect(paid.country_price.amount).toBeGreaterThan(0);
    for (const free of list.filter((c) => c.course_type === 'free')) expect(free.country_price.amount).toBe(0);
  });

  it('prices by the country of the connection: India in INR, the UK in GBP, Germany in EUR, elsewhere USD', async () => {
    const byCountry = async (country: string) =>
      (await get('/api/v1/courses/', { 'cf-ipcountry': country })).json<CourseListItem[]>().find((c) => c.course_type === 'paid')!;
    expect((await byCountry('IN')).country_price).toMatchObject({ currency: 'INR', symbol: '₹', country: 'IN' });
    expect((await byCountry('GB')).country_price).toMatchObject({ currency: 'GBP', symbol: '£' });
    expect((await byCountry('DE')).country_price).toMatchObject({ currency: 'EUR', symbol: '€', country: 'EU' });
    expect((await byCountry('BR')).country_price).toMatchObject({ currency: 'USD', symbol: '$' });
  });

  it('falls back to the bundled country database for the client address', async () => {
    const res = await get('/api/v1/courses/', { 'x-forwarded-for': '49.44.1.1' });
    expect(res.json<CourseListItem[]>().find((c) => c.course_type === 'paid')!.country_price.currency).toBe('INR');
  });

  it('never lets the ip query parameter choose a cheaper country', async () => {
    const res = await get('/api/v1/courses/?ip=49.44.1.1', { 'cf-ipcountry': 'US' });
    expect(res.statusCode).toBe(200);
    expect(res.json<CourseListItem[]>().find((c) => c.course_type === 'paid')!.country_price.currency).toBe('USD');
  });

  it('sends ETag and Cache-Control and answers 304 to a matching If-None-Match', async () => {
    const first = await get('/api/v1/courses/');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toContain('max-age');
    const second = await get('/api/v1/courses/', { 'if-none-match': etag });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
    const other = await get('/api/v1/courses/', { 'if-none-match': '"stale"' });
    expect(other.statusCode).toBe(200);
  });

  it('sends the same list compressed to a client that accepts brotli or gzip, with its own ETag', async () => {
    const plain = await get('/api/v1/courses/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/api/v1/courses/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gzip = await get('/api/v1/courses/', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    expect((await get('/api/v1/courses/', { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string })).statusCode).toBe(304);
    expect((await get('/api/v1/courses/', { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
  });
});

describe('GET /api/v1/courses/{slug}/', () => {
  async function detail(slug: string, headers: Record<string, string> = {}) {
    const res = await get(`/api/v1/courses/${slug}/`, headers);
    expect(res.statusCode).toBe(200);
    return courseDetailSchema.parse(res.json());
  }
  const firstPaid = async () => (await get('/api/v1/courses/')).json<CourseListItem[]>().find((c) => c.course_type === 'paid')!;

  it('returns the detail of spec section 3', async () => {
    const course = await detail((await firstPaid()).slug);
    expect(course.category.category_name).toBeTruthy();
    expect(course.instructor.name).toBeTruthy();
    expect(course.sections.length).toBeGreaterThanOrEqual(4);
    expect(course.total_lessons).toBe(course.sections.reduce((n, s) => n + s.lessons.length, 0));
    expect(course.total_lessons).toBeGreaterThanOrEqual(25);
    expect(course.course_status).toBe('not enrolled');
    expect(course.student_progress).toBe(0);
    expect(course.country_price).toHaveProperty('currency');
    expect(course.country_price).toHaveProperty('country');
    const orders = course.sections.flatMap((s) => s.lessons.map((l) => l.global_order));
    expect(orders.length).toBeGreaterThan(0);
    expect(orders).toEqual(orders.map((_, i) => i + 1));
    for (const section of course.sections) for (const lesson of section.lessons) expect(lesson.section_uuid).toBe(section.uuid);
  });

  it('never sends a locked lesson its video source, article content or resource link', async () => {
    const list = (await get('/api/v1/courses/')).json<CourseListItem[]>();
    let locked = 0;
    let previews = 0;
    for (const item of list) {
      const course: CourseDetail = await detail(item.slug);
      for (const lesson of course.sections.flatMap((s) => s.lessons)) {
        if (lesson.enable_preview) {
          previews++;
          expect(lesson.is_locked).toBe(false);
          expect(lesson.video_source ?? lesson.lesson_content).toBeTruthy();
        } else {
          locked++;
          expect(lesson).toMatchObject({ is_locked: true, video_source: null, lesson_content: null, upload_resource: null });
        }
      }
      const raw = JSON.stringify(course);
      for (const lesson of course.sections.flatMap((s) => s.lessons).filter((l) => !l.enable_preview)) expect(raw).not.toContain(`"${lesson.uuid}","video`);
    }
    expect(locked).toBeGreaterThan(0);
    expect(previews).toBeGreaterThan(0);
  });

  it('reads the detail in a fixed number of queries whatever the curriculum size', async () => {
    await seedBenchCatalog(t.handle.db, { courses: 2, sections: 9, lessons: 14 });
    const small = (await get('/api/v1/courses/')).json<CourseListItem[]>().find((c) => c.total_lessons < 40)!;
    t.queries.length = 0;
    await detail(small.slug);
    const smallCount = t.queries.length;
    t.queries.length = 0;
    const big = await detail('bench-course-1');
    expect(big.total_lessons).toBe(9 * 14);
    expect(t.queries.length).toBe(smallCount);
    expect(smallCount).toBeLessThanOrEqual(5);
  });

  it('answers 404 for an unknown slug and 400 for a malformed one, never 500', async () => {
    expect((await get('/api/v1/courses/no-such-course/')).statusCode).toBe(404);
    expect([400, 414]).toContain((await get(`/api/v1/courses/${'x'.repeat(300)}/`)).statusCode);
    expect((await get("/api/v1/courses/'%20or%201=1--/")).statusCode).toBe(404);
  });

  it('is reachable without the trailing slash', async () => {
    const { slug } = await firstPaid();
    expect((await get(`/api/v1/courses/${slug}`)).statusCode).toBe(200);
  });

  it('sanitises HTML from the database', async () => {
    const { slug } = await firstPaid();
    const course = await detail(slug);
    expect(course.course_description).not.toMatch(/<script|onerror=|javascript:/i);
    expect(course.instructor.bio).not.toMatch(/<script|onerror=/i);
  });
});

describe('other catalog reads', () => {
  it('GET /instructor-detail/ returns the instructor', async () => {
    const res = await get('/api/v1/instructor-detail/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: expect.any(String),
      designation: expect.any(String),
      bio: expect.stringContaining('<p>'),
      profile_picture: expect.any(String),
    });
    expect(res.headers.etag).toBeTruthy();
  });

  it('GET /client-reviews/ returns results', async () => {
    const body = (await get('/api/v1/client-reviews/')).json<{ count: number; results: { rating: number }[] }>();
    expect(body.results.length).toBeGreaterThanOrEqual(8);
    expect(body.count).toBe(body.results.length);
    for (const r of body.results) expect(r.rating).toBeLessThanOrEqual(5);
    expect((await get('/api/v1/client-reviews/?page=abc')).statusCode).toBe(400);
  });

  it('GET /membership-plan/ returns monthly, yearly and lifetime priced for the visitor', async () => {
    const plans = (await get('/api/v1/membership-plan/?ip=1.1.1.1', { 'cf-ipcountry': 'IN' })).json<
      { plan_type: string; country_price: { currency: string; country_code: string; amount: number } }[]
    >();
    expect(plans.map((p) => p.plan_type).sort()).toEqual(['lifetime', 'monthly', 'yearly']);
    for (const plan of plans) expect(plan.country_price).toMatchObject({ currency: 'INR', country_code: 'IN' });
  });

  it('GET /roadmap/ returns the eight steps in order', async () => {
    const steps = (await get('/api/v1/roadmap/')).json<{ position: number; course: { slug: string } }[]>();
    expect(steps).toHaveLength(8);
    expect(steps.map((s) => s.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('resource downloads', () => {
  it('serve a lesson resource through its signed link and refuse a tampered one', async () => {
    // The demo catalog's resources are on premium lessons: an admin's detail carries their signed links.
    const admin = await createVerifiedUser(t, { isAdmin: true });
    const { access } = await loginAs(t, admin.email);
    const list = (await get('/api/v1/courses/')).json<CourseListItem[]>();
    let link: string | null = null;
    for (const item of list) {
      const course = courseDetailSchema.parse((await get(`/api/v1/courses/${item.slug}/`, { authorization: `Bearer ${access}` })).json());
      link = course.sections.flatMap((s) => s.lessons).find((l) => l.upload_resource)?.upload_resource ?? null;
      if (link) break;
    }
    expect(link).toEqual(expect.stringContaining('signature='));
    const ok = await get(link!);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-disposition']).toContain('attachment');
    expect((await get(link!.replace(/signature=[^&]+/, 'signature=forged'))).statusCode).toBe(403);
    expect((await get(link!.replace(/expires=\d+/, `expires=${Date.now() - 1000}`))).statusCode).toBe(403);
    expect((await get('/api/v1/resources/1/download/?expires=99999999999999&signature=abc')).statusCode).toBe(403);
  });
});
