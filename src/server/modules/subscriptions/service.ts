import { toMajor } from '../../../shared/pricing.js';
import {
  subscriptionMessages as m,
  type LifetimeResponse,
  type MembershipPaymentMethod,
  type SubscribeResponse,
  type SubscriptionDetail,
  type SubscriptionHistoryRow,
  type UpdateLifetimeBody,
} from '../../../shared/subscriptions.js';
import type { CourseListItem } from '../../../shared/catalog.js';
import type { Visitor } from '../../context.js';
import { AppError } from '../../errors.js';
import type { Viewer } from '../../http/auth.js';
import { readNow, type Memos } from '../../http/viewer-cache.js';
import { accessToCourses, ownedBy } from '../access/index.js';
import { getPublicUser, type PublicUser } from '../accounts/index.js';
import { getPlanForPurchase, listCourses, listPlanNames, type PlanForPurchase } from '../catalog/index.js';
import {
  createMembership,
  isMembershipCurrent,
  liveMembershipsOf,
  membershipById,
  membershipByReference,
  membershipDates,
  type MembershipRow,
  membershipsOfUser,
  pendingMembershipsOf,
  unusedCredit,
  updateMembership,
} from '../memberships/index.js';
import { activateLifetime, handleStripeMembershipEvent } from './events.js';
import {
  applyView,
  cancelAtProvider,
  endMembership,
  JOBS,
  recordCharge,
  syncFromProvider,
  viewOfRazorpay,
  viewOfStripe,
  type MembershipDeps,
} from './state-machine.js';
import { razorpayPlanForCheckout, stripePriceForCheckout } from './plans.js';
import * as q from './queries.js';

/** Billing cycles a renewing Razorpay subscription is created for (Razorpay needs an end): ten years. */
const RAZORPAY_CYCLES = { monthly: 120, yearly: 10 } as const;
/** A checkout left pending this long is no longer looked up at the provider when the member opens their subscription. */
const PENDING_LOOKUP_MS = 24 * 60 * 60 * 1000;

const error = (code: 'bad_request' | 'not_found' | 'conflict' | 'unavailable' | 'forbidden', message: string) =>
  new AppError(code, message, { detail: message, error: message });
/** Someone else's membership, or none: 'not found' in the membership's own shape. */
const notFound = () => error('not_found', m.notFound);

async function userOf(deps: MembershipDeps, viewer: Viewer): Promise<PublicUser> {
  const user = await getPublicUser(deps.db, viewer.userId);
  if (!user) throw error('not_found', 'User not found.');
  return user;
}

const userInfo = (user: PublicUser) => ({ name: user.fullName, email: user.email, contact: user.phoneNumber ?? '' });

/** Razorpay is offered only to visitors from India; both methods need their provider configured. */
function assertMethod(deps: MembershipDeps, method: MembershipPaymentMethod, visitor: Visitor, plan: PlanForPurchase) {
  if (method === 'razorpay') {
    if (visitor.country !== 'IN' || plan.region !== 'IN') throw AppError.fields({ payment_method: [m.razorpayIndiaOnly] });
    if (!deps.razorpay) throw error('unavailable', m.methodUnavailable);
  } else if (!deps.stripe) {
    throw error('unavailable', m.methodUnavailable);
  }
}

async function assertNotMember(deps: MembershipDeps, userId: number) {
  const rows = await liveMembershipsOf(deps.db, userId);
  if (rows.some((row) => isMembershipCurrent(row))) throw error('conflict', m.alreadyMember);
}

async function stripeCustomer(deps: MembershipDeps, user: PublicUser): Promise<string> {
  const saved = await q.selectCustomer(deps.db, user.id, 'stripe');
  if (saved) return saved;
  return q.saveCustomer(deps.db, user.id, 'stripe', await deps.stripe!.createCustomer({ userId: user.id, email: user.email, name: user.fullName }));
}

/** Older unpaid checkouts of the user are closed at the provider, so only the newest can be paid. */
async function closeOlderCheckouts(deps: MembershipDeps, userId: number, keepId: number) {
  for (const row of await pendingMembershipsOf(deps.db, userId)) {
    if (row.id !== keepId) await deps.queue.enqueue(JOBS.closeCheckout, { id: row.id });
  }
}

