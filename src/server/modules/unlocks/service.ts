import type { Db } from '../../db/client.js';
import * as q from './queries.js';

/** The lessons the instructor opened early for this student (by lesson id): one query. */
export function lessonsOpenedEarly(db: Db, userId: number): Promise<Set<number>> {
  return q.selectUnlockedLessonIds(db, userId);
}

/** The same for several students at once (the drip emails' sweep): one query. */
export async function lessonsOpenedEarlyFor(db: Db, userIds: number[]): Promise<Map<number, Set<number>>> {
  const byUser = new Map<number, Set<number>>(userIds.map((id) => [id, new Set()]));
  for (const row of await q.selectUnlocksOf(db, userIds)) byUser.get(row.userId)?.add(row.lessonId);
  return byUser;
}

/**
 * Opens a dripped lesson early for one student (the studio's 'Open early'), once: answers whether
 * it was new. The caller checks the student and the lesson and writes the audit row in the same
 * transaction.
 */
export function openLessonEarly(db: Db, input: { userId: number; lessonId: number; by: number | null }): Promise<boolean> {
  return q.insertUnlock(db, { userId: input.userId, lessonId: input.lessonId, createdBy: input.by });
}
