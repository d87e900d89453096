/**
 * What one signed-in viewer's reads are built from (their access facts and quiz attempts for a
 * course), kept in memory so a student's course page costs no database round trip while nothing
 * of theirs changes. Entries are dropped when the user's facts change (forget, from the
 * invalidation topic 'viewer:{userId}', after the write commits) and in any case after `ttlMs`.
 *
 * A read that began before a change cannot put back what the change replaced: each user has a
 * generation, bumped by forget, and a load stores its result only if the generation it started
 * under is still current. A kept value may also say itself when it stops holding (`isFresh`), and
 * large ones (a rendered page) count against a byte budget.
 */
export interface ViewerCache {
  /** The kept value for (user, key) unless it expired or `options.isFresh` refuses it; else `load`'s, kept. */
  get<T>(userId: number, key: string, load: () => Promise<T>, options?: KeepOptions<T>): Promise<T>;
  forget(userId: number): void;
  clear(): void;
}

export interface KeepOptions<T> {
  /** Whether a kept value still holds (say, before a date it depends on); refused, it is loaded again. */
  isFresh?: (value: T) => boolean;
  /** Its size, counted against the cache's byte budget (a rendered page); small facts count as 0. */
  bytes?: (value: T) => number;
}

/** A keyed memo as a service is handed one: a cache's get (one viewer's part of this cache, the catalog's snapshots), or noMemo. */
export type Memo = <T>(key: string, load: () => Promise<T>, keep?: KeepOptions<T>) => Promise<T>;
/** The viewer's part of a viewer cache. */
export function memoFor(cache: ViewerCache, userId: number): Memo {
  return (key, load, keep) => cache.get(userId, key, load, keep);
}

/** No cache: every read loads. */
export const noMemo: Memo = (_key, load) => load();

/** Where a signed-in read may keep what it reads: the viewer's own facts (`mine`) and the catalog's, which every viewer shares (`shared`). */
export interface Memos {
  mine: Memo;
  shared: Memo;
}

/** No cache for either. */
export const readNow: Memos = { mine: noMemo, shared: noMemo };

interface Entry {
  value: unknown;
  expires: number;
  bytes: number;
}

export function createViewerCache(options: { ttlMs?: number; maxUsers?: number; maxBytes?: number } = {}): ViewerCache {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxUsers = options.maxUsers ?? 10_000;
  /** Rendered pages are large: past this many bytes the least recent users are dropped. */
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  let bytes = 0;
  /** Per user, most recently used last: their entries by key. */
  const users = new Map<number, Map<string, Entry>>();
  /** The generation counter, and the generation each user was last forgotten at. */
  let generation = 0;
  const forgottenAt = new Map<number, number>();
  /** Forget records dropped to bound memory count as forgotten at this generation. */
  let floor = 0;

  const lastForgotten = (userId: number) => forgottenAt.get(userId) ?? floor;
  const sizeOf = (entries: Map<string, Entry> | undefined) => {
    let n = 0;
    for (const entry of entries?.values() ?? []) n += entry.bytes;
    return n;
  };
  const drop = (userId: number) => {
    bytes -= sizeOf(users.get(userId));
    users.delete(userId);
  };

  return {
    async get<T>(userId: number, key: string, load: () => Promise<T>, keep: KeepOptions<T> = {}): Promise<T> {
      const now = Date.now();
      const entries = users.get(userId);
      const hit = entries?.get(key);
      if (entries && hit && hit.expires > now && (!keep.isFresh || keep.isFresh(hit.value as T))) {
        users.delete(userId);
        users.set(userId, entries);
        return hit.value as T;
      }
      const started = generation;
      const value = await load();
      if (lastForgotten(userId) <= started) {
        const mine = users.get(userId) ?? new Map<string, Entry>();
        const size = keep.bytes?.(value) ?? 0;
        bytes += size - (mine.get(key)?.bytes ?? 0);
        mine.set(key, { value, expires: Date.now() + ttlMs, bytes: size });
        users.delete(userId);
        users.set(userId, mine);
        while (users.size > maxUsers || (bytes > maxBytes && users.size > 1)) drop(users.keys().next().value!);
      }
      return value;
    },
    forget(userId: number) {
      generation += 1;
      drop(userId);
      forgottenAt.delete(userId);
      forgottenAt.set(userId, generation);
      if (forgottenAt.size > maxUsers) {
        const [oldest, at] = forgottenAt.entries().next().value!;
        forgottenAt.delete(oldest);
        floor = Math.max(floor, at);
      }
    },
    clear() {
      generation += 1;
      users.clear();
      bytes = 0;
      forgottenAt.clear();
      floor = generation;
    },
  };
}
