/**
 * Membership plans kept in step with the payment providers. A recurring plan has a Stripe Product
 * and, per price row, a Stripe Price and (for India) a Razorpay plan; both are immutable, so a new
 * amount gets new ones and the old Stripe Price is archived. Members keep the Price or plan they
 * subscribed on. The membership checkout charges the ids saved here, and creates a missing one
 * (a provider that was down when the plan changed, a plan seeded before it had any).
 */
import { getPlanForSync, getPlanPrice, savePlanPriceProviderId, savePlanStripeProduct, type PlanPriceRow } from '../catalog/index.js';
import type { MembershipDeps } from './state-machine.js';

type SyncDeps = Pick<MembershipDeps, 'db' | 'log' | 'stripe' | 'razorpay'>;
type RecurringType = 'monthly' | 'yearly';
interface SyncPlan {
  id: number;
  name: string;
  planType: RecurringType;
  stripeProductId: string | null;
}

const isRecurring = (planType: string): planType is RecurringType => planType === 'monthly' || planType === 'yearly';
/** Razorpay is offered to buyers in India only, so only the Indian price gets a Razorpay plan. */
export const RAZORPAY_REGION = 'IN';

async function stripeProduct(deps: SyncDeps, plan: SyncPlan): Promise<string> {
  if (plan.stripeProductId) return plan.stripeProductId;
  const created = await deps.stripe!.createProduct({ name: plan.name, planId: plan.id });
  return (await savePlanStripeProduct(deps.db, plan.id, created)) ?? created;
}

/** The Stripe Price for one price row: the saved one, or a new one saved on the row. */
async function stripePrice(deps: SyncDeps, plan: SyncPlan, row: Pick<PlanPriceRow, 'id' | 'amount' | 'currency' | 'stripePriceId'>): Promise<string> {
  if (row.stripePriceId) return row.stripePriceId;
  const productId = await stripeProduct(deps, plan);
  const created = await deps.stripe!.createRecurringPrice({
    productId,
    currency: row.currency,
    amount: row.amount,
    interval: plan.planType === 'yearly' ? 'year' : 'month',
    planId: plan.id,
  });
  if (await savePlanPriceProviderId(deps.db, row.id, 'stripe', created, row)) return created;
  // Someone saved one first (a concurrent checkout): use theirs if it charges the same, and retire ours.
  const now = await getPlanPrice(deps.db, row.id);
  if (now?.stripePriceId && now.amount === row.amount && now.currency === row.currency) {
    await deps.stripe!.archivePrice(created).catch((err: unknown) => deps.log.warn({ err, price: created }, 'could not archive a duplicate Stripe Price'));
    return now.stripePriceId;
  }
  return created;
}

async function razorpayPlan(deps: SyncDeps, plan: SyncPlan, row: Pick<PlanPriceRow, 'id' | 'amount' | 'currency' | 'razorpayPlanId'>): Promise<string> {
  if (row.razorpayPlanId) return row.razorpayPlanId;
  const created = await deps.razorpay!.createPlan({
    period: plan.planType,
    amount: row.amount,
    currency: row.currency,
    name: plan.name,
    notes: { plan_id: String(plan.id) },
  });
  if (await savePlanPriceProviderId(deps.db, row.id, 'razorpay', created, row)) return created;
  const now = await getPlanPrice(deps.db, row.id);
  return now?.razorpayPlanId && now.amount === row.amount && now.currency === row.currency ? now.razorpayPlanId : created;
}

/**
 * After a plan was created or changed (and committed): archives the Stripe Prices it dropped,
 * renames its Product, and creates what its price rows miss. A provider that fails is logged
 * and skipped; the checkout creates what is still missing.
 */
export async function syncPlanWithProviders(deps: SyncDeps, planId: number, change: { retiredStripePrices?: string[]; renamed?: boolean } = {}): Promise<void> {
  const attempt = async (what: string, fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch (err) {
      deps.log.error({ err, plan: planId }, `plan sync: could not ${what}`);
    }
  };
  if (deps.stripe) for (const id of change.retiredStripePrices ?? []) await attempt(`archive Stripe Price ${id}`, () => deps.stripe!.archivePrice(id));
  const plan = await getPlanForSync(deps.db, planId);
  if (!plan) return;
  if (deps.stripe && plan.stripeProductId && change.renamed)
    await attempt('rename the Stripe Product', () => deps.stripe!.renameProduct(plan.stripeProductId!, plan.name));
  if (!isRecurring(plan.planType)) return;
  const recurring = { ...plan, planType: plan.planType };
  for (const row of plan.prices) {
    if (deps.stripe && !row.stripePriceId) await attempt(`create a Stripe Price (${row.region})`, () => stripePrice(deps, recurring, row));
    if (deps.razorpay && row.region === RAZORPAY_REGION && !row.razorpayPlanId)
      await attempt('create a Razorpay plan', () => razorpayPlan(deps, recurring, row));
  }
}

/** The Stripe Price a recurring checkout charges: the plan's synced one (created now if missing). */
export async function stripePriceForCheckout(
  deps: SyncDeps,
  plan: { id: number; name: string; planType: RecurringType; priceId: number; amount: number; currency: string; stripePriceId: string | null },
): Promise<string> {
  const synced = await getPlanForSync(deps.db, plan.id);
  return stripePrice(
    deps,
    { id: plan.id, name: plan.name, planType: plan.planType, stripeProductId: synced?.stripeProductId ?? null },
    { id: plan.priceId, amount: plan.amount, currency: plan.currency, stripePriceId: plan.stripePriceId },
  );
}

/** The Razorpay plan a recurring checkout subscribes to: the plan's synced one (created now if missing). */
export async function razorpayPlanForCheckout(
  deps: SyncDeps,
  plan: { id: number; name: string; planType: RecurringType; priceId: number; amount: number; currency: string; razorpayPlanId: string | null },
): Promise<string> {
  return razorpayPlan(
    deps,
    { id: plan.id, name: plan.name, planType: plan.planType, stripeProductId: null },
    {
      id: plan.priceId,
      amount: plan.amount,
      currency: plan.currency,
      razorpayPlanId: plan.razorpayPlanId,
    },
  );
}
