import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { subscriptions } from '../../db/schema/index.js';

type Db = Database | Tx;

const stateColumns = {
  id: subscriptions.id,
  userId: subscriptions.userId,
  status: subscriptions.status,
  endDate: subscriptions.endDate,
  graceUntil: subscriptions.graceUntil,
  autoRenew: subscriptions.autoRenew,
};

/** The memberships that may be current (active or in grace), newest first. */
export function selectLiveMemberships(db: Db, userIds: number[]) {
  if (!userIds.length) return Promise.resolve([]);
  return db
    .select(stateColumns)
    .from(subscriptions)
    .where(and(inArray(subscriptions.userId, userIds), inArray(subscriptions.status, ['active', 'past_due'])))
    .orderBy(desc(subscriptions.id));
}

export function selectLiveMembershipsOfUser(db: Db, userId: number) {
  return db
    .select(stateColumns)
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'past_due'])))
    .orderBy(desc(subscriptions.id));
}
