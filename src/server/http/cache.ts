import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

export interface Snapshot {
  /** The serialised JSON, encoded once so every request sends the same bytes. */
  body: Buffer;
  etag: string;
  /** The body compressed once per encoding, the first time a client asks for it. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

export function snapshot(value: unknown): Snapshot {
  const body = Buffer.from(JSON.stringify(value));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`, encoded: {} };
}

function compressed(body: Snapshot, encoding: Encoding): Buffer {
  let bytes = body.encoded[encoding];
  if (!bytes) {
    bytes =
      encoding === 'br'
        ? brotliCompressSync(body.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.body.length } })
        : gzipSync(body.body, { level: 6 });
    body.encoded[encoding] = bytes;
  }
  return bytes;
}

/** brotli, else gzip, when the client accepts it (a `q=0` refuses); large enough bodies only. */
export function encodingFor(request: FastifyRequest, size: number): Encoding | undefined {
  const header = request.headers['accept-encoding'];
  if (!header || size < 1024) return undefined;
  let gzip = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip') gzip = true;
  }
  return gzip ? 'gzip' : undefined;
}

/**
 * Sends an anonymous catalog read with validators: ETag, Cache-Control, and 304 when the
 * client already holds this version. Prices vary by the visitor's country, so shared caches
 * must not keep it (private).
 */
export function sendSnapshot(request: FastifyRequest, reply: FastifyReply, body: Snapshot, maxAgeSeconds = 60): FastifyReply {
  const encoding = encodingFor(request, body.body.length);
  // Each encoding is its own representation, so its own validator (the same version matches any).
  const version = body.etag.slice(0, -1);
  reply.header('ETag', encoding ? `${version}-${encoding}"` : body.etag);
  reply.header('Cache-Control', `private, max-age=${maxAgeSeconds}, must-revalidate`);
  reply.header('Vary', 'Authorization, Accept-Encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (
    ifNoneMatch &&
    ifNoneMatch.split(',').some(
      (tag) =>
        tag
          .trim()
          .replace(/^W\//, '')
          .replace(/-(br|gzip)"$/, '"') === body.etag,
    )
  ) {
    return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  if (!encoding) return reply.send(body.body);
  return reply.header('Content-Encoding', encoding).send(compressed(body, encoding));
}

/**
 * A short-lived per-process memo of serialised catalog reads. Nothing depends on it being shared:
 * another process computes its own copy, and `clear()` runs in every process when the catalog
 * changes (the `catalog` invalidation topic). Concurrent misses for one key share one load, and a
 * load that started before a `clear()` is answered but not kept, so it cannot re-cache old data.
 */
export function createSnapshotCache(ttlMs: number) {
  const entries = new Map<string, { value: unknown; expires: number }>();
  const loading = new Map<string, Promise<unknown>>();
  let generation = 0;

  function memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) return Promise.resolve(hit.value as T);
    const pending = loading.get(key);
    if (pending) return pending as Promise<T>;
    const started = generation;
    const promise = load()
      .then((value) => {
        if (started === generation && ttlMs > 0) entries.set(key, { value, expires: Date.now() + ttlMs });
        return value;
      })
      .finally(() => {
        if (loading.get(key) === promise) loading.delete(key);
      });
    loading.set(key, promise);
    return promise;
  }

  return {
    /** A serialised answer, encoded once. */
    get(key: string, load: () => Promise<unknown>): Promise<Snapshot> {
      return memo(`snapshot:${key}`, async () => snapshot(await load()));
    },
    /** Any value read from the catalog (the parts of a course page every viewer shares). Failed loads are not kept. */
    value: memo,
    clear(): void {
      generation++;
      entries.clear();
      loading.clear();
    },
  };
}
export type SnapshotCache = ReturnType<typeof createSnapshotCache>;
