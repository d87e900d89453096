import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface Snapshot {
  /** The serialised JSON, encoded once so every request sends the same bytes. */
  body: Buffer;
  etag: string;
}

export function snapshot(value: unknown): Snapshot {
  const body = Buffer.from(JSON.stringify(value));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"` };
}

/**
 * Sends an anonymous catalog read with validators: ETag, Cache-Control, and 304 when the
 * client already holds this version. Prices vary by the visitor's country, so shared caches
 * must not keep it (private).
 */
export function sendSnapshot(request: FastifyRequest, reply: FastifyReply, body: Snapshot, maxAgeSeconds = 60): FastifyReply {
  reply.header('ETag', body.etag);
  reply.header('Cache-Control', `private, max-age=${maxAgeSeconds}, must-revalidate`);
  reply.header('Vary', 'Authorization');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === body.etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(body.body);
}

/**
 * A short-lived per-process memo of serialised catalog reads. Nothing depends on it being shared:
 * another process simply computes its own copy, and writes to the catalog call `clear()`.
 */
export function createSnapshotCache(ttlMs: number) {
  const entries = new Map<string, { value: Snapshot; expires: number }>();
  return {
    async get(key: string, load: () => Promise<unknown>): Promise<Snapshot> {
      const hit = entries.get(key);
      const now = Date.now();
      if (hit && hit.expires > now) return hit.value;
      const value = snapshot(await load());
      entries.set(key, { value, expires: now + ttlMs });
      return value;
    },
    clear(): void {
      entries.clear();
    },
  };
}
export type SnapshotCache = ReturnType<typeof createSnapshotCache>;
