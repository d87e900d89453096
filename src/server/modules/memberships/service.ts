/**
 * Memberships (facts layer): the membership records and whether one is current. A membership is
 * current by isMembershipCurrent (rules.ts); its SQL twin (stateWhere in queries.ts) answers the
 * same for the studio's lists and the plan counts, and currency-parity.test.ts keeps the two in
 * agreement. The provider side (checkout, the state machine, history, emails) is the subscriptions
 * module's, which reads and writes the records through these functions.
 */
import type { Database, Db } from '../../db/client.js';
import { listPlanNames } from '../catalog/index.js';
import * as q from './queries.js';
import type { MembershipRow, NewMembership, StudioMemberState } from './queries.js';
import { currentUntil, isMembershipCurrent } from './rules.js';

/** The user's current membership (the one that gives access now), if any. */
export async function currentMembershipOf(db: Db, userId: number, now: Date = new Date()): Promise<{ id: number } | undefined> {
  const rows = await q.selectLiveMembershipsOfUser(db, userId);
  const current = rows.find((row) => isMembershipCurrent(row, now));
  return current ? { id: current.id } : undefined;
}

/** Which of these users hold a current membership now (one query). */
export async function currentMembers(db: Db, userIds: number[], now: Date = new Date()): Promise<Set<number>> {
  return new Set((await currentMembershipStarts(db, userIds, now)).keys());
}

/** The users among these who hold a current membership now, with when it began (the earliest, if several): one query. */
export async function currentMembershipStarts(db: Db, userIds: number[], now: Date = new Date()): Promise<Map<number, Date>> {
  return membershipStartsAt(await liveMembershipStates(db, userIds), now);
}

/** The memberships of these users that may be current (active or in grace): the facts currentMembershipStarts decides on. */
export function liveMembershipStates(db: Db, userIds: number[]): Promise<LiveMembershipState[]> {
  return q.selectLiveMemberships(db, userIds);
}

export type LiveMembershipState = Awaited<ReturnType<typeof q.selectLiveMemberships>>[number];

/** Of these memberships, those current at `now` (isMembershipCurrent): when each user's began (the earliest, if several). */
export function membershipStartsAt(rows: readonly LiveMembershipState[], now: Date): Map<number, Date> {
  const starts = new Map<number, Date>();
  for (const row of rows) {
    if (!isMembershipCurrent(row, now)) continue;
    const known = starts.get(row.userId);
    if (!known || row.startedAt < known) starts.set(row.userId, row.startedAt);
  }
  return starts;
}

/**
 * The first instant after `now` at which one of these memberships stops being current (currentUntil):
 * until then membershipStartsAt answers the same. Infinity when none will by time alone.
 */
export function membershipsChangeAt(rows: readonly LiveMembershipState[], now: Date): number {
  let first = Infinity;
  for (const row of rows) {
    const until = currentUntil(row);
    if (until !== null && until > now.getTime()) first = Math.min(first, until);
  }
  return first;
}

/**
 * Who holds a current membership now (isMembershipCurrent) and who held one that is over, with
 * no current one: the members audiences of a broadcast. One query.
 */
export async function membershipHolders(db: Db, now: Date = new Date()): Promise<{ current: Set<number>; former: Set<number> }> {
  const rows = await q.selectHeldMemberships(db);
  const current = new Set<number>();
  for (const row of rows) if (isMembershipCurrent(row, now)) current.add(row.userId);
  const former = new Set<number>();
  for (const row of rows) if (!current.has(row.userId)) former.add(row.userId);
  return { current, former };
}

/** A month's worth of a plan's price: monthly plans their price, yearly a twelfth, lifetime nothing. */
export function monthlyValue(planType: 'monthly' | 'yearly' | 'lifetime' | undefined, amount: number): number {
  if (planType === 'monthly') return amount;
  if (planType === 'yearly') return Math.round(amount / 12);
  return 0;
}

