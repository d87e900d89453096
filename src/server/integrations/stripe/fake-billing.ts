import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { sandboxObjects } from '../../db/schema/index.js';
import { addMonths, clockTime, moveClock, publicView, seconds, type TestClock } from '../sandbox-clock.js';

/**
 * The Stripe Billing part of the local fake: customers, subscriptions, invoices, charges, refunds
 * and test clocks, stored as Stripe's JSON in sandbox_objects. Fields starting with '_' are the
 * fake's own bookkeeping and are never sent.
 *
 * Every customer gets its own test clock (real Stripe attaches one only when asked): advancing it
 * renews, fails or ends that customer's subscriptions the way Stripe Billing would, and delivers
 * the events. A subscription's card can be set to decline renewals, to walk through dunning.
 */

type Json = Record<string, unknown>;
/** `created`: when it happened by the customer's test clock (unix seconds), as Stripe's events carry it. */
export type StripeFakeEvent = { id: string; type: string; object: Json; created?: number };

const rand = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
/** An amount as Stripe writes it in its messages ("$49.00"). */
export const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
const DAY_MS = 24 * 60 * 60 * 1000;
/** Retries after a failed renewal, counted from the first failure; after the last one the subscription is cancelled.
 * The last retry falls on the last day of the app's grace period (MEMBERSHIP_GRACE_DAYS, 7), as
 * the live account's retry schedule must be set (README: Memberships), so access ends the day the member was told. */
export const RETRY_DAYS = [2, 4, 7];

interface Clock extends Json, TestClock {
  id: string;
  object: 'test_clock';
  name: string;
}

interface Customer extends Json {
  id: string;
  email: string | null;
  name: string | null;
  test_clock: string;
}

interface Subscription extends Json {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  billing_cycle_anchor: number;
  metadata: Record<string, string>;
  latest_invoice: string | null;
  items: { object: 'list'; data: [SubscriptionItem] };
  /** Periods started since the anchor (0 for the first). */
  _period: number;
  /** Sandbox switch: the card declines renewal charges. */
  _declines: boolean;
  _product: string;
}

interface SubscriptionItem extends Json {
  id: string;
  object: 'subscription_item';
  current_period_start: number;
  current_period_end: number;
  price: { id: string; object: 'price'; currency: string; unit_amount: number; recurring: { interval: 'month' | 'year'; interval_count: 1 }; product: string };
}

interface Invoice extends Json {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'open' | 'paid' | 'void' | 'uncollectible';
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  amount_due: number;
  amount_paid: number;
  currency: string;
  attempt_count: number;
  next_payment_attempt: number | null;
  created: number;
  period_start: number;
  period_end: number;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Record<string, string> } };
  payments: { object: 'list'; data: { object: 'invoice_payment'; status: string; payment: { type: 'payment_intent'; payment_intent: string } }[] };
  _first_failure_ms?: number;
}

interface Product extends Json {
  id: string;
  object: 'product';
  name: string;
  active: boolean;
}

/** A Price: immutable apart from `active` and its metadata, as at Stripe. */
export interface FakePrice extends Json {
  id: string;
  object: 'price';
  active: boolean;
  currency: string;
  unit_amount: number;
  product: string;
  recurring: { interval: 'month' | 'year'; interval_count: 1 } | null;
  type: 'recurring' | 'one_time';
}

interface Charge extends Json {
  id: string;
  object: 'charge';
  payment_intent: string;
  amount: number;
  currency: string;
  refunded: boolean;
  amount_refunded: number;
  created: number;
}

/** The anchor plus n months (or years), as Stripe renews a subscription. */
export const addPeriods = (anchorSeconds: number, interval: 'month' | 'year', n: number): number =>
  addMonths(anchorSeconds, n * (interval === 'year' ? 12 : 1));

/** Stripe's answer about an id it does not know ("No such subscription: 'sub_…'"). */
const notFound = (what: string, id?: string) => ({
  error: { type: 'invalid_request_error', code: 'resource_missing', message: id === undefined ? `No such ${what}` : `No such ${what}: '${id}'` },
});

