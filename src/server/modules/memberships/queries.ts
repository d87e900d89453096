import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { subscriptions } from '../../db/schema/index.js';
import { RENEWAL_SETTLE_MS } from './rules.js';
import { userFactsChanged } from '../../invalidation/user-facts.js';

// The membership records (the subscriptions table: one row per membership, its status and dates).

export type MembershipRow = typeof subscriptions.$inferSelect;
export type NewMembership = typeof subscriptions.$inferInsert;

const stateColumns = {
  id: subscriptions.id,
  userId: subscriptions.userId,
  status: subscriptions.status,
  endDate: subscriptions.endDate,
  graceUntil: subscriptions.graceUntil,
  autoRenew: subscriptions.autoRenew,
  /** When the membership began (its start, else when it was created): what drip schedules count from. */
  startedAt: sql<Date>`coalesce(${subscriptions.startDate}, ${subscriptions.createdAt})`.mapWith(subscriptions.createdAt),
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
  return selectLiveMemberships(db, [userId]);
}

export async function insertMembership(db: Db, values: NewMembership): Promise<MembershipRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  if (row) userFactsChanged(db, row.userId);
  return row!;
}

export async function selectMembership(db: Db, id: number, lock = false): Promise<MembershipRow | undefined> {
  const query = db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function selectMembershipBy(
  db: Db,
  by: { stripeSubscriptionId?: string; razorpaySubscriptionId?: string; providerReference?: string },
): Promise<MembershipRow | undefined> {
  const where = by.stripeSubscriptionId
    ? eq(subscriptions.stripeSubscriptionId, by.stripeSubscriptionId)
    : by.razorpaySubscriptionId
      ? eq(subscriptions.razorpaySubscriptionId, by.razorpaySubscriptionId)
      : by.providerReference
        ? eq(subscriptions.providerReference, by.providerReference)
        : undefined;
  if (!where) return undefined;
  const [row] = await db.select().from(subscriptions).where(where).limit(1);
  return row;
}

/** Every membership of a user, newest first (few per user). */
export function selectMembershipsOfUser(db: Db, userId: number) {
  return db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.id));
}

export async function updateMembership(db: Db, id: number, values: Partial<NewMembership>): Promise<void> {
  const rows = await db
    .update(subscriptions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subscriptions.id, id))
    .returning({ userId: subscriptions.userId });
  userFactsChanged(
    db,
    rows.map((r) => r.userId),
  );
}

/** Pending checkouts of a user (older than the one being opened), to be closed. */
export function selectPendingOfUser(db: Db, userId: number) {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'pending')))
    .orderBy(desc(subscriptions.id));
}

/** The studio's list: memberships (not abandoned checkouts) with their member, newest first. */
export type StudioMemberState = 'active' | 'in_grace' | 'cancelled' | 'expired' | 'incomplete';

/** The SQL twin of isMembershipCurrent (rules.ts), split by the studio's member states. */
function stateWhere(state: StudioMemberState, now: Date): SQL {
  const settle = sql`${RENEWAL_SETTLE_MS} * interval '1 millisecond'`;
  const activeNow = sql`(${subscriptions.status} = 'active' and (${subscriptions.endDate} is null or ${subscriptions.endDate} + case when ${subscriptions.autoRenew} then ${settle} else interval '0' end > ${now}))`;
  const graceNow = sql`(${subscriptions.status} = 'past_due' and ${subscriptions.graceUntil} > ${now})`;
  switch (state) {
    case 'active':
      return activeNow;
    case 'in_grace':
      return graceNow;
    case 'cancelled':
      return sql`${subscriptions.status} = 'cancelled'`;
    case 'incomplete':
      return sql`${subscriptions.status} in ('pending', 'failed')`;
    case 'expired':
      return sql`(${subscriptions.status} = 'expired' or (${subscriptions.status} in ('active', 'past_due') and not ${activeNow} and not ${graceNow}))`;
  }
}

/** The memberships current at `now` by the SQL twin (active or in grace): what the studio and the plan counts use. */
export function selectCurrentMembershipIds(db: Db, now: Date): Promise<{ id: number }[]> {
  return db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(sql`(${stateWhere('active', now)} or ${stateWhere('in_grace', now)})`)
    .orderBy(asc(subscriptions.id));
}

