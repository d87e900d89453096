import type { Database, Tx } from '../../db/client.js';
import * as q from './queries.js';
import { isMembershipCurrent } from './rules.js';

type Db = Database | Tx;

/** The user's current membership (the one that gives access now), if any. */
export async function currentMembershipOf(db: Db, userId: number, now: Date = new Date()): Promise<{ id: number } | undefined> {
  const rows = await q.selectLiveMembershipsOfUser(db, userId);
  const current = rows.find((row) => isMembershipCurrent(row, now));
  return current ? { id: current.id } : undefined;
}

/** Which of these users hold a current membership now (one query). */
export async function currentMembers(db: Db, userIds: number[], now: Date = new Date()): Promise<Set<number>> {
  const rows = await q.selectLiveMemberships(db, userIds);
  return new Set(rows.filter((row) => isMembershipCurrent(row, now)).map((row) => row.userId));
}
