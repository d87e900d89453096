import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * The Redis connection (REDIS_URL) that holds state every process must share: rate-limit
 * counters today. Commands fail fast instead of queueing while Redis is unreachable, and the
 * callers decide what that means (rate limits let the request through). The client keeps
 * reconnecting; the outage and the recovery are logged once each.
 */
export async function connectRedis(url: string, log: Pick<FastifyBaseLogger, 'warn' | 'info'>): Promise<Redis> {
  // Loaded here, only when REDIS_URL is set: a server without Redis never pays for importing it.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, 'Redis unreachable; rate limits are not enforced until it is back');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis reachable again');
  });
  await redis.connect();
  return redis;
}

export type { Redis };
export { memoryCounters, redisCounters, type AttemptCounters, type CounterState } from './counters.js';
