import type { FastifyBaseLogger } from 'fastify';
import { formatPrice } from '../../../shared/money.js';
import { toMajor } from '../../../shared/pricing.js';
import { regions, type Region } from '../../../shared/regions.js';
import type { Config } from '../../config.js';
import type { Database, Tx, Db } from '../../db/client.js';
import {
  graceEndingEmail,
  membershipActivatedEmail,
  membershipCancelledEmail,
  membershipEndedEmail,
  membershipRefundedEmail,
  membershipRenewedEmail,
  paymentFailedEmail,
  renewalReminderEmail,
  type EndReason,
} from '../../emails/membership.js';
import type { RenderedEmail } from '../../emails/render.js';
import type { RazorpayGateway, RazorpaySubscriptionState } from '../../integrations/razorpay/index.js';
import type { StripeGateway, StripeSubscriptionState } from '../../integrations/stripe/index.js';
import { SEND_EMAIL_JOB } from '../../jobs/email.js';
import type { JobQueue } from '../../jobs/queue.js';
import { getPublicUser } from '../accounts/index.js';
import { listPlanNames } from '../catalog/index.js';
import { liveMembershipsOf, membershipById, type MembershipRow, type MembershipStatus, type NewMembership, updateMembership } from '../memberships/index.js';
import * as q from './queries.js';

/**
 * The membership's state machine. Every change, whatever its source (a webhook, the browser's
 * return, a job, the member, the instructor), goes through applyView: the provider's current
 * state is read back and applied under the row's lock, and the transitions it makes (activated,
 * payment failed, recovered, auto-renewal off, ended) write the history, send the emails (once
 * each) and schedule the jobs. Re-applying the same state changes nothing, so replays and events
 * out of order end the same way.
 */

export interface MembershipDeps {
  db: Database;
  queue: JobQueue;
  config: Config;
  log: FastifyBaseLogger;
  stripe: StripeGateway | undefined;
  razorpay: RazorpayGateway | undefined;
}

