import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lessonUnlocks } from '../../db/schema/index.js';
import { userFactsChanged } from '../../invalidation/user-facts.js';

export async function selectUnlockedLessonIds(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db.select({ lessonId: lessonUnlocks.lessonId }).from(lessonUnlocks).where(eq(lessonUnlocks.userId, userId));
  return new Set(rows.map((r) => r.lessonId));
}

export async function selectUnlocksOf(db: Db, userIds: number[]) {
  if (!userIds.length) return [];
  return db.select({ userId: lessonUnlocks.userId, lessonId: lessonUnlocks.lessonId }).from(lessonUnlocks).where(inArray(lessonUnlocks.userId, userIds));
}

/** Inserts the unlock once; answers whether it is new. */
export async function insertUnlock(db: Db, values: { userId: number; lessonId: number; createdBy: number | null }): Promise<boolean> {
  const rows = await db.insert(lessonUnlocks).values(values).onConflictDoNothing().returning({ id: lessonUnlocks.id });
  if (rows.length) userFactsChanged(db, values.userId);
  return rows.length > 0;
}