export interface StripeBilling {
  createCustomer(input: { email?: string; name?: string; metadata?: Record<string, string> }): Promise<Customer>;
  /** The paid first invoice of a subscription-mode checkout: returns the subscription and the events Stripe would send. */
  startSubscription(input: {
    customer: string;
    currency: string;
    amount: number;
    interval: 'month' | 'year';
    productName: string;
    metadata: Record<string, string>;
    /** The Price the checkout named (absent: an inline price_data, which Stripe turns into a new Price). */
    priceId?: string | undefined;
    productId?: string | undefined;
  }): Promise<{ subscription: Subscription; events: StripeFakeEvent[] }>;
  /** Moves the clock to `toMs` and runs what falls due on it: renewals, retries, ends. */
  advanceClock(clockId: string, toMs: number): Promise<StripeFakeEvent[]>;
  clockNow(customerId: string): Promise<number>;
  setDeclines(subscriptionId: string, declines: boolean): Promise<void>;
  /**
   * A payment method saved in the Billing Portal: the customer's subscriptions' card pays (or
   * declines) from now on, and an open renewal invoice of a past-due one is retried at once, as
   * Stripe does when the default payment method changes. Returns the events.
   */
  savePaymentMethod(customerId: string, declines: boolean): Promise<StripeFakeEvent[]>;
  put<T extends Json & { id: string }>(kind: string, object: T): Promise<T>;
  /**
   * Refunds a membership charge, in full or `amount` of what is left; undefined when no charge has
   * that id, `refused` (Stripe's words) when more than is left is asked.
   */
  refund(input: {
    paymentIntent?: string | undefined;
    charge?: string | undefined;
    amount?: number | undefined;
  }): Promise<{ refund: Json; events: StripeFakeEvent[] } | { refused: string; code: string } | undefined>;
  listSubscriptions(): Promise<{ subscription: Subscription; customer: Customer | undefined; clockNowMs: number; lastCharge: Charge | undefined }[]>;
  get<T extends Json>(kind: string, id: string): Promise<T | undefined>;
  registerRoutes(api: FastifyInstance, deliver: (events: StripeFakeEvent[]) => Promise<void>): void;
}

