/**
 * What one signed-in viewer's reads are built from (their access facts and quiz attempts for a
 * course), kept in memory so a student's course page costs no database round trip while nothing
 * of theirs changes. Entries are dropped when the user's facts change (forget, from the
 * invalidation topic 'viewer:{userId}', after the write commits) and in any case after `ttlMs`.
 *
 * A read that began before a change cannot put back what the change replaced: each user has a
 * generation, bumped by forget, and a load stores its result only if the generation it started
 * under is still current.
 */
export interface ViewerCache {
  get<T>(userId: number, key: string, load: () => Promise<T>): Promise<T>;
  forget(userId: number): void;
  clear(): void;
}

interface Entry {
  value: unknown;
  expires: number;
}

export function createViewerCache(options: { ttlMs?: number; maxUsers?: number } = {}): ViewerCache {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxUsers = options.maxUsers ?? 10_000;
  /** Per user, most recently used last: their entries by key. */
  const users = new Map<number, Map<string, Entry>>();
  /** The generation counter, and the generation each user was last forgotten at. */
  let generation = 0;
  const forgottenAt = new Map<number, number>();
  /** Forget records dropped to bound memory count as forgotten at this generation. */
  let floor = 0;

  const lastForgotten = (userId: number) => forgottenAt.get(userId) ?? floor;

  return {
    async get<T>(userId: number, key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const entries = users.get(userId);
      const hit = entries?.get(key);
      if (entries && hit && hit.expires > now) {
        users.delete(userId);
        users.set(userId, entries);
        return hit.value as T;
      }
      const started = generation;
      const value = await load();
      if (lastForgotten(userId) <= started) {
        const mine = users.get(userId) ?? new Map<string, Entry>();
        mine.set(key, { value, expires: Date.now() + ttlMs });
        users.delete(userId);
        users.set(userId, mine);
        if (users.size > maxUsers) users.delete(users.keys().next().value!);
      }
      return value;
    },
    forget(userId: number) {
      generation += 1;
      users.delete(userId);
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
      forgottenAt.clear();
      floor = generation;
    },
  };
}
