import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { dripNotices, dripSweeps } from '../../../db/schema/index.js';

/** The lessons these users were already told had opened, by user. */
export async function selectNoticedLessons(db: Db, userIds: number[]): Promise<Map<number, Set<number>>> {
  const byUser = new Map<number, Set<number>>();
  if (!userIds.length) return byUser;
  const rows = await db.select({ userId: dripNotices.userId, lessonId: dripNotices.lessonId }).from(dripNotices).where(inArray(dripNotices.userId, userIds));
  for (const row of rows) byUser.set(row.userId, (byUser.get(row.userId) ?? new Set()).add(row.lessonId));
  return byUser;
}

/** Whether the user was already sent a digest on this day. */
export async function noticedOn(db: Db, userId: number, day: string): Promise<boolean> {
  const rows = await db
    .select({ lessonId: dripNotices.lessonId })
    .from(dripNotices)
    .where(and(eq(dripNotices.userId, userId), eq(dripNotices.day, day)))
    .limit(1);
  return rows.length > 0;
}

/** Records the lessons told today; answers those not told before (a concurrent sweep's are left out). */
export async function insertNotices(db: Db, userId: number, lessonIds: number[], day: string): Promise<number[]> {
  if (!lessonIds.length) return [];
  const rows = await db
    .insert(dripNotices)
    .values(lessonIds.map((lessonId) => ({ userId, lessonId, day })))
    .onConflictDoNothing()
    .returning({ lessonId: dripNotices.lessonId });
  return rows.map((r) => r.lessonId);
}

/** Claims a day's sweep: false when another sweep (a restart, another process) already ran it. */
export async function claimSweepDay(db: Db, day: string): Promise<boolean> {
  const rows = await db.insert(dripSweeps).values({ day }).onConflictDoNothing().returning({ day: dripSweeps.day });
  return rows.length > 0;
}
