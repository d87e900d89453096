import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { encodingFor, type Encoding } from './cache.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The body in `encoding`, compressed off the event loop's thread. */
function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: 6 });
}

/** The answer depends on Accept-Encoding: says so in Vary, once. */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/\baccept-encoding\b/i.test(vary)) reply.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Every JSON answer of 1 KB or more leaves brotli- or gzip-compressed when the client accepts it
 * (order and studio lists); the catalog's snapshots and a viewer's kept pages arrive already
 * compressed (cache.ts, sendKept) and are left alone. Compressed off the event loop's thread.
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
    return compress(body, encoding);
  });
}

/** A body sent again and again (a signed-in viewer's kept course page), with each encoding made the first time it is asked for. */
export interface KeptBody {
  body: Buffer;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

export function keptBody(body: Buffer): KeptBody {
  return { body, encoded: {} };
}

/** Sends a kept body in the encoding the client accepts: compressed once per encoding, not once per request. */
export async function sendKept(request: FastifyRequest, reply: FastifyReply, kept: KeptBody): Promise<FastifyReply> {
  const encoding = encodingFor(request, kept.body.length);
  if (kept.body.length >= 1024) varyOnEncoding(reply);
  if (!encoding) return reply.send(kept.body);
  // A failed compression is not kept: the next request tries again.
  const bytes = (kept.encoded[encoding] ??= compress(kept.body, encoding).catch((error: unknown) => {
    delete kept.encoded[encoding];
    throw error;
  }));
  return reply.header('Content-Encoding', encoding).send(await bytes);
}
