/**
 * What a member changes on their own membership, as Stripe's customer portal allows: the card,
 * auto-renewal back on before the period ends, another plan (Stripe prorates; Razorpay changes at
 * renewal), and lifetime as an upgrade (service.ts lifetimeOffer; the subscription ends when the
 * lifetime payment is confirmed). Every change is made at the provider first and its state read
 * back through applyView, as every other change (decision 0006).
 */
import { subscriptionMessages as m, type PlanChangeOption, type PlanChanges, type SubscriptionDetail } from '../../../shared/subscriptions.js';
import type { Visitor } from '../../context.js';
import { AppError } from '../../errors.js';
import type { Viewer } from '../../http/auth.js';
import { ownedBy } from '../access/index.js';
import { getPlanForPurchase, listPlanNames } from '../catalog/index.js';
import {
  isMembershipCurrent,
  membershipById,
  membershipDates,
  type MembershipRow,
  membershipsOfUser,
  unusedCredit,
  updateMembership,
} from '../memberships/index.js';
import { applyView, priceOf, recordCharge, viewOfStripe, type MembershipDeps } from './state-machine.js';
import { stripePriceForCheckout } from './plans.js';
import { lifetimeOffer, subscriptionDetail } from './service.js';

const error = (code: 'bad_request' | 'not_found' | 'conflict' | 'unavailable', message: string) =>
  new AppError(code, message, { detail: message, error: message });
const day = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

async function ownRow(deps: MembershipDeps, viewer: Viewer, id: number): Promise<MembershipRow> {
  return ownedBy(await membershipById(deps.db, id), viewer, () => error('not_found', m.notFound));
}

function providerDown(deps: MembershipDeps, row: MembershipRow, what: string) {
  return (cause: unknown): never => {
    if (cause instanceof AppError) throw cause;
    deps.log.error({ err: cause, membership: row.id }, `could not ${what} at the provider`);
    throw error('unavailable', m.providerUnreachable);
  };
}

/**
 * POST /subscription/payment-method/: where the member updates the card that pays the renewals.
 * Stripe: a Billing Portal session (flow payment_method_update) that returns to /subscription; an
 * unpaid renewal is retried with the new card. Razorpay: the subscription's hosted page (its
 * short_url), where the card is changed and a pending renewal charged again.
 */
export async function paymentMethodPage(
  deps: MembershipDeps,
  viewer: Viewer,
  visitor: Visitor,
  id: number,
): Promise<{ url: string; provider: 'stripe' | 'razorpay' }> {
  const row = await ownRow(deps, viewer, id);
  const phase = membershipDates(row).phase;
  if (phase !== 'renewing' && phase !== 'ending' && phase !== 'retrying') throw error('bad_request', m.nothingToPay);
  if (row.paymentMethod === 'stripe' && row.stripeCustomerId && deps.stripe) {
    const session = await deps.stripe
      .createPortalSession({ customerId: row.stripeCustomerId, returnUrl: `${visitor.returnOrigin}/subscription` })
      .catch(providerDown(deps, row, 'open the billing portal'));
    return { url: session.url, provider: 'stripe' };
  }
  if (row.paymentMethod === 'razorpay' && row.razorpaySubscriptionId && deps.razorpay) {
    const sub = await deps.razorpay.fetchSubscription(row.razorpaySubscriptionId).catch(providerDown(deps, row, 'read the subscription'));
    if (!sub.shortUrl) throw error('unavailable', m.noCardPage);
    return { url: sub.shortUrl, provider: 'razorpay' };
  }
  throw error('bad_request', m.nothingToPay);
}

/**
 * POST /resume-subscription/: auto-renewal back on, before the period ends. Stripe:
 * cancel_at_period_end=false. Razorpay cannot undo a cancellation at cycle end (its resume is for
 * paused subscriptions), so the member is told the way back: choose a plan again after the end.
 */
