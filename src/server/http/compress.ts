import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip';

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
 * The body in `encoding`, compressed off the event loop's thread. Brotli's quality: 5 for an answer
 * compressed on every request, 6 for a kept body compressed once.
 */
function compress(body: Buffer, encoding: Encoding, brotliQuality: 5 | 6): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: 6 });
}

/** The answer depends on Accept-Encoding: says so in Vary, once. */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/\baccept-encoding\b/i.test(vary)) reply.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Every JSON answer of 1 KB or more leaves brotli- or gzip-compressed when the client accepts it
 * (order and studio lists); kept bodies (catalog snapshots, a viewer's course page) arrive already
 * compressed by sendKept and are left alone. Compressed off the event loop's thread.
 */
export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('content-encoding') || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    // Text is encoded here once, and the bytes sent on: handed back, the text would be measured and encoded again.
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < 1024) return body;
    varyOnEncoding(reply);
    const encoding = encodingFor(request, body.length);
    if (!encoding) return body;
    reply.header('Content-Encoding', encoding).removeHeader('content-length');
    return compress(body, encoding, 5);
  });
}

/**
 * A body sent again and again (a catalog snapshot, a signed-in viewer's kept course page), with each
 * encoding made the first time a client asks for it.
 */
export interface KeptBody {
  body: Buffer;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

export function keptBody(body: Buffer): KeptBody {
  return { body, encoded: {} };
}

/** Sends a kept body in the encoding the client accepts: compressed once per encoding, not once per request. */
export async function sendKept(request: FastifyRequest, reply: FastifyReply, kept: KeptBody): Promise<FastifyReply> {
  varyOnEncoding(reply);
  const encoding = encodingFor(request, kept.body.length);
  if (!encoding) return reply.send(kept.body);
  // A failed compression is not kept: the next request tries again.
  const bytes = (kept.encoded[encoding] ??= compress(kept.body, encoding, 6).catch((error: unknown) => {
    delete kept.encoded[encoding];
    throw error;
  }));
  return reply.header('Content-Encoding', encoding).send(await bytes);
}