const studioOrder = {
  '-created_at': [desc(subscriptions.createdAt), desc(subscriptions.id)],
  created_at: [asc(subscriptions.createdAt), asc(subscriptions.id)],
  end_date: [sql`${subscriptions.endDate} asc nulls last`, asc(subscriptions.id)],
  '-end_date': [sql`${subscriptions.endDate} desc nulls last`, desc(subscriptions.id)],
} as const;

export function selectMembershipsForStudio(
  db: Db,
  filter: {
    userIds?: number[] | undefined;
    statuses?: MembershipRow['status'][] | undefined;
    state?: StudioMemberState | undefined;
    paymentMethod?: MembershipRow['paymentMethod'] | undefined;
    planIds?: number[] | undefined;
    sort?: keyof typeof studioOrder | undefined;
    limit: number;
    offset: number;
  },
) {
  return db
    .select({ membership: subscriptions, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(subscriptions)
    .where(
      and(
        filter.statuses?.length
          ? inArray(subscriptions.status, filter.statuses)
          : filter.state
            ? stateWhere(filter.state, new Date())
            : sql`${subscriptions.status} <> 'pending'`,
        filter.userIds ? (filter.userIds.length ? inArray(subscriptions.userId, filter.userIds) : sql`false`) : undefined,
        filter.planIds ? (filter.planIds.length ? inArray(subscriptions.planId, filter.planIds) : sql`false`) : undefined,
        filter.paymentMethod ? eq(subscriptions.paymentMethod, filter.paymentMethod) : undefined,
      ),
    )
    .orderBy(...studioOrder[filter.sort ?? '-created_at'])
    .limit(filter.limit)
    .offset(filter.offset);
}

/**
 * The memberships current at `now` by the SQL twin (active or in grace), counted by the database:
 * how many members hold one, and how many are current per currency, plan and price.
 */
export async function countCurrentMemberships(db: Db, now: Date) {
  const current = sql`(${stateWhere('active', now)} or ${stateWhere('in_grace', now)})`;
  const [[members], prices] = await Promise.all([
    db
      .select({ n: sql<number>`count(distinct ${subscriptions.userId})`.mapWith(Number) })
      .from(subscriptions)
      .where(current),
    db
      .select({ currency: subscriptions.currency, planId: subscriptions.planId, amount: subscriptions.amount, n: sql<number>`count(*)`.mapWith(Number) })
      .from(subscriptions)
      .where(current)
      .groupBy(subscriptions.currency, subscriptions.planId, subscriptions.amount),
  ]);
  return { members: members?.n ?? 0, prices };
}

/** Every membership that was ever held (not a pending or failed checkout), with its state. */
export function selectHeldMemberships(db: Db) {
  return db
    .select(stateColumns)
    .from(subscriptions)
    .where(sql`${subscriptions.status} not in ('pending', 'failed')`);
}

/** Memberships that ended (cancelled early, refunded or expired) in [from, to). */
export async function countEndedMemberships(db: Db, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(subscriptions)
    .where(and(inArray(subscriptions.status, ['cancelled', 'expired']), gte(subscriptions.endedAt, from), lt(subscriptions.endedAt, to)));
  return row?.n ?? 0;
}

/** Per plan: memberships current now (active or in grace) and ever bought (not abandoned checkouts). */
export async function countMembershipsByPlan(db: Db, planIds: number[]) {
  if (!planIds.length) return [];
  const now = new Date();
  return db
    .select({
      planId: subscriptions.planId,
      current: sql<number>`count(*) filter (where ${stateWhere('active', now)} or ${stateWhere('in_grace', now)})`.mapWith(Number),
      total: sql<number>`count(*) filter (where ${subscriptions.status} not in ('pending', 'failed'))`.mapWith(Number),
    })
    .from(subscriptions)
    .where(inArray(subscriptions.planId, planIds))
    .groupBy(subscriptions.planId);
}

/** Of `userIds`, those with a membership record in any state (pending and failed ones too). */
export async function selectUsersWithMemberships(db: Db, userIds: number[]): Promise<number[]> {
  if (!userIds.length) return [];
  const rows = await db.selectDistinct({ userId: subscriptions.userId }).from(subscriptions).where(inArray(subscriptions.userId, userIds));
  return rows.map((r) => r.userId);
}

/** Of `planIds`, those a membership record (in any state) was taken on. */
export async function selectPlansWithMemberships(db: Db, planIds: number[]): Promise<number[]> {
  if (!planIds.length) return [];
  const rows = await db.selectDistinct({ planId: subscriptions.planId }).from(subscriptions).where(inArray(subscriptions.planId, planIds));
  return rows.map((r) => r.planId);
}