export async function resumeSubscription(
  deps: MembershipDeps,
  viewer: Viewer,
  id: number,
): Promise<{ success: true; message: string; subscription: SubscriptionDetail }> {
  const row = await ownRow(deps, viewer, id);
  if (!row.endDate) throw error('bad_request', m.lifetimeNoRenewal);
  if (row.status !== 'active' || !isMembershipCurrent(row)) throw error('bad_request', m.resumeTooLate);
  if (row.autoRenew) throw error('bad_request', m.nothingToResume);
  if (row.paymentMethod === 'razorpay') throw error('conflict', m.razorpayNoResume(day(row.endDate)));
  if (row.stripeSubscriptionId && deps.stripe) {
    const sub = await deps.stripe.setCancelAtPeriodEnd(row.stripeSubscriptionId, false).catch(providerDown(deps, row, 'turn auto-renewal on'));
    await applyView(deps, row.id, { ...viewOfStripe(sub), resume: true });
  } else {
    await applyView(deps, row.id, { status: 'active', autoRenew: true, resume: true });
  }
  const fresh = (await membershipById(deps.db, row.id))!;
  return { success: true, message: m.resumed(day(fresh.endDate ?? row.endDate)), subscription: await subscriptionDetail(deps, viewer) };
}

/** The member's current membership and its plan's type (null when none is current). */
async function currentWithPlan(deps: MembershipDeps, viewer: Viewer) {
  const row = (await membershipsOfUser(deps.db, viewer.userId)).find((r) => isMembershipCurrent(r));
  const plans = await listPlanNames(deps.db);
  return { row, plans, planType: row ? plans.find((p) => p.id === row.planId)?.planType : undefined };
}

/** Why a recurring plan change cannot happen now (null when it can): the one check the preview and the change share. */
function recurringChangeRefusal(
  row: MembershipRow,
  planType: string | undefined,
  target: 'monthly' | 'yearly',
): { message: string; atRenewal: boolean } | null {
  const end = day(row.endDate ?? new Date());
  if (planType === target) return { message: m.samePlan, atRenewal: false };
  if (row.status === 'past_due') return { message: m.changeNeedsPayment, atRenewal: false };
  if (!row.autoRenew) return { message: m.changeNeedsRenewal, atRenewal: false };
  if (row.paymentMethod === 'razorpay') return { message: m.razorpayPlanChange(end), atRenewal: true };
  if (planType === 'yearly' && target === 'monthly') return { message: m.yearlyToMonthly(end), atRenewal: true };
  if (row.paymentMethod !== 'stripe' || !row.stripeSubscriptionId) return { message: m.nothingToPay, atRenewal: false };
  return null;
}

/** GET /subscription/plan-changes/: each other plan on sale, with what moving to it costs today and what happens. */
export async function planChanges(deps: MembershipDeps, viewer: Viewer, visitor: Visitor): Promise<PlanChanges> {
  const { row, plans, planType } = await currentWithPlan(deps, viewer);
  if (!row || !row.endDate) return { subscription_id: row?.id ?? null, options: [] };
  const options: PlanChangeOption[] = [];
  for (const plan of plans.filter((p) => p.isActive && p.id !== row.planId)) {
    if (plan.planType === 'lifetime') {
      const offer = await lifetimeOffer(deps, viewer, visitor).catch(() => undefined);
      if (!offer) continue;
      const kept = offer.credit
        ? `the ${offer.days} unused days of your current period (${priceOf(row, offer.credit)}) are taken off the price`
        : 'nothing of a paid period is left to credit';
      options.push({
        plan_id: plan.id,
        plan_type: 'lifetime',
        name: offer.plan.name,
        kind: 'upgrade',
        amount_due: offer.plan.amount,
        credit: offer.credit,
        currency: offer.plan.currency,
        amount_due_label: priceOf(row, offer.plan.amount),
        note: `One payment of ${priceOf(row, offer.plan.amount)} instead of ${priceOf(row, offer.fullPrice)}: ${kept}. Your ${planType ?? 'current'} subscription stops when the payment is confirmed, nothing renews again, and your access never pauses.`,
      });
      continue;
    }
    const refusal = recurringChangeRefusal(row, planType, plan.planType);
    if (refusal && !refusal.atRenewal) continue;
    if (refusal) {
      options.push({
        plan_id: plan.id,
        plan_type: plan.planType,
        name: plan.name,
        kind: 'at_renewal',
        amount_due: null,
        credit: 0,
        currency: row.currency,
        amount_due_label: null,
        note: refusal.message,
      });
      continue;
    }
    const target = await getPlanForPurchase(deps.db, plan.id, row.region as Visitor['region']);
    if (!target || target.currency !== row.currency) continue;
    const credit = unusedCredit(row, planType).amount;
    const due = Math.max(0, target.amount - credit);
    options.push({
      plan_id: plan.id,
      plan_type: plan.planType,
      name: target.name,
      kind: 'now',
      amount_due: due,
      credit,
      currency: target.currency,
      amount_due_label: priceOf(row, due),
      note: `Charged today with Stripe's proration: ${priceOf(row, target.amount)} a year, less ${priceOf(row, credit)} for the unused part of your current period. Your yearly period starts today.`,
    });
  }
  return { subscription_id: row.id, options };
}

