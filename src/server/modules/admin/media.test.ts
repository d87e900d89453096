import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, visitorCall } from '../../../../test/admin.js';
import { createTestApp, freshIp, multipart, type TestApp } from '../../../../test/helpers.js';
import type { AdminCourse } from '../../../shared/admin.js';
import type { CourseDetail, CourseListItem } from '../../../shared/catalog.js';
import { uploadLimits, uploadMessages } from '../../../shared/uploads.js';
import { auditLog } from '../../db/schema/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let student: Awaited<ReturnType<typeof signedIn>>;
let course: AdminCourse;
let lessonId: number;

beforeAll(async () => {
  // Snapshots kept for a minute: the storefront must see a change through invalidation, not expiry.
  t = await createTestApp({ catalogCacheMs: 60_000 });
  admin = await signedIn(t, { isAdmin: true });
  student = await signedIn(t);
  const listed = (await t.app.inject({ url: '/api/v1/courses/', headers: { 'cf-ipcountry': 'US' } })).json<CourseListItem[]>();
  const paid = listed.find((c) => c.course_type === 'paid')!;
  course = (await admin.call('GET', `/admin/courses/${paid.id}/`)).json<AdminCourse>();
  lessonId = course.sections.flatMap((s) => s.lessons).find((l) => !l.enable_preview)!.id;
});
afterAll(() => t.close());

const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
function storedFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(path.relative(uploadsDir(), full));
    }
  };
  walk(uploadsDir());
  return out.sort();
}

type Caller = { headers: Record<string, string> } | undefined;
function send(who: Caller, url: string, file: { field: string; name: string; type: string; data: Buffer }) {
  const body = multipart({}, file);
  return t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: body.payload, headers: { ...who?.headers, ...body.headers }, remoteAddress: freshIp() });
}
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3355aa' } })
    .png()
    .toBuffer();
const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const detail = async (who?: Caller) =>
  (await t.app.inject({ url: `/api/v1/courses/${course.slug}/`, headers: { 'cf-ipcountry': 'US', ...who?.headers } })).json<CourseDetail>();
const lessonOf = (d: CourseDetail) => d.sections.flatMap((s) => s.lessons).find((l) => l.id === lessonId)!;
const fetchBytes = async (url: string) => {
  const res = await t.app.inject({ url });
  return { status: res.statusCode, type: res.headers['content-type'], disposition: res.headers['content-disposition'], bytes: res.rawPayload };
};

describe('who may upload', () => {
  it('answers 401 to a visitor and 403 to a student before reading the file, and stores nothing', async () => {
    const before = storedFiles();
    const image = { field: 'image', name: 'cover.png', type: 'image/png', data: await picture(64, 36) };
    const file = { field: 'file', name: 'notes.pdf', type: 'application/pdf', data: pdf };
    expect((await send(undefined, `/admin/courses/${course.id}/image/`, image)).statusCode).toBe(401);
    expect((await send(student, `/admin/courses/${course.id}/image/`, image)).statusCode).toBe(403);
    expect((await send(undefined, `/admin/lessons/${lessonId}/resource/`, file)).statusCode).toBe(401);
    expect((await send(student, `/admin/lessons/${lessonId}/resource/`, file)).statusCode).toBe(403);
    expect((await visitorCall(t, 'DELETE', '/admin/resources/1/')).statusCode).toBe(401);
    expect((await student.call('DELETE', '/admin/resources/1/')).statusCode).toBe(403);
    expect(storedFiles()).toEqual(before);
  });
});

