import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

const INCOMING_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/**
 * Fastify's request id: the X-Request-Id a proxy or client sent (when it is a plain token), else
 * a new UUID. It is on every log line of the request and echoed in the response.
 */
export function requestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * One structured line per request, written when the response is sent: method, path (without the
 * query string, which can carry signed links and tokens), route pattern, status, duration, client
 * address, and the request id (`reqId`, on every line the request logs). Fastify's own
 * "incoming request" line is dropped. Routes with a higher log level (health probes) stay quiet.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const queryAt = request.url.indexOf('?');
    const line = {
      method: request.method,
      path: queryAt === -1 ? request.url : request.url.slice(0, queryAt),
      route: request.routeOptions.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request');
    else reply.log.info(line, 'request');
  }
}

/** Echoes the request id, so a client or proxy can quote it. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
}

/**
 * Prometheus metrics at /metrics when METRICS_ENABLED: the process's own (CPU, memory, event-loop
 * lag, GC) and a histogram of request durations by method, route pattern and status. With
 * METRICS_TOKEN set, scrapers must send `Authorization: Bearer <token>`.
 */
export function registerMetrics(app: FastifyInstance, options: { enabled: boolean; token: string | undefined }): void {
  if (!options.enabled) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'lectern_' });
  const duration = new Histogram({
    name: 'lectern_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, never the raw URL, so the number of series stays bounded.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
  const expected = options.token ? Buffer.from(`Bearer ${options.token}`) : undefined;
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    if (expected) {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply.code(401).send({ detail: 'Unauthorized' });
    }
    reply.header('Cache-Control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}