const isCardError = (cause: unknown) => (cause as { type?: string } | null)?.type === 'StripeCardError';

/**
 * POST /subscription/change-plan/: monthly to yearly with Stripe, now: the subscription's item
 * moves to the yearly Price with proration (always_invoice; a declined card changes nothing),
 * and the membership follows (plan, price, new period). Other moves answer how they happen at
 * renewal; lifetime goes through its checkout (an upgrade).
 */
export async function changePlan(
  deps: MembershipDeps,
  viewer: Viewer,
  id: number,
  planId: number,
): Promise<{ success: true; message: string; subscription: SubscriptionDetail }> {
  const row = await ownRow(deps, viewer, id);
  if (!isMembershipCurrent(row) || !row.endDate) throw error('bad_request', row.endDate ? m.notActive : m.alreadyLifetime);
  const plans = await listPlanNames(deps.db);
  const planType = plans.find((p) => p.id === row.planId)?.planType;
  const target = await getPlanForPurchase(deps.db, planId, row.region as Visitor['region']);
  if (!target || !plans.find((p) => p.id === planId)?.isActive) throw error('not_found', m.planNotFound);
  if (target.planType === 'lifetime') throw AppError.fields({ plan_id: [m.lifetimeByCheckout] });
  const refusal = recurringChangeRefusal(row, planType, target.planType);
  if (refusal) throw error(refusal.atRenewal ? 'conflict' : 'bad_request', refusal.message);
  if (target.currency !== row.currency || !deps.stripe) throw error('unavailable', m.methodUnavailable);

  const priceId = await stripePriceForCheckout(deps, { ...target, planType: target.planType }).catch(providerDown(deps, row, 'find the plan’s price'));
  const sub = await deps.stripe.changeSubscriptionPrice(row.stripeSubscriptionId!, priceId).catch((cause: unknown) => {
    if (isCardError(cause)) throw error('bad_request', m.changeDeclined);
    return providerDown(deps, row, 'change the plan')(cause);
  });
  await updateMembership(deps.db, row.id, { planId: target.id, amount: target.amount });
  await applyView(deps, row.id, viewOfStripe(sub));
  // The proration invoice, recorded now in case its webhook is late (the same row either way).
  if (sub.latestInvoiceId) {
    const invoice = await deps.stripe.retrieveInvoice(sub.latestInvoiceId);
    if (invoice.status === 'paid' && invoice.billingReason === 'subscription_update') {
      await recordCharge(deps, row.id, { transactionId: invoice.id, providerPaymentId: invoice.paymentIntentId, amount: invoice.amountPaid, kind: 'change' });
    }
  }
  const fresh = (await membershipById(deps.db, row.id))!;
  return { success: true, message: m.planChanged(target.name, day(fresh.endDate ?? row.endDate)), subscription: await subscriptionDetail(deps, viewer) };
}
