import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sandboxObjects } from '../../db/schema/index.js';
import { addMonths, clockTime, moveClock, publicView, seconds } from '../sandbox-clock.js';

/**
 * Razorpay Subscriptions in the local fake: plans, subscriptions and their charges, stored as
 * Razorpay's JSON in sandbox_objects ('_' fields are the fake's own). Each subscription keeps its
 * own clock: moving it forward charges the next cycles, fails them when the card is set to decline
 * (pending, retried, then halted), and ends cancelled or completed subscriptions, with the webhooks
 * Razorpay would send.
 */

type Json = Record<string, unknown>;
export type RazorpayFakeEvent = { id: string; event: string; payload: Record<string, unknown> };

const rand = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Retries of a failed charge, in days after the first failure; after the last the subscription is halted.
 * The last one falls on the last day of the app's grace period (MEMBERSHIP_GRACE_DAYS, 7). */
export const RAZORPAY_RETRY_DAYS = [2, 4, 7];

export interface RzpPlan extends Json {
  id: string;
  entity: 'plan';
  period: 'monthly' | 'yearly';
  interval: number;
  item: { name: string; amount: number; currency: string };
  notes: Record<string, string>;
}

export interface RzpSubscription extends Json {
  id: string;
  entity: 'subscription';
  plan_id: string;
  customer_id: string | null;
  status: 'created' | 'authenticated' | 'active' | 'pending' | 'halted' | 'cancelled' | 'completed' | 'expired';
  current_start: number | null;
  current_end: number | null;
  ended_at: number | null;
  charge_at: number | null;
  total_count: number;
  paid_count: number;
  remaining_count: number;
  notes: Record<string, string>;
  created_at: number;
  /** The subscription's hosted page (here: the sandbox's card page, on the app's own origin). */
  short_url: string;
  _offset_ms: number;
  _declines: boolean;
  _cancel_at_cycle_end: boolean;
  _anchor: number | null;
  _failed_at: number | null;
  _failures: number;
}

export interface RzpPayment extends Json {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed' | 'refunded';
  order_id: null;
  invoice_id: string;
  method: 'card';
  created_at: number;
  _subscription: string;
}

