import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { encodingFor, keptBody, sendKept, type KeptBody } from './compress.js';

/** A serialised catalog read: its bytes (compressed once per encoding, compress.ts) and their version. */
export interface Snapshot extends KeptBody {
  etag: string;
}

export function snapshot(value: unknown): Snapshot {
  const kept = keptBody(Buffer.from(JSON.stringify(value)));
  return { ...kept, etag: `"${createHash('sha1').update(kept.body).digest('base64url').slice(0, 27)}"` };
}

/**
 * Sends an anonymous catalog read with validators: ETag, Cache-Control, and 304 when the
 * client already holds this version. Prices vary by the visitor's country, so shared caches
 * must not keep it (private).
 */
export async function sendSnapshot(request: FastifyRequest, reply: FastifyReply, body: Snapshot, maxAgeSeconds = 60): Promise<FastifyReply> {
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
  return sendKept(request, reply.type('application/json; charset=utf-8'), body);
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
