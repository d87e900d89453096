import type { FastifyInstance } from 'fastify';
import { keyOfPublicUploadPath, type FileStorage } from '../integrations/storage/index.js';

/**
 * Public uploads (profile pictures, course images) at /uploads/<folder>/<name>, read from the
 * storage whichever it is. Names are random and never reused, so answers are immutable.
 */
export function registerPublicUploads(app: FastifyInstance, storage: FileStorage): void {
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = keyOfPublicUploadPath(request.url.split('?')[0]);
    const file = key ? await storage.get(key) : undefined;
    if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const etag = `"${key}"`;
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'")
      .header('ETag', etag)
      .type(file.contentType);
    if (request.headers['if-none-match'] === etag) {
      file.body.destroy();
      return reply.code(304).send();
    }
    if (file.size !== undefined) reply.header('Content-Length', file.size);
    return reply.send(file.body);
  });
}
