/** The studio's reads and writes of membership plans and their prices, with the providers' ids. */
import { and, asc, count, eq, inArray, isNull, max, ne, sql } from 'drizzle-orm';
import type { Tx, Db } from '../../../db/client.js';
import { planPrices, plans } from '../../../db/schema/index.js';

export type PlanRow = typeof plans.$inferSelect;
export type PlanPriceRow = typeof planPrices.$inferSelect;

export async function selectStudioPlans(db: Db, filter: { active?: boolean | undefined }, limit: number, offset: number) {
  const where = filter.active === undefined ? undefined : eq(plans.isActive, filter.active);
  const [rows, [total]] = await Promise.all([
    db.select().from(plans).where(where).orderBy(asc(plans.position), asc(plans.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(plans).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function selectPlanRow(db: Db, planId: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(plans).where(eq(plans.id, planId)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export function selectPlanPrices(db: Db, planIds: number[]) {
  if (!planIds.length) return Promise.resolve([] as PlanPriceRow[]);
  return db.select().from(planPrices).where(inArray(planPrices.planId, planIds)).orderBy(asc(planPrices.id));
}

/** Another active plan of this interval (the storefront offers one per interval). */
export async function selectActivePlanOfType(db: Db, planType: PlanRow['planType'], exceptId?: number) {
  const [row] = await db
    .select({ id: plans.id, name: plans.name })
    .from(plans)
    .where(and(eq(plans.planType, planType), eq(plans.isActive, true), exceptId ? ne(plans.id, exceptId) : undefined))
    .limit(1);
  return row;
}

export async function insertPlan(tx: Tx, values: Pick<typeof plans.$inferInsert, 'name' | 'planType' | 'description' | 'features' | 'isActive'>) {
  const [last] = await tx.select({ position: max(plans.position) }).from(plans);
  const [row] = await tx
    .insert(plans)
    .values({ ...values, position: (last?.position ?? 0) + 1 })
    .returning();
  return row!;
}

export async function updatePlanRow(db: Db, planId: number, values: Partial<Pick<PlanRow, 'name' | 'planType' | 'description' | 'features' | 'isActive'>>) {
  await db
    .update(plans)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(plans.id, planId));
}

export async function insertPlanPrice(tx: Tx, values: Pick<PlanPriceRow, 'planId' | 'region' | 'currency' | 'amount' | 'regularAmount'>) {
  await tx.insert(planPrices).values(values);
}

export async function updatePlanPrice(
  tx: Tx,
  priceId: number,
  values: Partial<Pick<PlanPriceRow, 'currency' | 'amount' | 'regularAmount' | 'stripePriceId' | 'razorpayPlanId'>>,
) {
  await tx.update(planPrices).set(values).where(eq(planPrices.id, priceId));
}

export async function deletePlanPrice(tx: Tx, priceId: number) {
  await tx.delete(planPrices).where(eq(planPrices.id, priceId));
}

/** Saves the plan's Stripe Product unless one was saved meanwhile; returns the one kept. */
export async function saveStripeProduct(db: Db, planId: number, productId: string): Promise<string | undefined> {
  await db
    .update(plans)
    .set({ stripeProductId: productId })
    .where(and(eq(plans.id, planId), isNull(plans.stripeProductId)));
  return (await selectPlanRow(db, planId))?.stripeProductId ?? undefined;
}

/**
 * Saves a provider's id on a price row, only while the row still charges what the id was created
 * for and has none yet (a concurrent checkout, or a price change, may have won). True if saved.
 */
export async function saveProviderId(
  db: Db,
  priceId: number,
  provider: 'stripe' | 'razorpay',
  id: string,
  charges: { amount: number; currency: string },
): Promise<boolean> {
  const column = provider === 'stripe' ? planPrices.stripePriceId : planPrices.razorpayPlanId;
  const rows = await db
    .update(planPrices)
    .set(provider === 'stripe' ? { stripePriceId: id } : { razorpayPlanId: id })
    .where(and(eq(planPrices.id, priceId), isNull(column), eq(planPrices.amount, charges.amount), eq(planPrices.currency, charges.currency)))
    .returning({ id: planPrices.id });
  return rows.length > 0;
}

export async function selectPlanPrice(db: Db, priceId: number) {
  const [row] = await db.select().from(planPrices).where(eq(planPrices.id, priceId)).limit(1);
  return row;
}
