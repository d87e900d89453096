import { describe, expect, it, vi } from 'vitest';
import { createViewerCache } from './viewer-cache.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the viewer cache', () => {
  it('answers a second read from memory until the user is forgotten', async () => {
    const cache = createViewerCache();
    const load = vi.fn(async () => ({ completed: 1 }));
    await cache.get(7, 'course:1', load);
    expect(await cache.get(7, 'course:1', load)).toEqual({ completed: 1 });
    expect(load).toHaveBeenCalledTimes(1);
    cache.forget(7);
    await cache.get(7, 'course:1', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps each user and key apart, and forgetting one user leaves the others', async () => {
    const cache = createViewerCache();
    await cache.get(1, 'a', async () => 'one-a');
    await cache.get(1, 'b', async () => 'one-b');
    await cache.get(2, 'a', async () => 'two-a');
    cache.forget(1);
    expect(await cache.get(1, 'a', async () => 'one-a, fresh')).toBe('one-a, fresh');
    expect(await cache.get(1, 'b', async () => 'one-b, fresh')).toBe('one-b, fresh');
    expect(await cache.get(2, 'a', async () => 'never read')).toBe('two-a');
  });

  it('never keeps what a read loaded before a change that landed while it ran', async () => {
    const cache = createViewerCache();
    const slow = deferred<string>();
    const stale = cache.get(3, 'k', () => slow.promise);
    cache.forget(3); // the write committed while the read was on its way
    slow.resolve('before the change');
    expect(await stale).toBe('before the change');
    expect(await cache.get(3, 'k', async () => 'after the change')).toBe('after the change');
  });

  it('never keeps what a read loaded before a clear', async () => {
    const cache = createViewerCache();
    const slow = deferred<string>();
    const stale = cache.get(4, 'k', () => slow.promise);
    cache.clear();
    slow.resolve('old');
    await stale;
    expect(await cache.get(4, 'k', async () => 'new')).toBe('new');
  });

  it('lets entries expire after their time', async () => {
    vi.useFakeTimers();
    try {
      const cache = createViewerCache({ ttlMs: 1000 });
      await cache.get(5, 'k', async () => 'first');
      vi.advanceTimersByTime(1001);
      expect(await cache.get(5, 'k', async () => 'second')).toBe('second');
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds at most maxUsers users, dropping the least recently read', async () => {
    const cache = createViewerCache({ maxUsers: 2 });
    await cache.get(1, 'k', async () => 'one');
    await cache.get(2, 'k', async () => 'two');
    await cache.get(1, 'k', async () => 'not read');
    await cache.get(3, 'k', async () => 'three');
    expect(await cache.get(1, 'k', async () => 'not read')).toBe('one');
    expect(await cache.get(2, 'k', async () => 'two, again')).toBe('two, again');
  });

  it('treats users whose forget records were dropped as just forgotten, so a slow read still cannot store', async () => {
    const cache = createViewerCache({ maxUsers: 1 });
    const slow = deferred<string>();
    const stale = cache.get(9, 'k', () => slow.promise);
    cache.forget(9);
    cache.forget(10); // pushes user 9's record out
    slow.resolve('old');
    await stale;
    expect(await cache.get(9, 'k', async () => 'new')).toBe('new');
  });
});
