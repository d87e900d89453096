import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { billingCustomers, subscriptionNotices, subscriptionTransactions } from '../../db/schema/index.js';

// A membership's history, its provider customers and the notices sent about it. The membership
// records themselves belong to the memberships module (ask its index.ts).

export type HistoryRow = typeof subscriptionTransactions.$inferSelect;

/** One history row; a repeated transaction id (a replayed event) writes nothing. Returns whether it was written. */
export async function insertHistory(db: Db, values: typeof subscriptionTransactions.$inferInsert): Promise<boolean> {
  const rows = await db.insert(subscriptionTransactions).values(values).onConflictDoNothing().returning({ id: subscriptionTransactions.id });
  return rows.length > 0;
}

export function selectHistoryOfUser(db: Db, userId: number) {
  return db
    .select()
    .from(subscriptionTransactions)
    .where(eq(subscriptionTransactions.userId, userId))
    .orderBy(desc(subscriptionTransactions.occurredAt), desc(subscriptionTransactions.id))
    .limit(500);
}

export async function selectChargeByPayment(db: Db, providerPaymentId: string): Promise<HistoryRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptionTransactions)
    .where(and(eq(subscriptionTransactions.providerPaymentId, providerPaymentId), inArray(subscriptionTransactions.status, ['active', 'renewed'])))
    .limit(1);
  return row;
}

/** The membership's most recent charge (first payment or renewal). */
export async function selectLastCharge(db: Db, subscriptionId: number): Promise<HistoryRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptionTransactions)
    .where(and(eq(subscriptionTransactions.subscriptionId, subscriptionId), inArray(subscriptionTransactions.status, ['active', 'renewed'])))
    .orderBy(desc(subscriptionTransactions.occurredAt), desc(subscriptionTransactions.id))
    .limit(1);
  return row;
}

export async function paymentRefunded(db: Db, providerPaymentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptionTransactions.id })
    .from(subscriptionTransactions)
    .where(and(eq(subscriptionTransactions.providerPaymentId, providerPaymentId), eq(subscriptionTransactions.status, 'refunded')))
    .limit(1);
  return row !== undefined;
}

/** Claims a notice (an email about a membership) once: true the first time only. */
export async function claimNotice(db: Db, subscriptionId: number, kind: string, key: string): Promise<boolean> {
  const rows = await db.insert(subscriptionNotices).values({ subscriptionId, kind, key }).onConflictDoNothing().returning({ id: subscriptionNotices.id });
  return rows.length > 0;
}

export async function selectCustomer(db: Db, userId: number, provider: 'stripe' | 'razorpay'): Promise<string | undefined> {
  const [row] = await db
    .select({ customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, provider)))
    .limit(1);
  return row?.customerId;
}

/** Keeps the first customer saved for the user (a concurrent checkout may have created one too). */
export async function saveCustomer(db: Db, userId: number, provider: 'stripe' | 'razorpay', customerId: string): Promise<string> {
  await db.insert(billingCustomers).values({ userId, provider, customerId }).onConflictDoNothing();
  return (await selectCustomer(db, userId, provider)) ?? customerId;
}

export function selectHistoryOfMembership(db: Db, subscriptionId: number) {
  return db
    .select()
    .from(subscriptionTransactions)
    .where(eq(subscriptionTransactions.subscriptionId, subscriptionId))
    .orderBy(desc(subscriptionTransactions.occurredAt), desc(subscriptionTransactions.id))
    .limit(500);
}

/** Membership charges (first and renewals) and refunds per UTC day and currency in [from, to). */
export function selectChargesByDay(db: Db, from: Date, to: Date) {
  const t = subscriptionTransactions;
  const day = sql<string>`to_char(${t.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      currency: t.currency,
      gross: sql<number>`coalesce(sum(${t.amount}) filter (where ${t.status} in ('active', 'renewed')), 0)`.mapWith(Number),
      refunds: sql<number>`coalesce(sum(${t.amount}) filter (where ${t.status} = 'refunded'), 0)`.mapWith(Number),
      refunded: sql<number>`count(*) filter (where ${t.status} = 'refunded')`.mapWith(Number),
    })
    .from(t)
    .where(and(inArray(t.status, ['active', 'renewed', 'refunded']), gte(t.createdAt, from), lt(t.createdAt, to)))
    .groupBy(day, t.currency)
    .orderBy(day, t.currency);
}
