import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, visitorCall } from '../../../../test/admin.js';
import { createTestApp, freshIp, multipart, type TestApp } from '../../../../test/helpers.js';
import type { ClientReview, CourseListItem, CourseDetail, Instructor } from '../../../shared/catalog.js';
import { reviewMessages, type AdminInstructor, type AdminReview } from '../../../shared/site-content.js';
import { uploadMessages } from '../../../shared/uploads.js';
import { auditLog } from '../../db/schema/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let student: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  // Snapshots kept for a minute: the storefront must see a change through invalidation, not expiry.
  t = await createTestApp({ catalogCacheMs: 60_000 });
  admin = await signedIn(t, { isAdmin: true });
  student = await signedIn(t);
});
afterAll(() => t.close());

const storefrontInstructor = async () => (await t.app.inject({ url: '/api/v1/instructor-detail/' })).json<Instructor>();
const storefrontReviews = async () => (await t.app.inject({ url: '/api/v1/client-reviews/' })).json<{ count: number; results: ClientReview[] }>();
const auditActions = async (prefix: string) =>
  (await t.handle.db.select({ a: auditLog.action }).from(auditLog)).map((r) => r.a).filter((a) => a.startsWith(prefix));
function upload(url: string, data: Buffer) {
  const body = multipart({}, { field: 'image', name: 'me.png', type: 'image/png', data });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: body.payload,
    headers: { ...admin.headers, ...body.headers },
    remoteAddress: freshIp(),
  });
}
const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#228866' } })
    .png()
    .toBuffer();

