import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** A counter after a change: how many attempts it holds, and how long until it is forgotten. */
export interface CounterState {
  count: number;
  ttlMs: number;
}

/**
 * Attempt counters that a rule reads and writes itself (failed sign-ins, reminder mails), where
 * `@fastify/rate-limit` only counts requests: an attempt is counted first, so requests racing each
 * other never all slip under a limit, and taken back when it turns out not to be a failure. Shared
 * by every process through Redis when REDIS_URL is set, else kept in this process; if Redis fails,
 * the counters read 0 (requests pass, as for the other rate limits) and the outage is logged.
 */
export interface AttemptCounters {
  /**
   * Counts one attempt under `key`. The window opens at the first attempt (fixed: the wait it
   * causes never grows), or `sliding`: every attempt pushes the end back (while attempts keep
   * coming, the key never runs out).
   */
  hit(key: string, windowMs: number, options?: { sliding?: boolean }): Promise<CounterState>;
  /** Takes one attempt back (it was not a failure after all); never below zero, never revives an expired key. */
  undo(key: string): Promise<void>;
  /** Forgets the key (a success resets the count). */
  clear(key: string): Promise<void>;
}

// INCR, then the window: set when the key is new (PTTL -1) or on every hit when sliding.
const HIT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 or ARGV[2] == '1' then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`;
const UNDO = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

export function redisCounters(redis: Redis, prefix: string, log: Pick<FastifyBaseLogger, 'warn'>): AttemptCounters {
  const failOpen = (error: unknown) => log.warn({ err: error }, 'attempt counters unreachable in Redis; the request passes');
  return {
    async hit(key, windowMs, options = {}) {
      try {
        const [count, ttlMs] = (await redis.eval(HIT, 1, prefix + key, String(windowMs), options.sliding ? '1' : '0')) as [number, number];
        return { count, ttlMs };
      } catch (error) {
        failOpen(error);
        return { count: 0, ttlMs: 0 };
      }
    },
    async undo(key) {
      await redis.eval(UNDO, 1, prefix + key).catch(failOpen);
    },
    async clear(key) {
      await redis.del(prefix + key).catch(failOpen);
    },
  };
}

/** This process's counters (no REDIS_URL): the same behaviour, for one process. */
export function memoryCounters(now: () => number = Date.now): AttemptCounters {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = () => {
    if (entries.size < 10_000) return;
    for (const [key, entry] of entries) if (entry.expiresAt <= now()) entries.delete(key);
  };
  return {
    async hit(key, windowMs, options = {}) {
      sweep();
      const entry = live(key) ?? { count: 0, expiresAt: now() + windowMs };
      entry.count += 1;
      if (options.sliding) entry.expiresAt = now() + windowMs;
      entries.set(key, entry);
      return { count: entry.count, ttlMs: entry.expiresAt - now() };
    },
    async undo(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async clear(key) {
      entries.delete(key);
    },
  };
}
