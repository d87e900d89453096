import { toMajor } from '../../../shared/pricing.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../db/client.js';
import { getPublicUser, getPublicUsers } from '../accounts/index.js';
import { listPlanNames } from '../catalog/index.js';
import {
  createMembership,
  isMembershipCurrent,
  membershipById,
  type MembershipRow,
  membershipsForStudio,
  membershipsOfUser,
  type MembershipStatus,
  type StudioMemberState,
} from '../memberships/index.js';
import { applyRefund, applyView, cancelAtProvider, endMembership, type MembershipDeps } from './state-machine.js';
import * as q from './queries.js';
import { stopRenewal } from './service.js';

/**
 * What the instructor's studio does with memberships. These functions decide nothing about the
 * viewer: the studio's routes check the admin role first and write the audit log.
 */

export interface StudioMembership {
  id: number;
  user: { id: number; email: string; full_name: string } | null;
  plan_name: string;
  plan_type: 'monthly' | 'yearly' | 'lifetime' | null;
  /** Internal lifecycle status: pending, active, past_due, cancelled, expired, failed. */
  status: MembershipStatus;
  /** The studio's state: active, in_grace, cancelled, expired, incomplete. */
  state: StudioMemberState;
  /** The member's badge: Active, Cancelled or Inactive. */
  badge: 'Active' | 'Cancelled' | 'Inactive';
  is_current: boolean;
  payment_method: 'stripe' | 'razorpay' | 'manual';
  amount: number;
  currency: string;
  start_date: string | null;
  end_date: string | null;
  grace_until: string | null;
  auto_renew: boolean;
  provider_subscription_id: string | null;
  provider_reference: string | null;
  created_at: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The studio's state of a membership (isMembershipCurrent decides current; stateWhere in queries.ts is its SQL twin). */
export function stateOf(row: MembershipRow, now: Date = new Date()): StudioMemberState {
  if (row.status === 'pending' || row.status === 'failed') return 'incomplete';
  if (row.status === 'cancelled') return 'cancelled';
  if (isMembershipCurrent(row, now)) return row.status === 'past_due' ? 'in_grace' : 'active';
  return 'expired';
}

async function toStudio(deps: Pick<MembershipDeps, 'db'>, rows: MembershipRow[]): Promise<StudioMembership[]> {
  // The page's members in one query, not one each.
  const [plans, users] = await Promise.all([
    listPlanNames(deps.db),
    getPublicUsers(
      deps.db,
      rows.map((r) => r.userId),
    ),
  ]);
  const now = new Date();
  return rows.map((row) => {
    const plan = plans.find((p) => p.id === row.planId);
    const user = users.get(row.userId);
    const current = isMembershipCurrent(row, now);
    return {
      id: row.id,
      user: user ? { id: user.id, email: user.email, full_name: user.fullName } : null,
      plan_name: plan?.name ?? 'Membership',
      plan_type: plan?.planType ?? null,
      status: row.status,
      state: stateOf(row, now),
      badge: current ? 'Active' : row.status === 'cancelled' ? 'Cancelled' : 'Inactive',
      is_current: current,
      payment_method: row.paymentMethod,
      amount: toMajor(row.amount),
      currency: row.currency,
      start_date: iso(row.startDate),
      end_date: iso(row.endDate),
      grace_until: iso(row.graceUntil),
      auto_renew: row.autoRenew,
      provider_subscription_id: row.stripeSubscriptionId ?? row.razorpaySubscriptionId,
      provider_reference: row.providerReference,
      created_at: row.createdAt.toISOString(),
    };
  });
}

/** Memberships (not abandoned checkouts unless asked), newest first, for members given by id (the studio resolves a search to users). */
export async function listMemberships(
  deps: Pick<MembershipDeps, 'db'>,
  filter: {
    userIds?: number[] | undefined;
    statuses?: MembershipStatus[];
    state?: StudioMemberState | undefined;
    paymentMethod?: 'stripe' | 'razorpay' | 'manual' | undefined;
    planType?: 'monthly' | 'yearly' | 'lifetime' | undefined;
    sort?: '-created_at' | 'created_at' | 'end_date' | '-end_date' | undefined;
    page?: number;
    pageSize?: number;
  } = {},
): Promise<{ count: number; results: StudioMembership[] }> {
  const pageSize = Math.min(100, Math.max(1, filter.pageSize ?? 25));
  const page = Math.max(1, filter.page ?? 1);
  const planIds = filter.planType ? (await listPlanNames(deps.db)).filter((p) => p.planType === filter.planType).map((p) => p.id) : undefined;
  const rows = await membershipsForStudio(deps.db, {
    userIds: filter.userIds,
    statuses: filter.statuses,
    state: filter.state,
    paymentMethod: filter.paymentMethod,
    planIds,
    sort: filter.sort,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return {
    count: rows[0]?.total ?? 0,
    results: await toStudio(
      deps,
      rows.map((r) => r.membership),
    ),
  };
}

export interface StudioMembershipDetail extends StudioMembership {
  provider_customer_id: string | null;
  canceled_at: string | null;
  ended_at: string | null;
  history: {
    status: string;
    plan_name: string;
    payment_method: string;
    amount: number;
    currency: string;
    transaction_id: string;
    provider_payment_id: string | null;
    created_at: string;
  }[];
}

/** One membership with its whole history and the provider's ids (customer, subscription, checkout). */
export async function getMembershipDetail(deps: Pick<MembershipDeps, 'db'>, membershipId: number): Promise<StudioMembershipDetail> {
  const row = await membershipById(deps.db, membershipId);
  if (!row) throw AppError.notFound('Membership not found.');
  const [membership] = await toStudio(deps, [row]);
  const history = await q.selectHistoryOfMembership(deps.db, row.id);
  return {
    ...membership!,
    provider_customer_id: row.stripeCustomerId ?? row.razorpayCustomerId,
    canceled_at: iso(row.canceledAt),
    ended_at: iso(row.endedAt),
    history: history.map((h) => ({
      status: h.status,
      plan_name: h.planName,
      payment_method: h.paymentMethod,
      amount: toMajor(h.amount),
      currency: h.currency,
      transaction_id: h.transactionId,
      provider_payment_id: h.providerPaymentId,
      created_at: h.occurredAt.toISOString(),
    })),
  };
}

export async function getMembership(deps: Pick<MembershipDeps, 'db'>, membershipId: number): Promise<StudioMembership> {
  const row = await membershipById(deps.db, membershipId);
  if (!row) throw AppError.notFound('Membership not found.');
  return (await toStudio(deps, [row]))[0]!;
}

function addMonths(from: Date, months: number): Date {
  const d = new Date(from);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * Gives a member N months free ('comp'). A current complimentary membership is extended; a member
 * who pays for a current membership is refused (409): their provider bills them, so a comp would
 * overlap it.
 */
export async function compMembership(deps: MembershipDeps, input: { userId: number; months: number }): Promise<StudioMembership> {
  if (!Number.isInteger(input.months) || input.months < 1 || input.months > 60) throw AppError.fields({ months: ['Give between 1 and 60 months.'] });
  const user = await getPublicUser(deps.db, input.userId);
  if (!user) throw AppError.notFound('User not found.');
  const live = (await membershipsOfUser(deps.db, user.id)).filter((r) => isMembershipCurrent(r));
  const comp = live.find((r) => r.paymentMethod === 'manual' && r.endDate);
  if (live.some((r) => r.paymentMethod !== 'manual' || !r.endDate)) {
    throw new AppError('conflict', 'This member already has a current membership.', { detail: 'This member already has a current membership.' });
  }
  if (comp) {
    const endDate = addMonths(comp.endDate!, input.months);
    await applyView(deps, comp.id, { status: 'active', periodEnd: endDate });
    await recordComp(deps, comp, input.months, endDate);
    return getMembership(deps, comp.id);
  }
  const monthly = (await listPlanNames(deps.db)).find((p) => p.planType === 'monthly');
  if (!monthly) throw AppError.notFound('No monthly plan to grant.');
  const now = new Date();
  const endDate = addMonths(now, input.months);
  const row = await createMembership(deps.db, {
    userId: user.id,
    planId: monthly.id,
    status: 'pending',
    paymentMethod: 'manual',
    region: 'US',
    currency: 'USD',
    amount: 0,
    autoRenew: false,
  });
  await applyView(deps, row.id, { status: 'active', periodStart: now, periodEnd: endDate });
  await recordComp(deps, row, input.months, endDate);
  return getMembership(deps, row.id);
}

async function recordComp(deps: MembershipDeps, row: MembershipRow, months: number, endDate: Date) {
  const plan = (await listPlanNames(deps.db)).find((p) => p.id === row.planId);
  await q.insertHistory(deps.db, {
    subscriptionId: row.id,
    userId: row.userId,
    planName: `${plan?.name ?? 'Membership'} (complimentary, ${months} month${months === 1 ? '' : 's'})`,
    paymentMethod: 'Complimentary',
    currency: row.currency,
    amount: 0,
    status: 'created',
    transactionId: `COMP-${row.id}-${endDate.getTime()}`,
  });
}

/**
 * Cancels a member's membership on their behalf: at the end of the period (auto-renewal off, as
 * the member would) or now (access ends at once, the provider stops billing).
 */
export async function cancelMembershipFor(deps: MembershipDeps, input: { membershipId: number; immediately: boolean }): Promise<StudioMembership> {
  const row = await membershipById(deps.db, input.membershipId);
  if (!row) throw AppError.notFound('Membership not found.');
  if (input.immediately) {
    if (row.status === 'pending' || row.status === 'failed' || row.status === 'expired' || row.status === 'cancelled') {
      throw new AppError('bad_request', 'This membership has already ended.', { detail: 'This membership has already ended.' });
    }
    await cancelAtProvider(deps, row.id);
    await endMembership(deps, row.id, 'cancelled');
  } else {
    await stopRenewal(deps, row);
  }
  return getMembership(deps, row.id);
}

/**
 * Refunds the membership's last charge in full at its provider; the membership ends and access is
 * revoked at once (the provider's refund webhook then changes nothing).
 */
export async function refundLastCharge(deps: MembershipDeps, input: { membershipId: number }): Promise<StudioMembership> {
  const row = await membershipById(deps.db, input.membershipId);
  if (!row) throw AppError.notFound('Membership not found.');
  const charge = await q.selectLastCharge(deps.db, row.id);
  if (!charge?.providerPaymentId)
    throw new AppError('bad_request', 'This membership has no charge to refund.', { detail: 'This membership has no charge to refund.' });
  if (await q.paymentRefunded(deps.db, charge.providerPaymentId))
    throw new AppError('conflict', 'This charge has already been refunded.', { detail: 'This charge has already been refunded.' });
  try {
    if (row.paymentMethod === 'stripe' && deps.stripe) await deps.stripe.refund(charge.providerPaymentId, `refund-${charge.providerPaymentId}`);
    else if (row.paymentMethod === 'razorpay' && deps.razorpay) await deps.razorpay.refund(charge.providerPaymentId, `MEM-${row.id}`);
    else throw new Error(`no provider for ${row.paymentMethod}`);
  } catch (cause) {
    deps.log.error({ err: cause, membership: row.id }, 'refund failed at the provider');
    throw new AppError('unavailable', 'The payment provider did not accept the refund. Please try again.', {
      detail: 'The payment provider did not accept the refund. Please try again.',
    });
  }
  await applyRefund(deps, charge.providerPaymentId);
  return getMembership(deps, row.id);
}

/** Membership charges and refunds per UTC day and currency in [from, to) (the studio's overview). */
export function membershipMoneyByDay(db: Db, from: Date, to: Date) {
  return q.selectChargesByDay(db, from, to);
}