export function createStripeBilling(db: Database): StripeBilling {
  async function get<T extends Json>(kind: string, id: string): Promise<T | undefined> {
    const [row] = await db
      .select()
      .from(sandboxObjects)
      .where(and(eq(sandboxObjects.id, id), eq(sandboxObjects.provider, 'stripe'), eq(sandboxObjects.kind, kind)))
      .limit(1);
    return row?.data as T | undefined;
  }
  async function put<T extends Json & { id: string }>(kind: string, object: T): Promise<T> {
    await db
      .insert(sandboxObjects)
      .values({ id: object.id, provider: 'stripe', kind, data: object })
      .onConflictDoUpdate({ target: sandboxObjects.id, set: { data: object } });
    return object;
  }
  async function list<T extends Json>(kind: string, field?: string, value?: string): Promise<T[]> {
    const rows = await db
      .select()
      .from(sandboxObjects)
      .where(
        and(eq(sandboxObjects.provider, 'stripe'), eq(sandboxObjects.kind, kind), field ? sql`${sandboxObjects.data}->>${field} = ${value ?? ''}` : undefined),
      )
      .orderBy(sandboxObjects.createdAt);
    return rows.map((r) => r.data as T);
  }

  async function clockNow(customerId: string): Promise<number> {
    const customer = await get<Customer>('customer', customerId);
    const clock = customer ? await get<Clock>('test_clock', customer.test_clock) : undefined;
    return clockTime(clock);
  }

  const clockJson = (clock: Clock) => ({ ...publicView(clock), frozen_time: seconds(clockTime(clock)), status: 'ready' });

  async function createCustomer(input: { email?: string; name?: string; metadata?: Record<string, string> }): Promise<Customer> {
    const clock = await put<Clock>('test_clock', { id: rand('clock'), object: 'test_clock', name: `Clock for ${input.email ?? 'customer'}`, _offset_ms: 0 });
    return put<Customer>('customer', {
      id: rand('cus'),
      object: 'customer',
      email: input.email ?? null,
      name: input.name ?? null,
      metadata: input.metadata ?? {},
      test_clock: clock.id,
      created: seconds(Date.now()),
    });
  }

  function newInvoice(sub: Subscription, reason: Invoice['billing_reason'], nowMs: number): Invoice {
    const item = sub.items.data[0];
    return {
      id: rand('in'),
      object: 'invoice',
      customer: sub.customer,
      status: 'open',
      billing_reason: reason,
      amount_due: item.price.unit_amount,
      amount_paid: 0,
      currency: item.price.currency,
      attempt_count: 0,
      next_payment_attempt: null,
      created: seconds(nowMs),
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      payments: { object: 'list', data: [] },
    };
  }

  /** One payment attempt on an invoice; the card's switch decides (the first charge, made in checkout, always succeeds). */
  async function attempt(sub: Subscription, invoice: Invoice, nowMs: number, force = false): Promise<boolean> {
    invoice.attempt_count += 1;
    const paymentIntent = rand('pi');
    if (force || !sub._declines) {
      const charge = await put<Charge>('charge', {
        id: rand('ch'),
        object: 'charge',
        payment_intent: paymentIntent,
        amount: invoice.amount_due,
        currency: invoice.currency,
        refunded: false,
        amount_refunded: 0,
        created: seconds(nowMs),
        invoice: invoice.id,
      });
      invoice.status = 'paid';
      invoice.amount_paid = charge.amount;
      invoice.next_payment_attempt = null;
      invoice.payments.data.push({ object: 'invoice_payment', status: 'paid', payment: { type: 'payment_intent', payment_intent: paymentIntent } });
      invoice.status_transitions = { paid_at: seconds(nowMs) };
      return true;
    }
    invoice._first_failure_ms ??= nowMs;
    const retryDay = RETRY_DAYS[invoice.attempt_count - 1];
    invoice.next_payment_attempt = retryDay === undefined ? null : seconds(invoice._first_failure_ms + retryDay * DAY_MS);
    return false;
  }

  const event = (type: string, object: Json, atMs?: number): StripeFakeEvent => ({
    id: rand('evt'),
    type,
    object: publicView(object),
    ...(atMs === undefined ? {} : { created: seconds(atMs) }),
  });

  async function startSubscription(input: Parameters<StripeBilling['startSubscription']>[0]) {
    const nowMs = await clockNow(input.customer);
    const start = seconds(nowMs);
    const sub: Subscription = {
      id: rand('sub'),
      object: 'subscription',
      customer: input.customer,
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      created: start,
      start_date: start,
      billing_cycle_anchor: start,
      metadata: input.metadata,
      latest_invoice: null,
      items: {
        object: 'list',
        data: [
          {
            id: rand('si'),
            object: 'subscription_item',
            current_period_start: start,
            current_period_end: addPeriods(start, input.interval, 1),
            price: {
              id: input.priceId ?? rand('price'),
              object: 'price',
              currency: input.currency,
              unit_amount: input.amount,
              recurring: { interval: input.interval, interval_count: 1 },
              product: input.productId ?? rand('prod'),
            },
          },
        ],
      },
      _period: 0,
      _declines: false,
      _product: input.productName,
    };
    const invoice = newInvoice(sub, 'subscription_create', nowMs);
    await attempt(sub, invoice, nowMs, true);
    sub.latest_invoice = invoice.id;
    await put('invoice', invoice);
    await put('subscription', sub);
    return { subscription: sub, events: [event('customer.subscription.created', sub), event('invoice.paid', invoice)] };
  }

  /** Runs everything due on one subscription up to `nowMs`, in time order. */
  async function run(sub: Subscription, nowMs: number): Promise<StripeFakeEvent[]> {
    const events: StripeFakeEvent[] = [];
    const item = sub.items.data[0];
    const interval = item.price.recurring.interval;
    for (let guard = 0; guard < 240; guard++) {
      const latest = sub.latest_invoice ? await get<Invoice>('invoice', sub.latest_invoice) : undefined;
      if (sub.status === 'past_due' && latest?.status === 'open' && latest.next_payment_attempt && latest.next_payment_attempt * 1000 <= nowMs) {
        const at = latest.next_payment_attempt * 1000;
        if (await attempt(sub, latest, at)) {
          sub.status = 'active';
          events.push(event('invoice.paid', latest), event('customer.subscription.updated', sub));
        } else if (latest.next_payment_attempt === null) {
          // Every retry failed: Stripe's "cancel the subscription" setting.
          sub.status = 'canceled';
          sub.ended_at = seconds(at);
          sub.canceled_at = seconds(at);
          latest.status = 'uncollectible';
          events.push(event('invoice.payment_failed', latest, at), event('customer.subscription.deleted', sub, at));
        } else {
          events.push(event('invoice.payment_failed', latest, at));
        }
        await put('invoice', latest);
        continue;
      }
      const periodEnd = item.current_period_end * 1000;
      if ((sub.status === 'active' || sub.status === 'past_due') && periodEnd <= nowMs) {
        if (sub.cancel_at_period_end || sub.status === 'past_due') {
          // A subscription still past due at the next period end is cancelled too.
          sub.status = 'canceled';
          sub.ended_at = item.current_period_end;
          events.push(event('customer.subscription.deleted', sub));
          break;
        }
        // Renewal: the period advances by exactly one interval whether or not the charge succeeds.
        sub._period += 1;
        item.current_period_start = item.current_period_end;
        item.current_period_end = addPeriods(sub.billing_cycle_anchor, interval, sub._period + 1);
        const invoice = newInvoice(sub, 'subscription_cycle', periodEnd);
        sub.latest_invoice = invoice.id;
        if (await attempt(sub, invoice, periodEnd)) {
          events.push(event('invoice.paid', invoice), event('customer.subscription.updated', sub));
        } else {
          sub.status = 'past_due';
          events.push(event('invoice.payment_failed', invoice, periodEnd), event('customer.subscription.updated', sub, periodEnd));
        }
        await put('invoice', invoice);
        continue;
      }
      break;
    }
    await put('subscription', sub);
    return events;
  }

  async function advanceClock(clockId: string, toMs: number): Promise<StripeFakeEvent[]> {
    const clock = await get<Clock>('test_clock', clockId);
    if (!clock) return [];
    moveClock(clock, toMs);
    await put('test_clock', clock);
    const events: StripeFakeEvent[] = [];
    for (const customer of await list<Customer>('customer', 'test_clock', clockId)) {
      for (const sub of await list<Subscription>('subscription', 'customer', customer.id)) {
        if (sub.status === 'active' || sub.status === 'past_due') events.push(...(await run(sub, clockTime(clock))));
      }
    }
    return events;
  }

  async function refund(input: { paymentIntent?: string | undefined; charge?: string | undefined; amount?: number | undefined }) {
    const charge = input.charge
      ? await get<Charge>('charge', input.charge)
      : input.paymentIntent
        ? (await list<Charge>('charge', 'payment_intent', input.paymentIntent))[0]
        : undefined;
    if (!charge) return undefined;
    const left = charge.amount - charge.amount_refunded;
    if (left <= 0) return { refused: `Charge ${charge.id} has already been refunded.`, code: 'charge_already_refunded' };
    const amount = input.amount ?? left;
    if (amount > left)
      return {
        refused: `Refund amount (${money(amount, charge.currency)}) is greater than unrefunded amount on charge (${money(left, charge.currency)})`,
        code: 'amount_too_large',
      };
    const refundJson = {
      id: rand('re'),
      object: 'refund',
      status: 'succeeded',
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: charge.payment_intent,
    };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    await put('charge', charge);
    return { refund: refundJson, events: [event('charge.refunded', charge)] };
  }

  /**
   * A new Price on the subscription's item, prorated as Stripe does with proration_behavior
   * always_invoice: the unused time of the current period is credited; an interval change (month
   * to year) starts a new period now (the billing cycle anchor resets) and invoices the new price
   * less the credit; the same interval keeps the period and invoices the difference for the time
   * left. The invoice is charged now; a declined card changes nothing (error_if_incomplete).
   */
  async function changePrice(sub: Subscription, price: FakePrice): Promise<{ declined: boolean; events: StripeFakeEvent[] }> {
    const nowMs = await clockNow(sub.customer);
    const item = sub.items.data[0];
    const startMs = item.current_period_start * 1000;
    const endMs = item.current_period_end * 1000;
    const left = Math.min(1, Math.max(0, (endMs - nowMs) / Math.max(1, endMs - startMs)));
    const credit = Math.round(item.price.unit_amount * left);
    const interval = price.recurring!.interval;
    const resets = interval !== item.price.recurring.interval;
    const due = Math.max(0, resets ? price.unit_amount - credit : Math.round(price.unit_amount * left) - credit);
    const invoice = newInvoice(sub, 'subscription_update', nowMs);
    invoice.amount_due = due;
    invoice.currency = price.currency;
    if (!(await attempt(sub, invoice, nowMs))) return { declined: true, events: [] };
    item.price = {
      id: price.id,
      object: 'price',
      currency: price.currency,
      unit_amount: price.unit_amount,
      recurring: { interval, interval_count: 1 },
      product: price.product,
    };
    if (resets) {
      const now = seconds(nowMs);
      sub.billing_cycle_anchor = now;
      sub._period = 0;
      item.current_period_start = now;
      item.current_period_end = addPeriods(now, interval, 1);
    }
    invoice.period_start = item.current_period_start;
    invoice.period_end = item.current_period_end;
    sub.latest_invoice = invoice.id;
    await put('invoice', invoice);
    await put('subscription', sub);
    return { declined: false, events: [event('invoice.paid', invoice), event('customer.subscription.updated', sub)] };
  }

  return {
    createCustomer,
    startSubscription,
    put,
    async savePaymentMethod(customerId, declines) {
      const events: StripeFakeEvent[] = [];
      for (const sub of await list<Subscription>('subscription', 'customer', customerId)) {
        if (sub.status === 'canceled') continue;
        sub._declines = declines;
        const latest = sub.latest_invoice ? await get<Invoice>('invoice', sub.latest_invoice) : undefined;
        if (!declines && sub.status === 'past_due' && latest?.status === 'open') {
          const nowMs = await clockNow(customerId);
          if (await attempt(sub, latest, nowMs)) {
            sub.status = 'active';
            events.push(event('invoice.paid', latest), event('customer.subscription.updated', sub));
          }
          await put('invoice', latest);
        }
        await put('subscription', sub);
      }
      return events;
    },
    advanceClock,
    clockNow,
    get,
    refund,
    async setDeclines(subscriptionId, declines) {
      const sub = await get<Subscription>('subscription', subscriptionId);
      if (sub) await put('subscription', { ...sub, _declines: declines });
    },
    async listSubscriptions() {
      const subs = await list<Subscription>('subscription');
      return Promise.all(
        subs.reverse().map(async (subscription) => {
          const invoice = subscription.latest_invoice ? await get<Invoice>('invoice', subscription.latest_invoice) : undefined;
          const paidInvoices = (await list<Invoice>('invoice')).filter(
            (i) => i.parent.subscription_details.subscription === subscription.id && i.status === 'paid',
          );
          const lastPaid = paidInvoices.at(-1) ?? invoice;
          const pi = lastPaid?.payments.data[0]?.payment.payment_intent;
          return {
            subscription,
            customer: await get<Customer>('customer', subscription.customer),
            clockNowMs: await clockNow(subscription.customer),
            lastCharge: pi ? (await list<Charge>('charge', 'payment_intent', pi))[0] : undefined,
          };
        }),
      );
    },
    registerRoutes(api, deliver) {
      const invalid = (message: string, param?: string) => ({ error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } });

      api.post('/v1/products', async (request, reply) => {
        const body = (request.body ?? {}) as { name?: string; metadata?: Record<string, string> };
        if (!body.name) return reply.code(400).send(invalid('Missing required param: name.', 'name'));
        return publicView(await put<Product>('product', { id: rand('prod'), object: 'product', name: body.name, active: true, metadata: body.metadata ?? {} }));
      });
      api.get('/v1/products/:id', async (request, reply) => {
        const product = await get<Product>('product', (request.params as { id: string }).id);
        return product ? publicView(product) : reply.code(404).send(notFound('product'));
      });
      api.post('/v1/products/:id', async (request, reply) => {
        const product = await get<Product>('product', (request.params as { id: string }).id);
        if (!product) return reply.code(404).send(notFound('product'));
        const body = (request.body ?? {}) as { name?: string; active?: string; metadata?: Record<string, string> };
        if (body.name) product.name = body.name;
        if (body.active !== undefined) product.active = body.active === 'true';
        if (body.metadata) product.metadata = { ...(product.metadata as Record<string, string>), ...body.metadata };
        return publicView(await put('product', product));
      });

      api.post('/v1/prices', async (request, reply) => {
        const body = (request.body ?? {}) as {
          product?: string;
          currency?: string;
          unit_amount?: string;
          recurring?: { interval?: string };
          metadata?: Record<string, string>;
        };
        const product = body.product ? await get<Product>('product', body.product) : undefined;
        if (!product) return reply.code(400).send({ error: { ...notFound('product').error, param: 'product' } });
        const amount = Number(body.unit_amount);
        if (!Number.isInteger(amount) || amount < 0) return reply.code(400).send(invalid('Invalid integer: unit_amount.', 'unit_amount'));
        if (!body.currency || !/^[a-z]{3}$/.test(body.currency)) return reply.code(400).send(invalid('Invalid currency.', 'currency'));
        const interval = body.recurring?.interval;
        if (body.recurring && interval !== 'month' && interval !== 'year') return reply.code(400).send(invalid('Invalid recurring[interval].', 'recurring'));
        return publicView(
          await put<FakePrice>('price', {
            id: rand('price'),
            object: 'price',
            active: true,
            currency: body.currency,
            unit_amount: amount,
            product: product.id,
            recurring: interval ? { interval: interval as 'month' | 'year', interval_count: 1 } : null,
            type: interval ? 'recurring' : 'one_time',
            metadata: body.metadata ?? {},
            created: seconds(Date.now()),
          }),
        );
      });
      api.get('/v1/prices/:id', async (request, reply) => {
        const price = await get<FakePrice>('price', (request.params as { id: string }).id);
        return price ? publicView(price) : reply.code(404).send(notFound('price'));
      });
      api.post('/v1/prices/:id', async (request, reply) => {
        const price = await get<FakePrice>('price', (request.params as { id: string }).id);
        if (!price) return reply.code(404).send(notFound('price'));
        const body = (request.body ?? {}) as { active?: string; metadata?: Record<string, string>; unit_amount?: string };
        if (body.unit_amount !== undefined) return reply.code(400).send(invalid('Received unknown parameter: unit_amount', 'unit_amount'));
        if (body.active !== undefined) price.active = body.active === 'true';
        if (body.metadata) price.metadata = { ...(price.metadata as Record<string, string>), ...body.metadata };
        return publicView(await put('price', price));
      });

      api.post('/v1/customers', async (request) => {
        const body = (request.body ?? {}) as { email?: string; name?: string; metadata?: Record<string, string> };
        return publicView(await createCustomer(body));
      });
      api.get('/v1/customers/:id', async (request, reply) => {
        const customer = await get<Customer>('customer', (request.params as { id: string }).id);
        return customer ? publicView(customer) : reply.code(404).send(notFound('customer'));
      });

      api.get('/v1/subscriptions/:id', async (request, reply) => {
        const id = (request.params as { id: string }).id;
        const sub = await get<Subscription>('subscription', id);
        return sub ? publicView(sub) : reply.code(404).send(notFound('subscription', id));
      });
      api.post('/v1/subscriptions/:id', async (request, reply) => {
        const sub = await get<Subscription>('subscription', (request.params as { id: string }).id);
        if (!sub) return reply.code(404).send(notFound('subscription'));
        const body = (request.body ?? {}) as {
          cancel_at_period_end?: string;
          metadata?: Record<string, string>;
          items?: { id?: string; price?: string }[];
          proration_behavior?: string;
          payment_behavior?: string;
        };
        if (sub.status === 'canceled')
          return reply.code(400).send({ error: { type: 'invalid_request_error', message: 'A canceled subscription can only update its metadata.' } });
        const change = body.items?.[0];
        if (change?.price) {
          if (change.id !== sub.items.data[0].id) return reply.code(400).send(invalid('No such subscription item.', 'items[0][id]'));
          const price = await get<FakePrice>('price', change.price);
          if (!price?.active || !price.recurring) return reply.code(400).send(invalid(`No such active recurring price: '${change.price}'`, 'items[0][price]'));
          if (price.currency !== sub.items.data[0].price.currency)
            return reply.code(400).send(invalid('The price must be in the subscription’s currency.', 'items[0][price]'));
          if (body.proration_behavior !== 'always_invoice' || body.payment_behavior !== 'error_if_incomplete')
            return reply.code(400).send(invalid('The sandbox supports proration_behavior=always_invoice with payment_behavior=error_if_incomplete.'));
          if (sub.status !== 'active') return reply.code(400).send(invalid('Only an active subscription changes its price in the sandbox.'));
          const done = await changePrice(sub, price);
          if (done.declined)
            return reply
              .code(402)
              .send({ error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } });
          await deliver(done.events);
          return publicView(sub);
        }
        if (body.cancel_at_period_end !== undefined) {
          sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
          sub.canceled_at = sub.cancel_at_period_end ? seconds(await clockNow(sub.customer)) : null;
        }
        if (body.metadata) sub.metadata = { ...sub.metadata, ...body.metadata };
        await put('subscription', sub);
        await deliver([event('customer.subscription.updated', sub)]);
        return publicView(sub);
      });
      api.delete('/v1/subscriptions/:id', async (request, reply) => {
        const sub = await get<Subscription>('subscription', (request.params as { id: string }).id);
        if (!sub) return reply.code(404).send(notFound('subscription'));
        if (sub.status !== 'canceled') {
          const now = seconds(await clockNow(sub.customer));
          Object.assign(sub, { status: 'canceled', canceled_at: now, ended_at: now });
          await put('subscription', sub);
          await deliver([event('customer.subscription.deleted', sub)]);
        }
        return publicView(sub);
      });

      api.get('/v1/invoices/:id', async (request, reply) => {
        const id = (request.params as { id: string }).id;
        const invoice = await get<Invoice>('invoice', id);
        return invoice ? publicView(invoice) : reply.code(404).send(notFound('invoice', id));
      });

      api.post('/v1/test_helpers/test_clocks', async (request) => {
        const body = (request.body ?? {}) as { frozen_time?: string; name?: string };
        const offset = body.frozen_time ? Number(body.frozen_time) * 1000 - Date.now() : 0;
        return clockJson(await put<Clock>('test_clock', { id: rand('clock'), object: 'test_clock', name: body.name ?? 'Test clock', _offset_ms: offset }));
      });
      api.get('/v1/test_helpers/test_clocks/:id', async (request, reply) => {
        const clock = await get<Clock>('test_clock', (request.params as { id: string }).id);
        return clock ? clockJson(clock) : reply.code(404).send(notFound('test_clock'));
      });
      api.post('/v1/test_helpers/test_clocks/:id/advance', async (request, reply) => {
        const id = (request.params as { id: string }).id;
        const body = (request.body ?? {}) as { frozen_time?: string };
        const clock = await get<Clock>('test_clock', id);
        if (!clock) return reply.code(404).send(notFound('test_clock'));
        const target = Number(body.frozen_time) * 1000;
        if (!Number.isFinite(target) || target < clockTime(clock) - 1000) {
          return reply.code(400).send({ error: { type: 'invalid_request_error', message: 'frozen_time must be later than the clock’s current time.' } });
        }
        await deliver(await advanceClock(id, target));
        return clockJson((await get<Clock>('test_clock', id))!);
      });
    },
  };
}