async function openPending(deps: MembershipDeps, user: PublicUser, plan: PlanForPurchase, method: MembershipPaymentMethod, autoRenew: boolean) {
  return createMembership(deps.db, {
    userId: user.id,
    planId: plan.id,
    status: 'pending',
    paymentMethod: method,
    region: plan.region,
    currency: plan.currency,
    amount: plan.amount,
    autoRenew: plan.planType === 'lifetime' ? false : autoRenew,
  });
}

/** A provider call that failed: the pending membership is closed and the member told to try again. */
async function providerFailed(deps: MembershipDeps, membershipId: number, cause: unknown): Promise<never> {
  deps.log.error({ err: cause, membership: membershipId }, 'could not open the membership checkout');
  await updateMembership(deps.db, membershipId, { status: 'failed' });
  throw error('unavailable', m.providerUnreachable);
}

/** What every membership purchase does first: the provider is allowed here, no membership is current, and a pending row is opened (older unfinished checkouts closed). */
async function beginPurchase(
  deps: MembershipDeps,
  input: { viewer: Viewer; visitor: Visitor; method: MembershipPaymentMethod },
  plan: PlanForPurchase,
  autoRenew: boolean,
  options: { upgrade?: boolean } = {},
) {
  assertMethod(deps, input.method, input.visitor, plan);
  if (!options.upgrade) await assertNotMember(deps, input.viewer.userId);
  const user = await userOf(deps, input.viewer);
  const row = await openPending(deps, user, plan, input.method, autoRenew);
  await closeOlderCheckouts(deps, user.id, row.id);
  const common = { plan_name: plan.name, amount: plan.amount, currency: plan.currency, user_info: userInfo(user) };
  return { user, row, common };
}

/** A Stripe Checkout Session for the pending membership, remembered on its row. */
async function openStripeCheckout(
  deps: MembershipDeps,
  { user, row, plan }: { user: PublicUser; row: { id: number }; plan: PlanForPurchase },
  checkout: { successUrl: string; cancelUrl: string; interval?: 'month' | 'year'; priceId?: string },
) {
  const customerId = await stripeCustomer(deps, user);
  const session = await deps.stripe!.createMembershipCheckout({
    customerId,
    membershipId: row.id,
    userId: user.id,
    productName: plan.name,
    currency: plan.currency,
    amount: plan.amount,
    ...checkout,
  });
  await updateMembership(deps.db, row.id, { providerReference: session.id, stripeCustomerId: customerId });
  return { checkout_url: session.url, session_id: session.id, key_id: null, sandbox: deps.stripe!.mode === 'sandbox' };
}

/** POST /membership-subscription-api/: a monthly or yearly membership, priced by the server for the visitor's country. */
export async function subscribe(
  deps: MembershipDeps,
  input: { viewer: Viewer; visitor: Visitor; planId: number; method: MembershipPaymentMethod; autoRenew: boolean },
): Promise<SubscribeResponse> {
  const plan = await getPlanForPurchase(deps.db, input.planId, input.visitor.region);
  if (!plan) throw error('not_found', m.planNotFound);
  if (plan.planType === 'lifetime') throw AppError.fields({ plan_id: [m.lifetimeNotRecurring] });
  const recurring = { ...plan, planType: plan.planType };
  const { user, row, common } = await beginPurchase(deps, input, plan, input.autoRenew);
  const base = input.visitor.returnOrigin;

  if (input.method === 'stripe') {
    try {
      const session = await openStripeCheckout(
        deps,
        { user, row, plan },
        {
          interval: plan.planType === 'yearly' ? 'year' : 'month',
          // The plan's synced Price: the one the studio's last price change created.
          priceId: await stripePriceForCheckout(deps, recurring),
          successUrl: `${base}/pending-activation/?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${base}/subscribe?scrollTo=plans`,
        },
      );
      return { ...common, ...session, subscription_id: null };
    } catch (cause) {
      return providerFailed(deps, row.id, cause);
    }
  }
  try {
    const planId = await razorpayPlanForCheckout(deps, recurring);
    const sub = await deps.razorpay!.createSubscription({
      planId,
      totalCount: input.autoRenew ? RAZORPAY_CYCLES[plan.planType] : 1,
      notes: { membership_id: String(row.id), user_id: String(user.id), email: user.email },
    });
    await updateMembership(deps.db, row.id, { razorpaySubscriptionId: sub.id });
    return {
      ...common,
      checkout_url: null,
      session_id: null,
      subscription_id: sub.id,
      key_id: deps.razorpay!.keyId,
      sandbox: deps.razorpay!.mode === 'sandbox',
    };
  } catch (cause) {
    return providerFailed(deps, row.id, cause);
  }
}

