import { z } from 'zod';
import { membershipById, updateMembership } from '../memberships/index.js';
import {
  cancelAtProvider,
  checkPeriodEnd,
  endGrace,
  JOBS,
  sendGraceWarning,
  sendRenewalReminder,
  stopProviderRenewal,
  type MembershipDeps,
} from './state-machine.js';

const byId = z.object({ id: z.number().int() });

/** A pending checkout replaced by a newer one: closed at the provider so it can no longer be paid. */
async function closeCheckout(deps: MembershipDeps, id: number): Promise<void> {
  const row = await membershipById(deps.db, id);
  if (!row || row.status !== 'pending') return;
  if (row.paymentMethod === 'stripe' && row.providerReference && deps.stripe) {
    const session = await deps.stripe.retrieveSession(row.providerReference);
    if (session.status === 'open') await deps.stripe.expireSession(row.providerReference);
    if (session.status === 'complete') return; // paid after all: its webhook activates it
  } else if (row.razorpaySubscriptionId && deps.razorpay) {
    const sub = await deps.razorpay.fetchSubscription(row.razorpaySubscriptionId);
    if (sub.status !== 'created') return;
    await deps.razorpay.cancelSubscription(row.razorpaySubscriptionId, false);
  }
  // A Razorpay order (lifetime) cannot be closed: a late payment on it still activates.
  if (row.paymentMethod === 'stripe' || row.razorpaySubscriptionId) await updateMembership(deps.db, id, { status: 'failed' });
}

/** The scheduled work of memberships, on the durable job queue. */
export function registerMembershipJobs(deps: MembershipDeps): void {
  const { queue } = deps;
  queue.register({
    name: JOBS.reminder,
    payload: z.object({ id: z.number().int(), endDate: z.string() }),
    handler: ({ id, endDate }) => sendRenewalReminder(deps, id, endDate),
  });
  queue.register({
    name: JOBS.graceWarning,
    payload: z.object({ id: z.number().int(), graceUntil: z.string() }),
    handler: ({ id, graceUntil }) => sendGraceWarning(deps, id, graceUntil),
  });
  queue.register({
    name: JOBS.graceEnd,
    payload: z.object({ id: z.number().int(), graceUntil: z.string() }),
    handler: ({ id, graceUntil }) => endGrace(deps, id, graceUntil),
  });
  queue.register({
    name: JOBS.periodEnd,
    payload: z.object({ id: z.number().int(), endDate: z.string(), attempt: z.number().int().min(0) }),
    handler: ({ id, endDate, attempt }) => checkPeriodEnd(deps, id, endDate, attempt),
  });
  queue.register({ name: JOBS.providerCancel, payload: byId, maxAttempts: 10, handler: ({ id }) => cancelAtProvider(deps, id) });
  queue.register({ name: JOBS.providerNoRenew, payload: byId, maxAttempts: 10, handler: ({ id }) => stopProviderRenewal(deps, id) });
  queue.register({ name: JOBS.closeCheckout, payload: byId, handler: ({ id }) => closeCheckout(deps, id) });
}
