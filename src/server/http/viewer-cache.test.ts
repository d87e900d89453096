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

  it('loads again a kept value that isFresh refuses (a page past the date it depends on)', async () => {
    const cache = createViewerCache();
    const until = { at: 2 };
    const isFresh = (value: { until: number }) => value.until > until.at;
    await cache.get(4, 'page', async () => ({ until: 3, text: 'first' }), { isFresh });
    expect((await cache.get(4, 'page', async () => ({ until: 9, text: 'second' }), { isFresh })).text).toBe('first');
    until.at = 3;
    expect((await cache.get(4, 'page', async () => ({ until: 9, text: 'third' }), { isFresh })).text).toBe('third');
    expect((await cache.get(4, 'page', async () => ({ until: 9, text: 'never' }), { isFresh })).text).toBe('third');
  });

  it('keeps large values within maxBytes, dropping the least recently read users first', async () => {
    const cache = createViewerCache({ maxBytes: 250 });
    const bytes = (text: string) => text.length;
    await cache.get(1, 'page', async () => 'a'.repeat(100), { bytes });
    await cache.get(2, 'page', async () => 'b'.repeat(100), { bytes });
    await cache.get(1, 'page', async () => 'not read', { bytes });
    await cache.get(3, 'page', async () => 'c'.repeat(100), { bytes }); // 300 bytes: user 2 goes
    expect(await cache.get(1, 'page', async () => 'not read', { bytes })).toBe('a'.repeat(100));
    expect(await cache.get(2, 'page', async () => 'b, again', { bytes })).toBe('b, again');
    cache.forget(1);
    cache.forget(3);
    // Forgotten users give their bytes back: two more large pages fit beside user 2's small one.
    await cache.get(4, 'page', async () => 'd'.repeat(100), { bytes });
    await cache.get(5, 'page', async () => 'e'.repeat(100), { bytes });
    expect(await cache.get(2, 'page', async () => 'not read', { bytes })).toBe('b, again');
    expect(await cache.get(4, 'page', async () => 'not read', { bytes })).toBe('d'.repeat(100));
  });
});