export function createRazorpayBilling(db: Database) {
  async function get<T extends Json>(kind: string, id: string): Promise<T | undefined> {
    const [row] = await db
      .select()
      .from(sandboxObjects)
      .where(and(eq(sandboxObjects.id, id), eq(sandboxObjects.provider, 'razorpay'), eq(sandboxObjects.kind, kind)))
      .limit(1);
    return row?.data as T | undefined;
  }
  async function put<T extends Json & { id: string }>(kind: string, object: T): Promise<T> {
    await db
      .insert(sandboxObjects)
      .values({ id: object.id, provider: 'razorpay', kind, data: object })
      .onConflictDoUpdate({ target: sandboxObjects.id, set: { data: object } });
    return object;
  }
  async function list<T extends Json>(kind: string, field?: string, value?: string): Promise<T[]> {
    const rows = await db
      .select()
      .from(sandboxObjects)
      .where(
        and(
          eq(sandboxObjects.provider, 'razorpay'),
          eq(sandboxObjects.kind, kind),
          field ? sql`${sandboxObjects.data}->>${field} = ${value ?? ''}` : undefined,
        ),
      )
      .orderBy(sandboxObjects.createdAt);
    return rows.map((r) => r.data as T);
  }

  const nowOf = (sub: RzpSubscription) => clockTime(sub);
  const subscriptionEvent = (event: string, sub: RzpSubscription, payment?: RzpPayment): RazorpayFakeEvent => ({
    id: rand('evt'),
    event,
    payload: { subscription: { entity: publicView(sub) }, ...(payment ? { payment: { entity: publicView(payment) } } : {}) },
  });

  async function charge(sub: RzpSubscription, atMs: number, force = false): Promise<RzpPayment> {
    const plan = (await get<RzpPlan>('plan', sub.plan_id))!;
    return put<RzpPayment>('payment', {
      id: rand('pay'),
      entity: 'payment',
      amount: plan.item.amount,
      currency: plan.item.currency,
      status: force || !sub._declines ? 'captured' : 'failed',
      order_id: null,
      invoice_id: rand('inv'),
      method: 'card',
      created_at: seconds(atMs),
      _subscription: sub.id,
    });
  }

  /** A successful charge starts the next cycle. */
  async function startCycle(sub: RzpSubscription, startSeconds: number) {
    const plan = (await get<RzpPlan>('plan', sub.plan_id))!;
    sub._anchor ??= startSeconds;
    sub.paid_count += 1;
    sub.remaining_count = Math.max(0, sub.total_count - sub.paid_count);
    sub.current_start = startSeconds;
    sub.current_end = addMonths(sub._anchor, sub.paid_count * (plan.period === 'yearly' ? 12 : 1));
    sub.charge_at = sub.paid_count < sub.total_count ? sub.current_end : null;
    sub.status = 'active';
    sub._failed_at = null;
    sub._failures = 0;
  }

  /** The checkout's first payment (always succeeds): the subscription becomes active. */
  async function authenticate(id: string): Promise<{ subscription: RzpSubscription; payment: RzpPayment; events: RazorpayFakeEvent[] } | undefined> {
    const sub = await get<RzpSubscription>('subscription', id);
    if (!sub) return undefined;
    if (sub.status !== 'created') {
      const payment = (await list<RzpPayment>('payment', '_subscription', id)).find((p) => p.status !== 'failed');
      return payment ? { subscription: sub, payment, events: [] } : undefined;
    }
    const now = nowOf(sub);
    const payment = await charge(sub, now, true);
    await startCycle(sub, seconds(now));
    await put('subscription', sub);
    return {
      subscription: sub,
      payment,
      events: [
        subscriptionEvent('subscription.authenticated', sub),
        subscriptionEvent('subscription.activated', sub),
        subscriptionEvent('subscription.charged', sub, payment),
      ],
    };
  }

  async function run(sub: RzpSubscription): Promise<RazorpayFakeEvent[]> {
    const events: RazorpayFakeEvent[] = [];
    const now = nowOf(sub);
    for (let guard = 0; guard < 240; guard++) {
      if (sub.status === 'pending' && sub._failed_at) {
        const retryDay = RAZORPAY_RETRY_DAYS[sub._failures - 1];
        if (retryDay === undefined || sub._failed_at + retryDay * DAY_MS > now) break;
        const at = sub._failed_at + retryDay * DAY_MS;
        const payment = await charge(sub, at);
        if (payment.status === 'captured') {
          await startCycle(sub, sub.current_end!);
          events.push(subscriptionEvent('subscription.activated', sub), subscriptionEvent('subscription.charged', sub, payment));
          continue;
        }
        sub._failures += 1;
        events.push({ id: rand('evt'), event: 'payment.failed', payload: { payment: { entity: publicView(payment) } } });
        if (sub._failures > RAZORPAY_RETRY_DAYS.length) {
          sub.status = 'halted';
          events.push(subscriptionEvent('subscription.halted', sub, payment));
          break;
        }
        continue;
      }
      if (sub.status === 'active' && sub.current_end && sub.current_end * 1000 <= now) {
        if (sub._cancel_at_cycle_end) {
          sub.status = 'cancelled';
          sub.ended_at = sub.current_end;
          sub.charge_at = null;
          events.push(subscriptionEvent('subscription.cancelled', sub));
          break;
        }
        if (sub.paid_count >= sub.total_count) {
          sub.status = 'completed';
          sub.ended_at = sub.current_end;
          events.push(subscriptionEvent('subscription.completed', sub));
          break;
        }
        const at = sub.current_end * 1000;
        const payment = await charge(sub, at);
        if (payment.status === 'captured') {
          await startCycle(sub, sub.current_end);
          events.push(subscriptionEvent('subscription.charged', sub, payment));
          continue;
        }
        sub.status = 'pending';
        sub._failed_at = at;
        sub._failures = 1;
        events.push(
          { id: rand('evt'), event: 'payment.failed', payload: { payment: { entity: publicView(payment) } } },
          subscriptionEvent('subscription.pending', sub, payment),
        );
        continue;
      }
      break;
    }
    await put('subscription', sub);
    return events;
  }

  return {
    get,
    put,
    list,
    authenticate,
    nowOf,
    async createPlan(body: {
      period?: string;
      interval?: number;
      item?: { name?: string; amount?: number; currency?: string };
      notes?: Record<string, string>;
    }) {
      return put<RzpPlan>('plan', {
        id: rand('plan'),
        entity: 'plan',
        period: body.period === 'yearly' ? 'yearly' : 'monthly',
        interval: Number(body.interval ?? 1),
        item: { name: body.item?.name ?? 'Plan', amount: Number(body.item?.amount ?? 0), currency: body.item?.currency ?? 'INR' },
        notes: body.notes ?? {},
      });
    },
    async createSubscription(body: { plan_id: string; total_count?: number; notes?: Record<string, string> }) {
      const total = Math.max(1, Number(body.total_count ?? 1));
      return put<RzpSubscription>('subscription', {
        id: rand('sub'),
        entity: 'subscription',
        plan_id: body.plan_id,
        customer_id: null,
        status: 'created',
        current_start: null,
        current_end: null,
        ended_at: null,
        charge_at: null,
        total_count: total,
        paid_count: 0,
        remaining_count: total,
        notes: body.notes ?? {},
        created_at: seconds(Date.now()),
        short_url: '',
        _offset_ms: 0,
        _declines: false,
        _cancel_at_cycle_end: false,
        _anchor: null,
        _failed_at: null,
        _failures: 0,
      });
    },
    async cancel(id: string, atCycleEnd: boolean): Promise<{ subscription: RzpSubscription; events: RazorpayFakeEvent[] } | undefined> {
      const sub = await get<RzpSubscription>('subscription', id);
      if (!sub) return undefined;
      if (['cancelled', 'completed', 'expired'].includes(sub.status)) return { subscription: sub, events: [] };
      if (atCycleEnd && sub.status === 'active') {
        sub._cancel_at_cycle_end = true;
        await put('subscription', sub);
        return { subscription: sub, events: [] };
      }
      sub.status = 'cancelled';
      sub.ended_at = seconds(nowOf(sub));
      sub.charge_at = null;
      await put('subscription', sub);
      return { subscription: sub, events: [subscriptionEvent('subscription.cancelled', sub)] };
    },
    /** Moves this subscription's clock to `toMs` and runs what falls due. */
    async advance(id: string, toMs: number): Promise<RazorpayFakeEvent[]> {
      const sub = await get<RzpSubscription>('subscription', id);
      if (!sub) return [];
      moveClock(sub, toMs);
      return run(sub);
    },
    /**
     * The customer saves another card on the subscription's hosted page: it pays (or declines) from
     * now on, and a pending subscription's last invoice is charged at once, as Razorpay does.
     */
    async saveCard(id: string, declines: boolean): Promise<RazorpayFakeEvent[]> {
      const sub = await get<RzpSubscription>('subscription', id);
      if (!sub) return [];
      sub._declines = declines;
      const events: RazorpayFakeEvent[] = [];
      if (!declines && sub.status === 'pending' && sub.current_end) {
        const payment = await charge(sub, nowOf(sub));
        await startCycle(sub, sub.current_end);
        events.push(subscriptionEvent('subscription.activated', sub), subscriptionEvent('subscription.charged', sub, payment));
      }
      await put('subscription', sub);
      return events;
    },
    async setDeclines(id: string, declines: boolean) {
      const sub = await get<RzpSubscription>('subscription', id);
      if (sub) await put('subscription', { ...sub, _declines: declines });
    },
    async refund(paymentId: string): Promise<{ refund: Json; events: RazorpayFakeEvent[] } | undefined> {
      const payment = await get<RzpPayment>('payment', paymentId);
      if (!payment || payment.status === 'failed') return undefined;
      const refund = { id: rand('rfnd'), entity: 'refund', payment_id: payment.id, amount: payment.amount, currency: payment.currency, status: 'processed' };
      if (payment.status === 'refunded') return { refund, events: [] };
      payment.status = 'refunded';
      await put('payment', payment);
      return {
        refund,
        events: [{ id: rand('evt'), event: 'refund.processed', payload: { refund: { entity: refund }, payment: { entity: publicView(payment) } } }],
      };
    },
  };
}

export type RazorpayBilling = ReturnType<typeof createRazorpayBilling>;
