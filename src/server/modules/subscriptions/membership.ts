import type { Database, Db } from '../../db/client.js';
import { listPlanNames } from '../catalog/index.js';
import * as q from './queries.js';
import { isMembershipCurrent } from './rules.js';

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

/** A month's worth of a plan's price: monthly plans their price, yearly a twelfth, lifetime nothing. */
export function monthlyValue(planType: 'monthly' | 'yearly' | 'lifetime' | undefined, amount: number): number {
  if (planType === 'monthly') return amount;
  if (planType === 'yearly') return Math.round(amount / 12);
  return 0;
}

/**
 * The members whose membership is current at `now` (isMembershipCurrent) and the monthly recurring
 * revenue per currency they bring. One query for the candidates, one for the plans' types.
 */
export async function membershipSnapshot(db: Database, now: Date = new Date()): Promise<{ active: number; mrr: { currency: string; amount: number }[] }> {
  const [rows, plans] = await Promise.all([q.selectLiveMembershipPrices(db), listPlanNames(db)]);
  const planTypes = new Map(plans.map((p) => [p.id, p.planType]));
  const members = new Set<number>();
  const mrr = new Map<string, number>();
  for (const row of rows) {
    if (!isMembershipCurrent(row, now)) continue;
    members.add(row.userId);
    mrr.set(row.currency, (mrr.get(row.currency) ?? 0) + monthlyValue(planTypes.get(row.planId), row.amount));
  }
  return { active: members.size, mrr: [...mrr].map(([currency, amount]) => ({ currency, amount })).sort((a, b) => a.currency.localeCompare(b.currency)) };
}

/** Memberships ended in [from, to): cancelled early, refunded or expired. */
export function endedMemberships(db: Database, from: Date, to: Date): Promise<number> {
  return q.countEndedMemberships(db, from, to);
}

/** Membership charges and refunds per UTC day and currency in [from, to). */
export function membershipMoneyByDay(db: Database, from: Date, to: Date) {
  return q.selectChargesByDay(db, from, to);
}
