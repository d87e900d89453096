import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createVerifiedUser, loginAs, multipart, type TestApp } from '../../../../test/helpers.js';
import { startFakeS3 } from '../../../../test/s3.js';
import { lessonResources, lessons } from '../../db/schema/index.js';
import { sign } from '../../lib/signing.js';
import { resourceLinkPurpose } from '../../modules/catalog/index.js';
import { createLocalStorage, createS3Storage, isValidKey, keyOfPublicUploadPath, newKey, type FileStorage } from './index.js';

let s3: Awaited<ReturnType<typeof startFakeS3>>;
let localRoot: string;

beforeAll(async () => {
  s3 = await startFakeS3();
  localRoot = mkdtempSync(path.join(tmpdir(), 'lectern-storage-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(localRoot, { recursive: true, force: true });
});

const s3Options = () => ({
  bucket: s3.bucket,
  region: 'us-east-1',
  endpoint: s3.endpoint,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});

async function read(storage: FileStorage, key: string) {
  const file = await storage.get(key);
  if (!file) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return { ...file, bytes: Buffer.concat(chunks) };
}

describe.each([
  ['local disk', () => createLocalStorage(localRoot)],
  ['S3 (s3rver through the AWS SDK)', () => createS3Storage(s3Options())],
])('%s storage', (_name, make) => {
  it('stores, streams back and deletes a file', async () => {
    const storage = make();
    const key = newKey('resources', 'pdf');
    const bytes = Buffer.from('%PDF-1.7 a lesson handout');
    await storage.put(key, bytes, { contentType: 'application/pdf' });
    const back = await read(storage, key);
    expect(back?.bytes.equals(bytes)).toBe(true);
    expect(back?.size).toBe(bytes.length);
    expect(back?.contentType).toBe('application/pdf');
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
    await storage.delete(key);
  });

  it('answers nothing for a missing key and refuses keys that could leave their folder', async () => {
    const storage = make();
    expect(await storage.get('avatars/never-stored.webp')).toBeUndefined();
    for (const bad of ['../etc/passwd', 'avatars/../../x', '/abs.webp', 'a//b.webp', '', 'avatars/.hidden', 'avatars/x y.webp']) {
      await expect(storage.put(bad, Buffer.from('x'), { contentType: 'text/plain' }), bad).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(bad), bad).rejects.toThrow(/Invalid storage key/);
    }
  });
});

describe('new keys', () => {
  it('are always keys the storage accepts (a random name never starts with "-")', () => {
    const keys = Array.from({ length: 2000 }, () => newKey('images', 'webp'));
    expect(keys.filter((key) => !isValidKey(key))).toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('S3 key prefix', () => {
  it('keeps every key under the prefix, so sites can share a bucket', async () => {
    const storage = createS3Storage({ ...s3Options(), prefix: 'site-a/' });
    await storage.put('avatars/p.webp', Buffer.from('x'), { contentType: 'image/webp' });
    const client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: s3Options().credentials });
    await expect(client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'site-a/avatars/p.webp' }))).resolves.toBeTruthy();
    await expect(client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'avatars/p.webp' }))).rejects.toThrow();
    expect(await createS3Storage(s3Options()).get('avatars/p.webp')).toBeUndefined();
  });
});

describe('public upload paths', () => {
  it('map only the public folders to keys', () => {
    expect(keyOfPublicUploadPath('/uploads/avatars/abc.webp')).toBe('avatars/abc.webp');
    expect(keyOfPublicUploadPath('/uploads/images/abc.webp')).toBe('images/abc.webp');
    expect(keyOfPublicUploadPath('/uploads/resources/abc.pdf')).toBeUndefined();
    expect(keyOfPublicUploadPath('/uploads/avatars/../resources/abc.pdf')).toBeUndefined();
    expect(keyOfPublicUploadPath('/media/course.webp')).toBeUndefined();
    expect(keyOfPublicUploadPath(null)).toBeUndefined();
  });
});

describe('the app on S3 storage', () => {
  let t: TestApp;
  let client: S3Client;
  beforeAll(async () => {
    t = await createTestApp({ env: s3.env });
    client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: s3Options().credentials });
  });
  afterAll(() => t.close());

  it('keeps profile pictures in the bucket, serves them immutable and deletes the replaced one', async () => {
    expect(t.app.ctx.storage.kind).toBe('s3');
    const user = await createVerifiedUser(t);
    const { access } = await loginAs(t, user.email);
    const headers = { authorization: `Bearer ${access}` };
    const fields = {
      full_name: 'Asha Rao',
      phone_number: '+91 98765 43210',
      address_line_1: '1 MG Road',
      country: 'India',
      state: 'Karnataka',
      city: 'Bengaluru',
      pin_code: '560001',
    };
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#aa3366' } })
      .png()
      .toBuffer();
    const upload = (file: Buffer) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/edit-user-details/',
        ...(() => {
          const body = multipart(fields, { field: 'profile_picture', name: 'me.png', type: 'image/png', data: file });
          return { payload: body.payload, headers: { ...headers, ...body.headers } };
        })(),
      });
    const first = (await upload(png)).json<{ profile_picture: string }>().profile_picture;
    const key = keyOfPublicUploadPath(first)!;
    const stored = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(stored.ContentType).toBe('image/webp');

    const served = await t.app.inject({ url: first });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(400);
    expect((await t.app.inject({ url: first, headers: { 'if-none-match': String(served.headers.etag) } })).statusCode).toBe(304);

    const second = (await upload(png)).json<{ profile_picture: string }>().profile_picture;
    expect(second).not.toBe(first);
    await expect(client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }))).rejects.toThrow();
    expect((await t.app.inject({ url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/uploads/resources/anything.pdf' })).statusCode).toBe(404);
  });

  it('serves a lesson resource from the bucket through its signed link only', async () => {
    const [lesson] = await t.handle.db.select({ id: lessons.id }).from(lessons).limit(1);
    const key = 'resources/s3-test/handout.txt';
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: 'from the bucket', ContentType: 'text/plain' }));
    const [resource] = await t.handle.db
      .insert(lessonResources)
      .values({ lessonId: lesson!.id, fileName: 'handout.txt', storagePath: key, contentType: 'text/plain', sizeBytes: 15 })
      .returning({ id: lessonResources.id });
    const expires = Date.now() + 60_000;
    const signature = sign(t.config.jwtSecret, resourceLinkPurpose, String(resource!.id), expires);
    const ok = await t.app.inject({ url: `/api/v1/resources/${resource!.id}/download/?expires=${expires}&signature=${signature}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('from the bucket');
    expect(ok.headers['content-disposition']).toBe('attachment; filename="handout.txt"');
    expect((await t.app.inject({ url: `/api/v1/resources/${resource!.id}/download/?expires=${expires}&signature=forged` })).statusCode).toBe(403);
  });
});
