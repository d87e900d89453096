import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { encodingFor } from './cache.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Every JSON answer of 1 KB or more leaves brotli- or gzip-compressed when the client accepts it
 * (a signed-in course page, order and studio lists); the catalog's snapshots arrive already
 * compressed (cache.ts) and are left alone. Compressed off the event loop's thread.
 */
export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('content-encoding') || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    // Text is encoded here once, and the bytes sent on: handed back, the text would be measured and encoded again.
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < 1024) return body;
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/\baccept-encoding\b/i.test(vary)) reply.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = encodingFor(request, body.length);
    if (!encoding) return body;
    reply.header('Content-Encoding', encoding).removeHeader('content-length');
    return encoding === 'br'
      ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : gzipAsync(body, { level: 6 });
  });
}
