/**
 * Membership plans as the studio edits them. Writes take the caller's transaction (the studio
 * audits in the same one) and return what the audit row needs; the caller invalidates the
 * 'catalog' topic once it commits, then has the subscriptions module bring the providers in step.
 */
import type { Page } from '../../../shared/admin.js';
import { planAdminMessages, type AdminPlan, type PlanBody } from '../../../shared/plans.js';
import { toMajor, toMinor } from '../../../shared/pricing.js';
import { byRegionOrder, regions, type Region } from '../../../shared/regions.js';
import type { Tx, Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import * as q from './queries/plans.js';

/** A plan as the studio shows it, before the subscriptions module adds its member count. */
export type StudioPlan = Omit<AdminPlan, 'members'>;
export type PlanPriceRow = q.PlanPriceRow;

function toStudio(plan: q.PlanRow, prices: q.PlanPriceRow[]): StudioPlan {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    features: plan.features,
    plan_type: plan.planType,
    is_active: plan.isActive,
    position: plan.position,
    stripe_product_id: plan.stripeProductId,
    prices: prices
      .filter((p) => p.planId === plan.id)
      .sort(byRegionOrder)
      .map((p) => ({
        region: p.region,
        currency: p.currency,
        amount: toMajor(p.amount),
        regular_amount: toMajor(p.regularAmount),
        stripe_price_id: p.stripePriceId,
        razorpay_plan_id: p.razorpayPlanId,
      })),
    updated_at: plan.updatedAt.toISOString(),
  };
}

export async function listStudioPlans(
  db: Db,
  filter: { active?: boolean | undefined },
  window: { limit: number; offset: number; page: number },
): Promise<Page<StudioPlan>> {
  const { rows, total } = await q.selectStudioPlans(db, filter, window.limit, window.offset);
  const prices = await q.selectPlanPrices(
    db,
    rows.map((r) => r.id),
  );
  return { count: total, page: window.page, page_size: window.limit, results: rows.map((r) => toStudio(r, prices)) };
}

async function planOrThrow(db: Db, planId: number, lock = false) {
  const plan = await q.selectPlanRow(db, planId, { lock });
  if (!plan) throw AppError.notFound(planAdminMessages.notFound);
  return plan;
}

export async function getStudioPlan(db: Db, planId: number): Promise<StudioPlan> {
  const plan = await planOrThrow(db, planId);
  return toStudio(plan, await q.selectPlanPrices(db, [plan.id]));
}

async function assertTypeFree(db: Db, planType: q.PlanRow['planType'], exceptId?: number) {
  const other = await q.selectActivePlanOfType(db, planType, exceptId);
  if (other) throw AppError.fields({ plan_type: [`${planAdminMessages.typeTaken} ("${other.name}")`] });
}

/** A new plan is on sale at once when no other plan of its interval is; otherwise it starts off. */
export async function createPlan(tx: Tx, body: PlanBody): Promise<StudioPlan> {
  const taken = await q.selectActivePlanOfType(tx, body.plan_type);
  const plan = await q.insertPlan(tx, {
    name: body.name,
    planType: body.plan_type,
    description: body.description,
    features: body.features,
    isActive: !taken,
  });
  for (const p of body.prices) {
    await q.insertPlanPrice(tx, {
      planId: plan.id,
      region: p.region,
      currency: regions[p.region].currency,
      amount: toMinor(p.amount),
      regularAmount: toMinor(p.regular_amount),
    });
  }
  return getStudioPlan(tx, plan.id);
}

/**
 * Replaces a plan's fields and prices. A price whose amount (or the plan's interval) changes
 * loses its provider ids, so the next sync creates new ones; the Stripe Prices it drops are
 * returned to be archived. `typeLocked`: members bought it, so its interval cannot change.
 */
export async function updatePlan(
  tx: Tx,
  planId: number,
  body: PlanBody,
  options: { typeLocked: boolean },
): Promise<{ before: StudioPlan; after: StudioPlan; retiredStripePrices: string[]; renamed: boolean }> {
  const plan = await planOrThrow(tx, planId, true);
  const before = await getStudioPlan(tx, planId);
  const typeChanged = body.plan_type !== plan.planType;
  if (typeChanged && options.typeLocked) throw AppError.fields({ plan_type: [planAdminMessages.typeHasMembers] });
  if (typeChanged && plan.isActive) await assertTypeFree(tx, body.plan_type, planId);
  await q.updatePlanRow(tx, planId, { name: body.name, planType: body.plan_type, description: body.description, features: body.features });

  const retired: string[] = [];
  const existing = await q.selectPlanPrices(tx, [planId]);
  for (const row of existing) {
    const wanted = body.prices.find((p) => p.region === row.region);
    if (!wanted) {
      if (row.stripePriceId) retired.push(row.stripePriceId);
      await q.deletePlanPrice(tx, row.id);
      continue;
    }
    const currency = regions[wanted.region].currency;
    const amount = toMinor(wanted.amount);
    const charges = amount !== row.amount || currency !== row.currency || typeChanged;
    if (charges && row.stripePriceId) retired.push(row.stripePriceId);
    await q.updatePlanPrice(tx, row.id, {
      currency,
      amount,
      regularAmount: toMinor(wanted.regular_amount),
      ...(charges ? { stripePriceId: null, razorpayPlanId: null } : {}),
    });
  }
  for (const p of body.prices.filter((p) => !existing.some((row) => row.region === p.region))) {
    await q.insertPlanPrice(tx, {
      planId,
      region: p.region,
      currency: regions[p.region as Region].currency,
      amount: toMinor(p.amount),
      regularAmount: toMinor(p.regular_amount),
    });
  }
  return { before, after: await getStudioPlan(tx, planId), retiredStripePrices: retired, renamed: body.name !== plan.name };
}

/** Turns a plan on (refused while another plan of its interval is on) or off (off the storefront; members keep it). */
export async function setPlanActive(tx: Tx, planId: number, active: boolean): Promise<{ before: { is_active: boolean }; after: StudioPlan }> {
  const plan = await planOrThrow(tx, planId, true);
  if (active && !plan.isActive) await assertTypeFree(tx, plan.planType, planId);
  if (plan.isActive !== active) await q.updatePlanRow(tx, planId, { isActive: active });
  return { before: { is_active: plan.isActive }, after: await getStudioPlan(tx, planId) };
}

// ---------------------------------------------------------------- the providers' ids

/** A plan and its price rows with the providers' ids, for the subscriptions module's sync. */
export async function getPlanForSync(db: Db, planId: number) {
  const plan = await q.selectPlanRow(db, planId);
  if (!plan) return undefined;
  return { id: plan.id, name: plan.name, planType: plan.planType, stripeProductId: plan.stripeProductId, prices: await q.selectPlanPrices(db, [plan.id]) };
}

export const savePlanStripeProduct = (db: Db, planId: number, productId: string) => q.saveStripeProduct(db, planId, productId);
export const savePlanPriceProviderId = (db: Db, priceId: number, provider: 'stripe' | 'razorpay', id: string, charges: { amount: number; currency: string }) =>
  q.saveProviderId(db, priceId, provider, id, charges);
export const getPlanPrice = (db: Db, priceId: number) => q.selectPlanPrice(db, priceId);