export const JOBS = {
  reminder: 'membership.renewal-reminder',
  graceWarning: 'membership.grace-warning',
  graceEnd: 'membership.grace-end',
  periodEnd: 'membership.period-end',
  providerCancel: 'membership.provider-cancel',
  providerNoRenew: 'membership.provider-no-renew',
  closeCheckout: 'membership.close-checkout',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Reminder before a renewal: 3 days (Stripe's default notice; for Razorpay it is well beyond the 24 hours RBI's e-mandate rules require). */
export const RENEWAL_REMINDER_MS = 3 * DAY_MS;
/** Dunning: the warning goes out this long before the grace period ends. */
export const GRACE_WARNING_MS = 3 * DAY_MS;
/** The provider is asked again this long after a period ends, in case its webhook is late or lost. */
export const PERIOD_END_CHECK_MS = 5 * 60 * 1000;

/** The provider's current state of a membership, in our terms. */
export interface ProviderView {
  status: MembershipStatus;
  periodStart?: Date | null;
  periodEnd?: Date | null;
  /** Undefined: the provider does not say (keep ours). */
  autoRenew?: boolean;
  endedAt?: Date | null;
  /** When auto-renewal was turned off, in the provider's time (Stripe's canceled_at). */
  canceledAt?: Date | null;
  /** When the failed renewal was attempted (start of the grace period), in the provider's time. */
  failedAt?: Date | null;
  /** The member turned auto-renewal back on (and the provider agrees): the one way it comes back on. */
  resume?: boolean;
  link?: Partial<Pick<NewMembership, 'stripeSubscriptionId' | 'stripeCustomerId' | 'razorpaySubscriptionId' | 'razorpayCustomerId'>>;
}

const ENDED: MembershipStatus[] = ['cancelled', 'expired', 'failed'];

/** A membership ended at once (a refund, a lifetime upgrade): no renewal, no grace, cancelled as of `now`. */
const endedNow = (row: Pick<MembershipRow, 'canceledAt'>, now: Date) => ({
  status: 'cancelled' as const,
  endedAt: now,
  autoRenew: false,
  isCanceled: true,
  canceledAt: row.canceledAt ?? now,
  graceUntil: null,
});

/**
 * Stripe's subscription statuses in our terms. `unpaidSince`: when the latest invoice, still
 * unpaid, was issued (the start of the grace period; and a cancellation then is for non-payment,
 * not an early ending such as a refund).
 */
export function viewOfStripe(sub: StripeSubscriptionState, unpaidSince?: Date | null): ProviderView {
  const endedEarly = !unpaidSince && Boolean(sub.endedAt && sub.currentPeriodEnd && sub.endedAt.getTime() < sub.currentPeriodEnd.getTime() - 60_000);
  const status: MembershipStatus =
    (
      {
        incomplete: 'pending',
        incomplete_expired: 'failed',
        trialing: 'active',
        active: 'active',
        past_due: 'past_due',
        unpaid: 'expired',
        paused: 'expired',
        canceled: endedEarly ? 'cancelled' : 'expired',
      } as Record<string, MembershipStatus>
    )[sub.status] ?? 'pending';
  return {
    status,
    periodStart: sub.currentPeriodStart,
    // Stripe moves a subscription into its next period when it bills it, paid or not: while the
    // renewal is unpaid, the membership is paid through the start of that period.
    periodEnd: status === 'past_due' ? sub.currentPeriodStart : sub.currentPeriodEnd,
    autoRenew: status === 'active' || status === 'past_due' ? !sub.cancelAtPeriodEnd : undefined,
    endedAt: sub.endedAt,
    canceledAt: sub.canceledAt,
    failedAt: unpaidSince ?? null,
    link: { stripeSubscriptionId: sub.id, stripeCustomerId: sub.customerId || undefined },
  };
}

/** Razorpay's subscription statuses in our terms. Auto-renewal off is our own record (Razorpay keeps the status active until the cycle ends). */
export function viewOfRazorpay(sub: RazorpaySubscriptionState, failedAt?: Date | null): ProviderView {
  const endedEarly = Boolean(sub.endedAt && sub.currentEnd && sub.endedAt.getTime() < sub.currentEnd.getTime() - 60_000);
  const status: MembershipStatus =
    (
      {
        created: 'pending',
        authenticated: 'pending',
        active: 'active',
        pending: 'past_due',
        halted: 'expired',
        cancelled: endedEarly ? 'cancelled' : 'expired',
        completed: 'expired',
        expired: 'expired',
      } as Record<string, MembershipStatus>
    )[sub.status] ?? 'pending';
  return {
    status,
    periodStart: sub.currentStart,
    periodEnd: sub.currentEnd,
    autoRenew: sub.status === 'active' && sub.paidCount >= sub.totalCount ? false : undefined,
    endedAt: sub.endedAt,
    failedAt: failedAt ?? null,
    link: { razorpaySubscriptionId: sub.id, razorpayCustomerId: sub.customerId ?? undefined },
  };
}

export const priceOf = (row: Pick<MembershipRow, 'amount' | 'currency' | 'region'>, amount = row.amount) =>
  formatPrice(toMajor(amount), (regions[row.region as Region] ?? regions.US).symbol, row.currency);

async function planNameOf(db: Db, planId: number): Promise<{ name: string; planType: 'monthly' | 'yearly' | 'lifetime' }> {
  const plan = (await listPlanNames(db as Database)).find((p) => p.id === planId);
  return { name: plan?.name ?? 'Membership', planType: plan?.planType ?? 'monthly' };
}

const methodLabel = (row: Pick<MembershipRow, 'paymentMethod'>) =>
  row.paymentMethod === 'stripe' ? 'Stripe' : row.paymentMethod === 'razorpay' ? 'Razorpay' : 'Complimentary';

interface Member {
  name: string;
  email: string;
}

/**
 * Runs `fn` in a transaction holding the membership's row lock. The member's name and address are
 * read before (PGlite has one connection: nothing may query outside the transaction meanwhile).
 */
async function withLocked<T>(
  deps: MembershipDeps,
  membershipId: number,
  fallback: T,
  fn: (tx: Tx, row: MembershipRow, member: Member) => Promise<T>,
): Promise<T> {
  const peek = await membershipById(deps.db, membershipId);
  if (!peek) return fallback;
  const user = await getPublicUser(deps.db, peek.userId);
  const member = { name: user?.fullName ?? '', email: user?.email ?? '' };
  return deps.db.transaction(async (tx) => {
    const row = await membershipById(tx, membershipId, true);
    return row ? fn(tx, row, member) : fallback;
  });
}

/** Sends an email about a membership once per (kind, key), inside the caller's transaction. */
async function notify(deps: MembershipDeps, tx: Tx, row: MembershipRow, member: Member, kind: string, key: string, build: (base: NotifyBase) => RenderedEmail) {
  if (!member.email || !(await q.claimNotice(tx, row.id, kind, key))) return;
  const plan = await planNameOf(tx, row.planId);
  const base: NotifyBase = {
    name: member.name,
    planName: plan.name,
    price: priceOf(row),
    subscriptionUrl: `${deps.config.publicUrl}/subscription`,
  };
  await deps.queue.enqueue(SEND_EMAIL_JOB, { to: member.email, ...build(base) }, { tx });
}
type NotifyBase = { name: string; planName: string; price: string; subscriptionUrl: string };

async function historyRow(
  tx: Tx,
  row: MembershipRow,
  values: {
    status: 'created' | 'active' | 'cancelled' | 'expired' | 'failed' | 'renewed' | 'refunded';
    transactionId: string;
    amount?: number;
    providerPaymentId?: string | null;
    /** The provider's id shown to the member (never one we made up); none for what we record ourselves. */
    providerReference?: string | null;
    /** When it happened (the provider's time: the sandbox clock's in the sandbox); now if not known. */
    occurredAt?: Date | null;
  },
): Promise<boolean> {
  const plan = await planNameOf(tx, row.planId);
  return q.insertHistory(tx, {
    providerReference: values.providerReference ?? null,
    occurredAt: values.occurredAt ?? new Date(),
    subscriptionId: row.id,
    userId: row.userId,
    planName: plan.name,
    paymentMethod: methodLabel(row),
    currency: row.currency,
    amount: values.amount ?? 0,
    status: values.status,
    transactionId: values.transactionId,
    providerPaymentId: values.providerPaymentId ?? null,
  });
}

const later = (at: Date) => Math.max(0, at.getTime() - Date.now());

/** The jobs that follow a period: the renewal reminder and the check at its end. */
async function schedulePeriod(deps: MembershipDeps, tx: Tx, row: MembershipRow) {
  if (!row.endDate) return;
  const endDate = row.endDate.toISOString();
  if (row.autoRenew && row.paymentMethod !== 'manual') {
    await deps.queue.enqueue(JOBS.reminder, { id: row.id, endDate }, { tx, delayMs: later(new Date(row.endDate.getTime() - RENEWAL_REMINDER_MS)) });
  }
  await deps.queue.enqueue(JOBS.periodEnd, { id: row.id, endDate, attempt: 0 }, { tx, delayMs: later(new Date(row.endDate.getTime() + PERIOD_END_CHECK_MS)) });
}

async function scheduleGrace(deps: MembershipDeps, tx: Tx, row: MembershipRow) {
  if (!row.graceUntil) return;
  const graceUntil = row.graceUntil.toISOString();
  await deps.queue.enqueue(JOBS.graceWarning, { id: row.id, graceUntil }, { tx, delayMs: later(new Date(row.graceUntil.getTime() - GRACE_WARNING_MS)) });
  await deps.queue.enqueue(JOBS.graceEnd, { id: row.id, graceUntil }, { tx, delayMs: later(row.graceUntil) });
}

export type ApplyOutcome =
  'unknown membership' | 'unchanged' | 'activated' | 'payment failed' | 'recovered' | 'renewed' | 'auto-renew off' | 'auto-renew on' | 'ended' | 'updated';

/**
 * Applies the provider's state to our membership, under its row lock. An ended membership is
 * never revived by a stale state, except by a provider that started a new paid period after it
 * ended (a Razorpay subscription reactivated after being halted).
 */
export async function applyView(deps: MembershipDeps, membershipId: number, view: ProviderView): Promise<ApplyOutcome> {
  return withLocked<ApplyOutcome>(deps, membershipId, 'unknown membership', async (tx, row, member) => {
    const next: Partial<NewMembership> = { ...Object.fromEntries(Object.entries(view.link ?? {}).filter(([, v]) => v)) };
    const outcomes: ApplyOutcome[] = [];
    const now = new Date();

    let status = view.status;
    if (ENDED.includes(row.status)) {
      const revived =
        row.status === 'expired' && status === 'active' && view.periodStart && row.endedAt && view.periodStart.getTime() >= row.endedAt.getTime() - 60_000;
      if (!revived) status = row.status;
    }
    // A renewal that was never paid ends the membership for lack of payment, not 'early'.
    if (row.status === 'past_due' && status === 'cancelled') status = 'expired';
    // A checkout that was never paid cannot be ended 'early'.
    if (row.status === 'pending' && (status === 'cancelled' || status === 'expired')) status = 'failed';

    if (status === 'active' || status === 'past_due') {
      if (view.periodEnd && view.periodEnd.getTime() !== row.endDate?.getTime()) next.endDate = view.periodEnd;
      if (row.status === 'pending' || !row.startDate) next.startDate = view.periodStart ?? now;
    }
    // Auto-renewal, once off (the member's choice at checkout or later), stays off: the provider is made to agree.
    if (view.autoRenew === false && row.autoRenew && (status === 'active' || status === 'past_due')) {
      next.autoRenew = false;
      next.isCanceled = true;
      next.canceledAt = now;
    }

    if (status !== row.status) {
      next.status = status;
      if (status === 'active') {
        next.graceUntil = null;
        outcomes.push(row.status === 'pending' ? 'activated' : row.status === 'past_due' ? 'recovered' : 'updated');
      } else if (status === 'past_due') {
        next.graceUntil = new Date((view.failedAt ?? now).getTime() + deps.config.membershipGraceMs);
        outcomes.push('payment failed');
      } else if (ENDED.includes(status)) {
        // A provider that stopped retrying without saying when (Razorpay's halted): the grace period's end, once it is over.
        next.endedAt = view.endedAt ?? (row.status === 'past_due' && row.graceUntil && row.graceUntil <= now ? row.graceUntil : now);
        next.graceUntil = null;
        if (status !== 'failed') outcomes.push('ended');
      }
    } else if (next.endDate && status === 'active') {
      outcomes.push('renewed');
    }
    if (next.autoRenew === false && (status === 'active' || status === 'past_due')) outcomes.push('auto-renew off');
    if (view.resume && view.autoRenew === true && !row.autoRenew && status === 'active' && row.status === 'active') {
      next.autoRenew = true;
      next.isCanceled = false;
      next.canceledAt = null;
      outcomes.push('auto-renew on');
    }

    if (Object.keys(next).length === 0) return 'unchanged';
    await updateMembership(tx, row.id, next);
    const updated = { ...row, ...next } as MembershipRow;

    if (outcomes.includes('activated') && !updated.autoRenew && updated.endDate && updated.stripeSubscriptionId) {
      await deps.queue.enqueue(JOBS.providerNoRenew, { id: updated.id }, { tx });
    }
    if (outcomes.includes('activated')) {
      await notify(deps, tx, updated, member, 'activated', 'first', (base) =>
        membershipActivatedEmail({ ...base, endDate: updated.endDate, autoRenew: updated.autoRenew, dashboardUrl: `${deps.config.publicUrl}/dashboard/` }),
      );
    }
    if (outcomes.includes('payment failed') && updated.graceUntil) {
      await notify(deps, tx, updated, member, 'payment_failed', updated.graceUntil.toISOString(), (base) =>
        paymentFailedEmail({ ...base, graceUntil: updated.graceUntil! }),
      );
      await scheduleGrace(deps, tx, updated);
    }
    if (outcomes.includes('auto-renew off')) {
      await historyRow(tx, updated, {
        status: 'cancelled',
        transactionId: `${membershipRef(updated)}-cancel-${updated.endDate?.getTime() ?? 0}`,
        occurredAt: view.canceledAt ?? updated.canceledAt,
      });
      if (updated.endDate) {
        await notify(deps, tx, updated, member, 'cancelled', updated.endDate.toISOString(), (base) =>
          membershipCancelledEmail({ ...base, endDate: updated.endDate! }),
        );
      }
    }
    if (outcomes.includes('ended')) {
      await historyRow(tx, updated, {
        status: status === 'cancelled' ? 'cancelled' : 'expired',
        transactionId: `${membershipRef(updated)}-ended`,
        occurredAt: updated.endedAt,
      });
      const reason: EndReason = row.status === 'past_due' ? 'payment_failed' : status === 'cancelled' ? 'cancelled' : 'period_over';
      await notify(deps, tx, updated, member, 'ended', 'ended', (base) =>
        membershipEndedEmail({ ...base, reason, subscribeUrl: `${deps.config.publicUrl}/subscribe` }),
      );
    }
    if (
      (outcomes.includes('activated') || outcomes.includes('renewed') || outcomes.includes('recovered') || outcomes.includes('auto-renew on')) &&
      updated.endDate
    )
      await schedulePeriod(deps, tx, updated);
    return outcomes[0] ?? 'updated';
  });
}

/** A readable, unique prefix for the history rows a membership writes itself. */
const membershipRef = (row: Pick<MembershipRow, 'id' | 'stripeSubscriptionId' | 'razorpaySubscriptionId' | 'providerReference'>) =>
  row.stripeSubscriptionId ?? row.razorpaySubscriptionId ?? row.providerReference ?? `MEM-${row.id}`;

/** A charge the provider confirmed: one history row per payment, whatever the number of deliveries. */
export async function recordCharge(
  deps: MembershipDeps,
  membershipId: number,
  charge: {
    /** The provider's id of the charge (its invoice or payment): our key, and what the member sees. */
    transactionId: string;
    providerPaymentId: string | null;
    amount: number;
    kind: 'first' | 'renewal' | 'change';
    /** When the provider took the payment. */
    at?: Date | null;
  },
): Promise<boolean> {
  return withLocked(deps, membershipId, false, async (tx, row, member) => {
    if (charge.amount !== row.amount && charge.kind !== 'change')
      deps.log.warn({ membership: row.id, charged: charge.amount, price: row.amount }, 'membership charge differs from its price');
    const written = await historyRow(tx, row, {
      status: charge.kind === 'first' ? 'active' : 'renewed',
      transactionId: charge.transactionId,
      amount: charge.amount,
      providerPaymentId: charge.providerPaymentId,
      providerReference: charge.transactionId,
      occurredAt: charge.at,
    });
    if (written && charge.kind === 'renewal') {
      await notify(deps, tx, row, member, 'renewed', charge.transactionId, (base) =>
        membershipRenewedEmail({ ...base, price: priceOf(row, charge.amount), endDate: row.endDate }),
      );
    }
    return written;
  });
}

/** A renewal attempt that failed: one history row per attempt. */
export async function recordFailure(
  deps: MembershipDeps,
  membershipId: number,
  failure: {
    /** Our key of the attempt (unique per attempt). */
    transactionId: string;
    /** The provider's id of what failed (the invoice, the payment). */
    providerReference: string;
    amount: number;
    at?: Date | null;
  },
): Promise<boolean> {
  return withLocked(deps, membershipId, false, async (tx, row) => {
    return historyRow(tx, row, {
      status: 'failed',
      transactionId: failure.transactionId,
      amount: failure.amount,
      providerReference: failure.providerReference,
      occurredAt: failure.at,
    });
  });
}

/**
 * A refunded membership charge ends the membership now and revokes access. The provider is asked
 * to stop the subscription (a job, outside this transaction). Idempotent.
 */
export async function applyRefund(deps: MembershipDeps, providerPaymentId: string): Promise<'refunded' | 'already refunded' | 'unknown payment'> {
  const charge = await q.selectChargeByPayment(deps.db, providerPaymentId);
  if (!charge) return 'unknown payment';
  return withLocked<'refunded' | 'already refunded' | 'unknown payment'>(deps, charge.subscriptionId, 'unknown payment', async (tx, row, member) => {
    const written = await historyRow(tx, row, {
      status: 'refunded',
      // Refunds are whole: one per payment, so the payment names it.
      transactionId: `refund-${providerPaymentId}`,
      amount: charge.amount,
      providerPaymentId,
      providerReference: providerPaymentId,
    });
    if (!written) return 'already refunded';
    const now = new Date();
    if (!ENDED.includes(row.status)) {
      await updateMembership(tx, row.id, endedNow(row, now));
      if (row.paymentMethod !== 'manual' && row.endDate !== null) await deps.queue.enqueue(JOBS.providerCancel, { id: row.id }, { tx });
    }
    await notify(deps, tx, row, member, 'refunded', providerPaymentId, (base) => membershipRefundedEmail({ ...base, price: priceOf(row, charge.amount) }));
    return 'refunded';
  });
}

/** When the subscription's latest invoice was issued, if it is still unpaid. */
export async function stripeUnpaidSince(deps: MembershipDeps, sub: StripeSubscriptionState): Promise<Date | null> {
  if (!sub.latestInvoiceId || (sub.status !== 'past_due' && sub.status !== 'canceled' && sub.status !== 'unpaid')) return null;
  const invoice = await deps.stripe!.retrieveInvoice(sub.latestInvoiceId);
  return invoice.status === 'open' || invoice.status === 'uncollectible' ? invoice.created : null;
}

/** Re-reads the provider's state of a membership and applies it (reconciliation, the browser's return, the studio). */
export async function syncFromProvider(deps: MembershipDeps, row: MembershipRow): Promise<ApplyOutcome> {
  if (row.stripeSubscriptionId && deps.stripe) {
    const sub = await deps.stripe.retrieveSubscription(row.stripeSubscriptionId);
    return applyView(deps, row.id, viewOfStripe(sub, await stripeUnpaidSince(deps, sub)));
  }
  if (row.razorpaySubscriptionId && deps.razorpay && row.status !== 'pending') {
    return applyView(deps, row.id, viewOfRazorpay(await deps.razorpay.fetchSubscription(row.razorpaySubscriptionId)));
  }
  return 'unchanged';
}

/**
 * Ends a membership here (the grace period ran out, a non-renewing period is over, the member
 * cancelled during the grace period): the provider is told to stop too. `endedAt`: when access
 * ended (the end of the grace period or of the period), not when a job got to it.
 */
export async function endMembership(
  deps: MembershipDeps,
  membershipId: number,
  status: 'expired' | 'cancelled',
  endedAt: Date = new Date(),
): Promise<ApplyOutcome> {
  const outcome = await applyView(deps, membershipId, { status, endedAt });
  if (outcome === 'ended') {
    const row = await membershipById(deps.db, membershipId);
    if (row && (row.stripeSubscriptionId || row.razorpaySubscriptionId)) await deps.queue.enqueue(JOBS.providerCancel, { id: row.id });
  }
  return outcome;
}

/** Reminder before a renewal, sent once per period while auto-renewal is on. */
export async function sendRenewalReminder(deps: MembershipDeps, membershipId: number, endDate: string): Promise<void> {
  await withLocked(deps, membershipId, undefined, async (tx, row, member) => {
    if (row.status !== 'active' || !row.autoRenew || row.endDate?.toISOString() !== endDate) return;
    if (row.paymentMethod !== 'stripe' && row.paymentMethod !== 'razorpay') return;
    const provider = row.paymentMethod;
    await notify(deps, tx, row, member, 'renewal_reminder', endDate, (base) => renewalReminderEmail({ ...base, renewsOn: row.endDate!, provider }));
  });
}

export async function sendGraceWarning(deps: MembershipDeps, membershipId: number, graceUntil: string): Promise<void> {
  await withLocked(deps, membershipId, undefined, async (tx, row, member) => {
    if (row.status !== 'past_due' || row.graceUntil?.toISOString() !== graceUntil) return;
    await notify(deps, tx, row, member, 'grace_warning', graceUntil, (base) => graceEndingEmail({ ...base, graceUntil: row.graceUntil! }));
  });
}

/** The grace period is over and the renewal was never paid: the membership ends (and the provider stops retrying). */
export async function endGrace(deps: MembershipDeps, membershipId: number, graceUntil: string): Promise<void> {
  const row = await membershipById(deps.db, membershipId);
  if (!row || row.status !== 'past_due' || row.graceUntil?.toISOString() !== graceUntil) return;
  // The provider may have collected the payment at the last moment: ask it first.
  if ((await syncFromProvider(deps, row).catch(() => 'unchanged')) === 'recovered') return;
  const fresh = await membershipById(deps.db, membershipId);
  if (fresh?.status === 'past_due') await endMembership(deps, membershipId, 'expired', fresh.graceUntil ?? new Date());
}

/**
 * After a period's end: ask the provider (its renewal or ending webhook may be late or lost) and
 * end a membership that does not renew. Retried hourly for a day while the provider has not settled.
 */
export async function checkPeriodEnd(deps: MembershipDeps, membershipId: number, endDate: string, attempt: number): Promise<void> {
  const row = await membershipById(deps.db, membershipId);
  if (!row || row.endDate?.toISOString() !== endDate || ENDED.includes(row.status) || row.status === 'pending') return;
  if (row.stripeSubscriptionId || row.razorpaySubscriptionId) await syncFromProvider(deps, row);
  const fresh = await membershipById(deps.db, membershipId);
  if (!fresh || fresh.endDate?.toISOString() !== endDate || fresh.status !== 'active') return;
  if (!fresh.autoRenew) {
    await endMembership(deps, membershipId, 'expired', fresh.endDate ?? new Date());
    return;
  }
  if (attempt < 24) await deps.queue.enqueue(JOBS.periodEnd, { id: membershipId, endDate, attempt: attempt + 1 }, { delayMs: 60 * 60 * 1000 });
}

/** A membership bought without auto-renewal: the provider's subscription is set to end with its first period. */
export async function stopProviderRenewal(deps: MembershipDeps, membershipId: number): Promise<void> {
  const row = await membershipById(deps.db, membershipId);
  if (!row?.stripeSubscriptionId || !deps.stripe || row.autoRenew) return;
  const sub = await deps.stripe.retrieveSubscription(row.stripeSubscriptionId);
  if (!sub.cancelAtPeriodEnd && (sub.status === 'active' || sub.status === 'trialing')) await deps.stripe.setCancelAtPeriodEnd(sub.id, true);
}

/**
 * A lifetime membership was bought by a member whose monthly or yearly one is current: that one
 * ends now, with no 'ended' email and no grace (access goes on through the lifetime one), and its
 * provider subscription is stopped so nothing renews. Its unused part was taken off the lifetime
 * price (unusedCredit). Idempotent.
 */
export async function supersedeByLifetime(deps: MembershipDeps, userId: number, lifetimeId: number): Promise<number> {
  let ended = 0;
  for (const other of await liveMembershipsOf(deps.db, userId)) {
    if (other.id === lifetimeId || other.endDate === null) continue;
    ended += await withLocked(deps, other.id, 0, async (tx, row) => {
      if (row.status !== 'active' && row.status !== 'past_due') return 0;
      const now = new Date();
      await updateMembership(tx, row.id, endedNow(row, now));
      if (row.stripeSubscriptionId || row.razorpaySubscriptionId) await deps.queue.enqueue(JOBS.providerCancel, { id: row.id }, { tx });
      return 1;
    });
  }
  return ended;
}

/** Stops the provider's subscription now (after a refund, the end of the grace period or the instructor's cancellation). */
export async function cancelAtProvider(deps: MembershipDeps, membershipId: number): Promise<void> {
  const row = await membershipById(deps.db, membershipId);
  if (!row) return;
  if (row.stripeSubscriptionId && deps.stripe) {
    const sub = await deps.stripe.retrieveSubscription(row.stripeSubscriptionId);
    if (sub.status !== 'canceled' && sub.status !== 'incomplete_expired') await deps.stripe.cancelSubscriptionNow(row.stripeSubscriptionId);
  } else if (row.razorpaySubscriptionId && deps.razorpay) {
    const sub = await deps.razorpay.fetchSubscription(row.razorpaySubscriptionId);
    if (['created', 'authenticated', 'active', 'pending', 'halted'].includes(sub.status))
      await deps.razorpay.cancelSubscription(row.razorpaySubscriptionId, false);
  }
}