describe('course image', () => {
  it('is cropped to 1280×720, stored as WebP with a JPEG beside it, shown on the storefront at once and audited', async () => {
    await detail(); // the storefront's snapshot is warm
    const res = await send(admin, `/admin/courses/${course.id}/image/`, {
      field: 'image',
      name: 'cover.png',
      type: 'image/png',
      data: await picture(2000, 1500),
    });
    expect(res.statusCode).toBe(200);
    const imagePath = res.json<AdminCourse>().course_image;
    expect(imagePath).toMatch(/^\/uploads\/images\/[\w-]+\.webp$/);

    const webp = await fetchBytes(imagePath);
    expect(webp.status).toBe(200);
    expect(webp.type).toBe('image/webp');
    expect(await sharp(webp.bytes).metadata()).toMatchObject({ format: 'webp', width: 1280, height: 720 });
    const jpeg = await fetchBytes(imagePath.replace(/\.webp$/, '.jpg'));
    expect(await sharp(jpeg.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });

    expect((await detail()).course_image).toBe(imagePath);
    // Link previews get the JPEG (not every site that unfurls links reads WebP).
    const page = await t.app.inject({ url: `/courses/${course.slug}`, headers: { accept: 'text/html' } });
    expect(page.body).toContain(`<meta property="og:image" content="http://lectern.test${imagePath.replace(/\.webp$/, '.jpg')}">`);

    const [audit] = await t.handle.db.select().from(auditLog).where(eq(auditLog.action, 'course.image'));
    expect(audit).toMatchObject({ entityId: String(course.id), after: { course_image: imagePath } });

    // A second upload replaces the first, whose files are deleted.
    const again = await send(admin, `/admin/courses/${course.id}/image/`, {
      field: 'image',
      name: 'small.jpg',
      type: 'image/jpeg',
      data: await picture(320, 180),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<AdminCourse>().course_image).not.toBe(imagePath);
    expect((await fetchBytes(imagePath)).status).toBe(404);
    expect((await fetchBytes(imagePath.replace(/\.webp$/, '.jpg'))).status).toBe(404);
  });

  it('refuses what is not a picture (415), a missing file (400), a body that is not multipart (415) and an unknown course (404), storing nothing', async () => {
    const before = storedFiles();
    const fake = await send(admin, `/admin/courses/${course.id}/image/`, {
      field: 'image',
      name: 'cover.png',
      type: 'image/png',
      data: Buffer.from('<svg onload="alert(1)"></svg>'),
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toEqual({ image: [uploadMessages.notImage] });
    const truncated = (await picture(300, 200)).subarray(0, 200);
    expect((await send(admin, `/admin/courses/${course.id}/image/`, { field: 'image', name: 'x.png', type: 'image/png', data: truncated })).statusCode).toBe(
      415,
    );
    const wrongField = await send(admin, `/admin/courses/${course.id}/image/`, {
      field: 'picture',
      name: 'x.png',
      type: 'image/png',
      data: await picture(10, 10),
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ image: [uploadMessages.missingFile] });
    expect((await admin.call('POST', `/admin/courses/${course.id}/image/`, { image: 'data:image/png;base64,AAAA' })).statusCode).toBe(415);
    expect(
      (await send(admin, '/admin/courses/999999/image/', { field: 'image', name: 'x.png', type: 'image/png', data: await picture(10, 10) })).statusCode,
    ).toBe(404);
    expect(
      (await send(admin, '/admin/courses/..%2f..%2fetc/image/', { field: 'image', name: 'x.png', type: 'image/png', data: await picture(10, 10) })).statusCode,
    ).toBe(400);
    const broken = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/courses/${course.id}/image/`,
      payload: '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nnot closed',
      headers: { ...admin.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    expect(storedFiles()).toEqual(before);
  });
});

describe('oversized uploads', () => {
  it('answer 413 with a clear message and leave nothing in storage', async () => {
    const before = storedFiles();
    const huge = Buffer.alloc(50 * 1024 * 1024, 0x41);
    huge.write('%PDF-1.7\n');
    const resource = await send(admin, `/admin/lessons/${lessonId}/resource/`, { field: 'file', name: 'big.pdf', type: 'application/pdf', data: huge });
    expect(resource.statusCode).toBe(413);
    expect(resource.json()).toEqual({ file: [uploadMessages.tooLarge(uploadLimits.resourceBytes)] });
    expect(resource.json<{ file: string[] }>().file[0]).toBe('This file is larger than 25 MB. Choose a smaller file.');
    const image = await send(admin, `/admin/courses/${course.id}/image/`, {
      field: 'image',
      name: 'big.png',
      type: 'image/png',
      data: huge.subarray(0, 11 * 1024 * 1024),
    });
    expect(image.statusCode).toBe(413);
    expect(image.json()).toEqual({ image: [uploadMessages.tooLarge(uploadLimits.imageBytes)] });

    // A file just over the limit (its declared length within the allowance for the envelope) is cut off while streaming.
    const body = multipart({}, { field: 'file', name: 'big.pdf', type: 'application/pdf', data: huge.subarray(0, uploadLimits.resourceBytes + 1) });
    const justOver = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/lessons/${lessonId}/resource/`,
      payload: body.payload,
      headers: { ...admin.headers, ...body.headers, 'content-length': String(body.payload.length) },
    });
    expect(justOver.statusCode).toBe(413);
    expect(storedFiles()).toEqual(before);
    const resources = (await admin.call('GET', `/admin/courses/${course.id}/`))
      .json<AdminCourse>()
      .sections.flatMap((s) => s.lessons)
      .find((l) => l.id === lessonId)!.resources;
    expect(resources.some((r) => r.file_name === 'big.pdf')).toBe(false);
  });
});

describe('lesson resources', () => {
  it('are checked by content, downloadable by an enrolled student, refused to a non-buyer, replaced and removed', async () => {
    const notPdf = await send(admin, `/admin/lessons/${lessonId}/resource/`, {
      field: 'file',
      name: 'notes.pdf',
      type: 'application/pdf',
      data: Buffer.from('MZ\x90\x00 this is a windows program'),
    });
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json()).toEqual({ file: [uploadMessages.resourceType] });
    const binaryText = await send(admin, `/admin/lessons/${lessonId}/resource/`, {
      field: 'file',
      name: 'x.txt',
      type: 'text/plain',
      data: Buffer.from([0x61, 0, 0x62]),
    });
    expect(binaryText.statusCode).toBe(415);
    expect((await send(admin, '/admin/lessons/999999/resource/', { field: 'file', name: 'n.pdf', type: 'application/pdf', data: pdf })).statusCode).toBe(404);

    const res = await send(admin, `/admin/lessons/${lessonId}/resource/`, {
      field: 'file',
      name: '../../etc/Lesson\u0007 notes.pdf',
      type: 'text/html',
      data: pdf,
    });
    expect(res.statusCode).toBe(200);
    const [resource] = res
      .json<AdminCourse>()
      .sections.flatMap((s) => s.lessons)
      .find((l) => l.id === lessonId)!.resources;
    expect(resource).toMatchObject({ file_name: 'Lesson notes.pdf', content_type: 'application/pdf', size_bytes: pdf.length });
    expect(storedFiles().filter((f) => f.startsWith(`resources${path.sep}${lessonId}`))).toHaveLength(1);

    // A visitor and a signed-in non-buyer get no link, and a made-up one is refused.
    expect(lessonOf(await detail()).upload_resource).toBeNull();
    const outsider = await signedIn(t);
    expect(lessonOf(await detail(outsider)).upload_resource).toBeNull();
    const forged = await t.app.inject({
      url: `/api/v1/resources/${resource!.id}/download/?expires=${Date.now() + 60_000}&signature=abc`,
      headers: outsider.headers,
    });
    expect(forged.statusCode).toBe(403);

    // Enrolled by hand: the access module opens the lesson, and its link downloads the file.
    expect((await admin.call('POST', `/admin/students/${student.user.id}/enrolments/`, { course_id: course.id })).statusCode).toBe(201);
    const link = lessonOf(await detail(student)).upload_resource;
    expect(link).toMatch(new RegExp(`^/api/v1/resources/${resource!.id}/download/\\?expires=\\d+&signature=`));
    const download = await fetchBytes(link!);
    expect(download.status).toBe(200);
    expect(download.type).toBe('application/pdf');
    expect(download.disposition).toBe('attachment; filename="Lesson notes.pdf"');
    expect(download.bytes.equals(pdf)).toBe(true);

    // A new file replaces the old one, whose bytes are deleted.
    const code = Buffer.from('print("hello")\n');
    const replaced = await send(admin, `/admin/lessons/${lessonId}/resource/`, { field: 'file', name: 'hello.py', type: 'text/x-python', data: code });
    const [second] = replaced
      .json<AdminCourse>()
      .sections.flatMap((s) => s.lessons)
      .find((l) => l.id === lessonId)!.resources;
    expect(second).toMatchObject({ file_name: 'hello.py', content_type: 'text/plain; charset=utf-8' });
    expect(storedFiles().filter((f) => f.startsWith(`resources${path.sep}${lessonId}`))).toHaveLength(1);
    const again = await fetchBytes(lessonOf(await detail(student)).upload_resource!);
    expect(again.bytes.equals(code)).toBe(true);
    expect(again.type).toBe('text/plain; charset=utf-8');

    const removed = await admin.call('DELETE', `/admin/resources/${second!.id}/`);
    expect(removed.statusCode).toBe(200);
    expect(storedFiles().filter((f) => f.startsWith(`resources${path.sep}${lessonId}`))).toHaveLength(0);
    expect(lessonOf(await detail(student)).upload_resource).toBeNull();
    expect((await admin.call('DELETE', `/admin/resources/${second!.id}/`)).statusCode).toBe(404);
    expect((await admin.call('DELETE', '/admin/resources/abc/')).statusCode).toBe(400);

    const actions = (
      await t.handle.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(course.id)))
    ).map((r) => r.action);
    expect(actions.filter((a) => a === 'lesson.resource')).toHaveLength(2);
    expect(actions).toContain('lesson.resource.delete');
  });

  it('leave no stored file behind when their lesson is deleted', async () => {
    const section = course.sections[0]!;
    const added = await admin.call('POST', `/admin/sections/${section.id}/lessons/`, {
      lesson_title: 'Handout only',
      lesson_type: 'Video',
      video_source: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      duration_seconds: 60,
      enable_preview: false,
    });
    expect(added.statusCode).toBe(201);
    const extra = added
      .json<AdminCourse>()
      .sections.flatMap((s) => s.lessons)
      .find((l) => l.lesson_title === 'Handout only')!;
    expect(
      (await send(admin, `/admin/lessons/${extra.id}/resource/`, { field: 'file', name: 'handout.pdf', type: 'application/pdf', data: pdf })).statusCode,
    ).toBe(200);
    const ofLesson = () => storedFiles().filter((f) => f.startsWith(`resources${path.sep}${extra.id}${path.sep}`));
    expect(ofLesson()).toHaveLength(1);

    expect((await admin.call('DELETE', `/admin/lessons/${extra.id}/`)).statusCode).toBe(200);
    expect(ofLesson()).toEqual([]);
  });
});