async function lifetimePlan(deps: MembershipDeps, visitor: Visitor): Promise<PlanForPurchase> {
  const lifetime = (await listPlanNames(deps.db)).find((p) => p.planType === 'lifetime' && p.isActive);
  const plan = lifetime ? await getPlanForPurchase(deps.db, lifetime.id, visitor.region) : undefined;
  if (!plan) throw error('not_found', m.planNotFound);
  return plan;
}

/**
 * The lifetime plan as this viewer buys it. A member whose monthly or yearly membership is current
 * upgrades: the lifetime price is in that membership's region, less the unused part of the period
 * already paid (unusedCredit; at least one major unit is still charged), and on payment that
 * membership ends (supersedeByLifetime). A lifetime member cannot buy it again.
 */
export async function lifetimeOffer(
  deps: MembershipDeps,
  viewer: Viewer,
  visitor: Visitor,
): Promise<{ plan: PlanForPurchase; fullPrice: number; credit: number; upgrade: boolean; from?: MembershipRow; days: number }> {
  const current = (await membershipsOfUser(deps.db, viewer.userId)).find((r) => isMembershipCurrent(r));
  if (current && current.endDate === null) throw error('conflict', m.alreadyLifetime);
  const plan = await lifetimePlan(deps, current ? { ...visitor, region: current.region as Visitor['region'] } : visitor);
  if (!current) return { plan, fullPrice: plan.amount, credit: 0, upgrade: false, days: 0 };
  const planType = (await listPlanNames(deps.db)).find((p) => p.id === current.planId)?.planType;
  const unused = current.currency === plan.currency ? unusedCredit(current, planType) : { amount: 0, days: 0 };
  const credit = Math.max(0, Math.min(unused.amount, plan.amount - 100));
  return { plan: { ...plan, amount: plan.amount - credit }, fullPrice: plan.amount, credit, upgrade: true, from: current, days: unused.days };
}

/** POST /subscription-lifetime/: one payment for lifetime access (an upgrade for a monthly or yearly member). */
export async function subscribeLifetime(
  deps: MembershipDeps,
  input: { viewer: Viewer; visitor: Visitor; method: MembershipPaymentMethod },
): Promise<LifetimeResponse> {
  const { plan, credit, upgrade } = await lifetimeOffer(deps, input.viewer, input.visitor);
  const { user, row, common } = await beginPurchase(deps, input, plan, false, { upgrade });

  if (input.method === 'stripe') {
    try {
      const session = await openStripeCheckout(
        deps,
        { user, row, plan },
        {
          successUrl: `${input.visitor.returnOrigin}/pending-activation/?session_id={CHECKOUT_SESSION_ID}&plan=lifetime`,
          cancelUrl: `${input.visitor.returnOrigin}/subscribe?scrollTo=plans`,
        },
      );
      return { ...common, ...session, order_id: null, credit };
    } catch (cause) {
      return providerFailed(deps, row.id, cause);
    }
  }
  try {
    const order = await deps.razorpay!.createOrder({
      amount: plan.amount,
      currency: plan.currency,
      receipt: `MEM-${row.id}`,
      notes: { membership_id: String(row.id), kind: 'membership_lifetime' },
    });
    await updateMembership(deps.db, row.id, { providerReference: order.id });
    return {
      ...common,
      checkout_url: null,
      session_id: null,
      order_id: order.id,
      key_id: deps.razorpay!.keyId,
      sandbox: deps.razorpay!.mode === 'sandbox',
      credit,
    };
  } catch (cause) {
    return providerFailed(deps, row.id, cause);
  }
}