/**
 * The members whose membership is current at `now` (the SQL twin of isMembershipCurrent, counted by
 * the database) and the monthly recurring revenue per currency they bring: one query for the
 * members, one for the current memberships per currency, plan and price, one for the plans' types.
 */
export async function membershipSnapshot(db: Database, now: Date = new Date()): Promise<{ active: number; mrr: { currency: string; amount: number }[] }> {
  const [{ members, prices }, plans] = await Promise.all([q.countCurrentMemberships(db, now), listPlanNames(db)]);
  const planTypes = new Map(plans.map((p) => [p.id, p.planType]));
  const mrr = new Map<string, number>();
  for (const row of prices) mrr.set(row.currency, (mrr.get(row.currency) ?? 0) + row.n * monthlyValue(planTypes.get(row.planId), row.amount));
  return { active: members, mrr: [...mrr].map(([currency, amount]) => ({ currency, amount })).sort((a, b) => a.currency.localeCompare(b.currency)) };
}

/** Memberships ended in [from, to): cancelled early, refunded or expired. */
export function endedMemberships(db: Database, from: Date, to: Date): Promise<number> {
  return q.countEndedMemberships(db, from, to);
}

/** Per plan: memberships current now (active or in grace) and ever bought (not abandoned checkouts). */
export async function membershipCountsByPlan(deps: { db: Db }, planIds: number[]): Promise<Map<number, { current: number; total: number }>> {
  const rows = await q.countMembershipsByPlan(deps.db, planIds);
  return new Map(rows.map((r) => [r.planId, { current: r.current, total: r.total }]));
}

// ---------------------------------------------------------------- the records, for the subscriptions module

export type { MembershipRow, NewMembership, StudioMemberState };

export function createMembership(db: Db, values: NewMembership): Promise<MembershipRow> {
  return q.insertMembership(db, values);
}

/** One membership; `lock` holds its row for the caller's transaction. */
export function membershipById(db: Db, id: number, lock = false): Promise<MembershipRow | undefined> {
  return q.selectMembership(db, id, lock);
}

/** The membership a provider's subscription id (or our checkout reference) names. */
export function membershipByReference(
  db: Db,
  by: { stripeSubscriptionId?: string; razorpaySubscriptionId?: string; providerReference?: string },
): Promise<MembershipRow | undefined> {
  return q.selectMembershipBy(db, by);
}

/** Every membership of a user, newest first. */
export function membershipsOfUser(db: Db, userId: number): Promise<MembershipRow[]> {
  return q.selectMembershipsOfUser(db, userId);
}

/** The user's memberships that may be current (active or in grace), newest first: their state only. */
export function liveMembershipsOf(db: Db, userId: number) {
  return q.selectLiveMembershipsOfUser(db, userId);
}

/** The user's checkouts still pending, newest first. */
export function pendingMembershipsOf(db: Db, userId: number): Promise<MembershipRow[]> {
  return q.selectPendingOfUser(db, userId);
}

export function updateMembership(db: Db, id: number, values: Partial<NewMembership>): Promise<void> {
  return q.updateMembership(db, id, values);
}

/** The studio's list of memberships (abandoned checkouts left out unless asked for), with the total matching. */
export function membershipsForStudio(db: Db, filter: Parameters<typeof q.selectMembershipsForStudio>[1]) {
  return q.selectMembershipsForStudio(db, filter);
}

/** Of `userIds`, those with a membership in any state (the demo's students who have one are never removed). */
export async function usersWithMemberships(db: Db, userIds: number[]): Promise<Set<number>> {
  return new Set(await q.selectUsersWithMemberships(db, userIds));
}

/** Of `planIds`, those anyone took a membership on, in any state: such a plan was bought, and stays. */
export async function plansWithMemberships(db: Db, planIds: number[]): Promise<Set<number>> {
  return new Set(await q.selectPlansWithMemberships(db, planIds));
}