describe('who may edit the site content', () => {
  it('answers 401 to a visitor and 403 to a student', async () => {
    for (const [method, url] of [
      ['GET', '/admin/instructor/'],
      ['PATCH', '/admin/instructor/'],
      ['POST', '/admin/instructor/photo/'],
      ['GET', '/admin/reviews/'],
      ['POST', '/admin/reviews/'],
      ['PUT', '/admin/reviews/order/'],
      ['PUT', '/admin/reviews/1/'],
      ['DELETE', '/admin/reviews/1/'],
      ['POST', '/admin/reviews/1/thumb/'],
    ] as const) {
      expect((await visitorCall(t, method, url, {})).statusCode, `${method} ${url}`).toBe(401);
      expect((await student.call(method, url, {})).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('instructor profile', () => {
  it('validates each field, sanitises the bio, saves, audits and shows on the storefront at once', async () => {
    await storefrontInstructor(); // warm the snapshot
    const bad = await admin.call('PATCH', '/admin/instructor/', {
      name: 'x',
      designation: '<b>Boss</b>',
      email: 'nope',
      facebook_link: 'javascript:alert(1)',
      github_link: 'https://evil.example.com/github.com',
      linkedin_link: 'http://linkedin.com/in/x',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['designation', 'email', 'facebook_link', 'github_link', 'linkedin_link', 'name']);
    expect((await admin.call('PATCH', '/admin/instructor/', { is_admin: true })).statusCode).toBe(400);
    expect((await admin.call('PATCH', '/admin/instructor/', { bio: 'x'.repeat(20_000) })).statusCode).toBe(400);

    const saved = await admin.call('PATCH', '/admin/instructor/', {
      name: 'Asha Rao',
      designation: 'Senior Python Engineer',
      bio: '<p>Teaches <strong>Django</strong>.</p><script>alert(1)</script>',
      github_link: 'https://github.com/asha',
      youtube_link: '',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<AdminInstructor>()).toMatchObject({
      name: 'Asha Rao',
      bio: '<p>Teaches <strong>Django</strong>.</p>',
      github_link: 'https://github.com/asha',
      youtube_link: null,
    });
    expect(await storefrontInstructor()).toMatchObject({ name: 'Asha Rao', designation: 'Senior Python Engineer', github_link: 'https://github.com/asha' });
    const course = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>()[0]!;
    expect((await t.app.inject({ url: `/api/v1/courses/${course.slug}/` })).json<CourseDetail>().instructor.name).toBe('Asha Rao');
    expect((await admin.call('GET', '/admin/instructor/')).json<AdminInstructor>().name).toBe('Asha Rao');
    const [row] = await t.handle.db.select().from(auditLog).where(eq(auditLog.action, 'instructor.update'));
    expect(row).toMatchObject({ after: { name: 'Asha Rao' } });
  });

  it('takes a photo (600×600 WebP), refuses what is not a picture, and deletes the replaced upload', async () => {
    const fake = await upload('/admin/instructor/photo/', Buffer.from('GIF89a but not really'));
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toEqual({ image: [uploadMessages.notImage] });
    const first = (await upload('/admin/instructor/photo/', await png(900, 1200))).json<AdminInstructor>().profile_picture;
    expect(first).toMatch(/^\/uploads\/images\/[\w-]+\.webp$/);
    expect(await sharp((await t.app.inject({ url: first })).rawPayload).metadata()).toMatchObject({ format: 'webp', width: 600, height: 600 });
    expect((await storefrontInstructor()).profile_picture).toBe(first);
    const second = (await upload('/admin/instructor/photo/', await png(300, 300))).json<AdminInstructor>().profile_picture;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: first })).statusCode).toBe(404);
    expect(await auditActions('instructor.photo')).toHaveLength(2);
  });
});

describe('reviews', () => {
  it('are added, validated, edited, given a picture, ordered and removed, and the storefront follows each change', async () => {
    const before = await storefrontReviews();
    const invalid = await admin.call('POST', '/admin/reviews/', { name: '', rating: 7, review: 'short', company: '<script>' });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json()).sort()).toEqual(['company', 'name', 'rating', 'review']);
    expect((await admin.call('POST', '/admin/reviews/', { name: 'Ana', rating: -1, review: 'A fine course indeed.' })).json()).toHaveProperty('rating');
    expect(
      (await admin.call('POST', '/admin/reviews/', { name: "Robert'); DROP TABLE client_reviews;--", rating: 5, review: 'x'.repeat(2001) })).statusCode,
    ).toBe(400);

    const created = await admin.call('POST', '/admin/reviews/', {
      name: 'Meera Iyer',
      company: 'Acme Labs',
      rating: 5,
      review: 'Clear, practical and\nworth every minute.',
    });
    expect(created.statusCode).toBe(201);
    const review = created.json<AdminReview>();
    expect(review).toMatchObject({ name: 'Meera Iyer', client_thumb: '', rating: 5 });
    const after = await storefrontReviews();
    expect(after.count).toBe(before.count + 1);
    expect(after.results.some((r) => r.name === 'Meera Iyer')).toBe(true);

    const edited = await admin.call('PUT', `/admin/reviews/${review.id}/`, {
      name: 'Meera Iyer',
      company: '',
      rating: 4,
      review: 'Clear and practical.' + ' Recommended.',
    });
    expect(edited.json<AdminReview>()).toMatchObject({ rating: 4, company: '' });
    expect((await admin.call('PUT', '/admin/reviews/999999/', { name: 'Nobody Here', rating: 3, review: 'Does not exist at all.' })).statusCode).toBe(404);
    expect((await admin.call('PUT', '/admin/reviews/abc/', { name: 'Nobody Here', rating: 3, review: 'Does not exist at all.' })).statusCode).toBe(400);

    const thumb = await upload(`/admin/reviews/${review.id}/thumb/`, await png(500, 400));
    expect(thumb.statusCode).toBe(200);
    const thumbPath = thumb.json<AdminReview>().client_thumb;
    expect(await sharp((await t.app.inject({ url: thumbPath })).rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });

    // Order: the new review first; the order must name every review once.
    const all = (await admin.call('GET', '/admin/reviews/')).json<AdminReview[]>();
    const ids = [review.id, ...all.map((r) => r.id).filter((id) => id !== review.id)];
    expect((await admin.call('PUT', '/admin/reviews/order/', { ids: ids.slice(1) })).json()).toEqual({ ids: [reviewMessages.orderMismatch] });
    expect((await admin.call('PUT', '/admin/reviews/order/', { ids: [...ids, ids[0]] })).statusCode).toBe(400);
    const ordered = await admin.call('PUT', '/admin/reviews/order/', { ids });
    expect(ordered.json<AdminReview[]>().map((r) => r.id)).toEqual(ids);
    expect((await storefrontReviews()).results[0]).toMatchObject({ id: review.id, rating: 4, client_thumb: thumbPath });

    expect((await admin.call('DELETE', `/admin/reviews/${review.id}/`)).statusCode).toBe(204);
    expect((await admin.call('DELETE', `/admin/reviews/${review.id}/`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: thumbPath })).statusCode).toBe(404);
    expect((await storefrontReviews()).count).toBe(before.count);
    expect(await auditActions('review.')).toEqual(['review.create', 'review.update', 'review.thumb', 'review.reorder', 'review.delete']);
  });
});