/** The viewer's own membership behind a provider reference; anyone else's is 'not found'. */
async function ownMembership(deps: MembershipDeps, viewer: Viewer, by: Parameters<typeof membershipByReference>[1]) {
  return ownedBy(await membershipByReference(deps.db, by), viewer, notFound);
}

/**
 * POST /update-lifetime-subscription/: the browser's return from a lifetime payment. Only the
 * provider confirms it: Stripe's session is read back (paid, and this member's); Razorpay's
 * handler result must carry a valid signature over order and payment ids.
 */
export async function confirmLifetime(
  deps: MembershipDeps,
  viewer: Viewer,
  body: UpdateLifetimeBody,
): Promise<{ success: boolean; message: string; subscription: SubscriptionDetail }> {
  if (body.payment_method === 'stripe') {
    if (!deps.stripe) throw error('unavailable', m.methodUnavailable);
    const row = await ownMembership(deps, viewer, { providerReference: body.session_id });
    const session = await deps.stripe.retrieveSession(body.session_id);
    if (session.metadata.membership_id !== String(row.id) || session.metadata.kind !== 'membership_lifetime')
      throw AppError.fields({ session_id: [m.notVerified] });
    if (!session.paid || !session.paymentIntentId) return { success: false, message: m.paymentPending, subscription: await subscriptionDetail(deps, viewer) };
    const outcome = await activateLifetime(deps, row, {
      providerPaymentId: session.paymentIntentId,
      amount: session.amountTotal ?? -1,
      currency: session.currency ?? '',
    });
    if (outcome === 'amount mismatch') throw error('bad_request', m.notVerified);
    return { success: outcome !== 'ended', message: m.lifetimeActivated, subscription: await subscriptionDetail(deps, viewer) };
  }
  if (!deps.razorpay) throw error('unavailable', m.methodUnavailable);
  const row = await ownMembership(deps, viewer, { providerReference: body.order_id });
  if (!deps.razorpay.verifyPaymentSignature(body.order_id, body.payment_id, body.signature)) throw AppError.fields({ signature: [m.notVerified] });
  const payment = await deps.razorpay.fetchPayment(body.payment_id);
  if (payment.orderId !== body.order_id || payment.status !== 'captured') throw error('bad_request', m.notVerified);
  const outcome = await activateLifetime(deps, row, { providerPaymentId: payment.id, amount: payment.amount, currency: payment.currency });
  if (outcome === 'amount mismatch') throw error('bad_request', m.notVerified);
  return { success: outcome !== 'ended', message: m.lifetimeActivated, subscription: await subscriptionDetail(deps, viewer) };
}

/** POST /razorpay-subscription-verify/: the popup's result for a recurring plan, verified by HMAC over payment and subscription ids. */
export async function verifyRazorpaySubscription(
  deps: MembershipDeps,
  viewer: Viewer,
  body: { razorpay_payment_id: string; razorpay_subscription_id: string; razorpay_signature: string },
): Promise<{ success: true; message: string; subscription: SubscriptionDetail }> {
  if (!deps.razorpay) throw error('unavailable', m.methodUnavailable);
  const row = await ownMembership(deps, viewer, { razorpaySubscriptionId: body.razorpay_subscription_id });
  if (!deps.razorpay.verifySubscriptionSignature(body.razorpay_payment_id, body.razorpay_subscription_id, body.razorpay_signature)) {
    throw AppError.fields({ razorpay_signature: [m.notVerified] });
  }
  const [sub, payment] = await Promise.all([
    deps.razorpay.fetchSubscription(row.razorpaySubscriptionId!),
    deps.razorpay.fetchPayment(body.razorpay_payment_id),
  ]);
  if (payment.status !== 'captured' && payment.status !== 'refunded') throw error('bad_request', m.notVerified);
  await applyView(deps, row.id, viewOfRazorpay(sub));
  await recordCharge(deps, row.id, {
    transactionId: payment.id,
    providerPaymentId: payment.id,
    amount: payment.amount,
    kind: 'first',
  });
  return { success: true, message: m.subscriptionActivated, subscription: await subscriptionDetail(deps, viewer) };
}

