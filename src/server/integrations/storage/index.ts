import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomToken } from '../../lib/tokens.js';

/**
 * Where uploads live: avatars, course images, lesson resources. One interface, two stores: an
 * S3-compatible bucket when S3_BUCKET is set (so every process and machine sees the same files),
 * else a folder on this machine's disk ($DATA_DIR/uploads).
 *
 * Keys are relative paths such as `avatars/3f9c.webp` or `resources/12/notes.pdf`: lower-level
 * segments of letters, digits, `.`, `_` and `-`, never `..`. Public keys (avatars, images) are
 * served by the app at `/uploads/<key>` (see `publicUploadPath`); private ones (resources) only
 * through routes that check access first.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, options: { contentType: string }): Promise<void>;
  /** The object as a stream, or undefined when there is none under this key. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
}

export interface StoredFile {
  body: Readable;
  contentType: string;
  size: number | undefined;
}

/** Folders whose files anyone may fetch at /uploads/<key>; everything else is private. */
export const PUBLIC_UPLOAD_FOLDERS = ['avatars', 'images'] as const;
export type PublicUploadFolder = (typeof PUBLIC_UPLOAD_FOLDERS)[number];

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;

export function isValidKey(key: string): boolean {
  const segments = key.split('/');
  return segments.length <= 8 && segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..' && !s.includes('..'));
}

function assertKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** A fresh, unguessable key in a folder: `avatars/<random>.webp` (hex, so it never starts with '-', which keys refuse). */
export function newKey(folder: string, extension: string): string {
  return `${folder}/${randomBytes(16).toString('hex')}.${extension.replace(/^\./, '')}`;
}

/** The site path a public key is served at (stored in the database as is, e.g. profile pictures). */
export function publicUploadPath(key: string): string {
  return `/uploads/${key}`;
}

/** The key behind a `/uploads/...` path of a public folder, or undefined for anything else. */
export function keyOfPublicUploadPath(publicPath: string | null | undefined): string | undefined {
  if (!publicPath?.startsWith('/uploads/')) return undefined;
  const key = publicPath.slice('/uploads/'.length);
  const folder = key.split('/')[0] as PublicUploadFolder;
  return PUBLIC_UPLOAD_FOLDERS.includes(folder) && isValidKey(key) ? key : undefined;
}

export function createLocalStorage(root: string): FileStorage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    assertKey(key);
    const file = path.resolve(base, key);
    if (!file.startsWith(base + path.sep)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return file;
  };
  return {
    kind: 'local',
    // The content type follows the key's extension (keys are named by us, never by the uploader).
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside then renamed, so a reader never sees half a file.
      const partial = `${file}.${randomToken(6)}.partial`;
      await writeFile(partial, body);
      await rename(partial, file);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return undefined;
        return { body: createReadStream(file), contentType: contentTypeByExtension(file), size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
    },
  };
}

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.avif': 'image/avif',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.py': 'text/x-python; charset=utf-8',
};

function contentTypeByExtension(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, Spaces, a local fake); absent means AWS. */
  endpoint?: string | undefined;
  /** Absent: the SDK's default chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle?: boolean;
  /** Prepended to every key, so several sites can share a bucket. */
  prefix?: string | undefined;
}

/** The AWS SDK is loaded when the bucket is first used, not at start: a server on local storage never imports it. */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  let connected: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: import('@aws-sdk/client-s3').S3Client }> | undefined;
  const connect = () =>
    (connected ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        ...(options.credentials ? { credentials: options.credentials } : {}),
        forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
        // Checksums only where S3 requires them: S3-compatible stores differ in what they accept.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
      }),
    })));
  const prefix = (options.prefix ?? '').replace(/^\/+|\/+$/g, '');
  const objectKey = (key: string) => {
    assertKey(key);
    return prefix ? `${prefix}/${key}` : key;
  };
  return {
    kind: 's3',
    async put(key, body, { contentType }) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.PutObjectCommand({ Bucket: options.bucket, Key, Body: body, ContentType: contentType, ContentLength: body.length }));
    },
    async get(key) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key }));
        if (!out.Body) return undefined;
        return { body: out.Body as Readable, contentType: out.ContentType ?? contentTypeByExtension(key), size: out.ContentLength };
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key }));
    },
  };
}