/**
 * A Stripe checkout the member just paid, read back from Stripe when its webhook has not arrived
 * yet (the pending-activation page polls the detail): the same handler as the webhook's.
 */
async function confirmPendingCheckout(deps: MembershipDeps, rows: MembershipRow[]) {
  const pending = rows.find((r) => r.status === 'pending');
  if (!pending?.providerReference || pending.paymentMethod !== 'stripe' || !deps.stripe) return;
  if (Date.now() - pending.createdAt.getTime() > PENDING_LOOKUP_MS) return;
  try {
    const session = await deps.stripe.retrieveSession(pending.providerReference);
    if (session.status === 'complete') {
      await handleStripeMembershipEvent(deps, { id: 'poll', type: 'checkout.session.completed', objectId: session.id, object: { metadata: session.metadata } });
    }
  } catch (cause) {
    deps.log.warn({ err: cause, membership: pending.id }, 'could not read a pending membership checkout back from Stripe');
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const EMPTY_DETAIL: SubscriptionDetail = {
  subscription_active: false,
  id: null,
  name: null,
  plan_type: null,
  status: null,
  payment_method: null,
  start_date: null,
  end_date: null,
  auto_renew: false,
  is_active: false,
  is_canceled: false,
  grace_until: null,
  state: null,
  paid_through: null,
  ended_on: null,
  stripe_customer_id: null,
  razorpay_customer_id: null,
  sandbox_url: null,
};

/**
 * GET /user/subscription-detail/: the current membership, else the latest one that ever started.
 * Decided at each read from the rows (kept in `memos`), so the end of a period shows without a write.
 */
export async function subscriptionDetail(
  deps: MembershipDeps,
  viewer: Viewer,
  // Kept: the viewer's memberships (dropped when one is written) and the plan names every viewer shares.
  memos: Memos = readNow,
): Promise<SubscriptionDetail> {
  let rows = await memos.mine('memberships', () => membershipsOfUser(deps.db, viewer.userId));
  if (rows[0]?.status === 'pending') {
    await confirmPendingCheckout(deps, rows);
    rows = await membershipsOfUser(deps.db, viewer.userId);
  }
  const now = new Date();
  const started = rows.filter((r) => r.status !== 'pending' && r.status !== 'failed');
  const row = started.find((r) => isMembershipCurrent(r, now)) ?? started[0];
  if (!row) return EMPTY_DETAIL;
  const plans = await memos.shared('plan-names', () => listPlanNames(deps.db));
  const plan = plans.find((p) => p.id === row.planId);
  const current = isMembershipCurrent(row, now);
  const dates = membershipDates(row, now);
  const sandbox =
    (row.paymentMethod === 'stripe' && deps.stripe?.mode === 'sandbox') || (row.paymentMethod === 'razorpay' && deps.razorpay?.mode === 'sandbox');
  const user = sandbox ? await getPublicUser(deps.db, viewer.userId) : undefined;
  return {
    subscription_active: true,
    id: row.id,
    name: plan?.name ?? 'Membership',
    plan_type: plan?.planType ?? null,
    status: current ? 'Active' : row.status === 'cancelled' ? 'Cancelled' : 'Inactive',
    payment_method: row.paymentMethod,
    start_date: iso(row.startDate),
    end_date: iso(dates.paidThrough),
    auto_renew: current && row.autoRenew,
    is_active: current,
    is_canceled: row.isCanceled,
    grace_until: iso(dates.graceUntil),
    state: dates.phase === 'none' ? null : dates.phase,
    paid_through: iso(dates.paidThrough),
    ended_on: iso(dates.endedOn),
    stripe_customer_id: row.stripeCustomerId,
    razorpay_customer_id: row.razorpayCustomerId,
    sandbox_url: user ? `/sandbox/?email=${encodeURIComponent(user.email)}` : null,
  };
}

/** GET /subscription/course/: the courses the viewer may open through a membership (none for a non-member). */
export async function membershipCourses(deps: MembershipDeps, viewer: Viewer, visitor: Visitor, search: string | undefined): Promise<CourseListItem[]> {
  const courses = await listCourses(deps.db, visitor.region);
  const access = await accessToCourses(
    deps.db,
    { ...viewer, isAdmin: false },
    courses.map((c) => c.id),
  );
  const term = search?.trim().toLowerCase();
  return courses.filter((c) => access.get(c.id)?.reason === 'membership' && (!term || c.title.toLowerCase().includes(term)));
}

/** GET /subscription-history: one row per charge, renewal, failure, refund, cancellation and expiry. */
export async function subscriptionHistory(deps: MembershipDeps, viewer: Viewer): Promise<SubscriptionHistoryRow[]> {
  const rows = await q.selectHistoryOfUser(deps.db, viewer.userId);
  return rows.map((r) => ({
    id: r.id,
    plan_name: r.planName,
    payment_method: r.paymentMethod,
    currency: r.currency,
    amount: toMajor(r.amount),
    status: r.status,
    // The event's own time and the provider's own id (none for what we recorded ourselves).
    created_at: r.occurredAt.toISOString(),
    transaction_id: r.providerReference,
  }));
}

const day = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * Turns auto-renewal off at the provider (Stripe: cancel at period end; Razorpay: cancel at cycle
 * end): the membership stays active until its end date. A membership in its grace period (a
 * renewal failed) ends now instead, and the provider stops retrying the card.
 */
export async function stopRenewal(deps: MembershipDeps, row: MembershipRow): Promise<{ message: string }> {
  if (!row.endDate) throw error('bad_request', m.lifetimeNoRenewal);
  if (!isMembershipCurrent(row)) throw error('bad_request', m.notActive);
  if (row.status === 'past_due') {
    try {
      await cancelAtProvider(deps, row.id);
    } catch (cause) {
      deps.log.error({ err: cause, membership: row.id }, 'could not cancel the subscription at the provider');
      throw error('unavailable', m.providerUnreachable);
    }
    await endMembership(deps, row.id, 'cancelled');
    return { message: m.cancelledNow };
  }
  if (row.autoRenew) {
    try {
      if (row.stripeSubscriptionId && deps.stripe) {
        await applyView(deps, row.id, viewOfStripe(await deps.stripe.setCancelAtPeriodEnd(row.stripeSubscriptionId, true)));
      } else if (row.razorpaySubscriptionId && deps.razorpay) {
        await applyView(deps, row.id, { ...viewOfRazorpay(await deps.razorpay.cancelSubscription(row.razorpaySubscriptionId, true)), autoRenew: false });
      } else {
        await applyView(deps, row.id, { status: row.status, autoRenew: false });
      }
    } catch (cause) {
      if (cause instanceof AppError) throw cause;
      deps.log.error({ err: cause, membership: row.id }, 'could not turn auto-renewal off at the provider');
      throw error('unavailable', m.providerUnreachable);
    }
  }
  const fresh = (await membershipById(deps.db, row.id))!;
  return { message: m.cancelled(day(fresh.endDate ?? row.endDate)) };
}

/** POST /cancel-subscription/: the owner turns auto-renewal off. */
export async function cancelSubscription(deps: MembershipDeps, viewer: Viewer, subscriptionId: number) {
  const row = ownedBy(await membershipById(deps.db, subscriptionId), viewer, notFound);
  const { message } = await stopRenewal(deps, row);
  return { success: true as const, message, subscription: await subscriptionDetail(deps, viewer) };
}

/** Whether the user ever held a membership (abandoned-checkout reminders stop for good then). */
export async function hasEverSubscribed(deps: Pick<MembershipDeps, 'db'>, userId: number): Promise<boolean> {
  const rows = await membershipsOfUser(deps.db, userId);
  return rows.some((r) => r.status !== 'pending' && r.status !== 'failed');
}

/** Reconciles one membership with its provider now (the studio's "refresh", the period-end job). */
export async function refreshFromProvider(deps: MembershipDeps, membershipId: number) {
  const row = await membershipById(deps.db, membershipId);
  if (!row) throw error('not_found', m.notFound);
  return syncFromProvider(deps, row);
}
