import { createHmac, timingSafeEqual } from 'node:crypto';
import { ProviderObjectMissing, ProviderRefused, type ProviderRefund } from '../provider-errors.js';

export interface RazorpayOrder {
  id: string;
  amount: number;
  currency: string;
}

export interface RazorpayPayment {
  id: string;
  orderId: string | null;
  status: string;
  amount: number;
  currency: string;
  createdAt: Date | null;
  /** What has been refunded of it so far (minor units); its status becomes 'refunded' only once all of it was. */
  amountRefunded: number;
}

export interface RazorpaySubscriptionState {
  id: string;
  /** created, authenticated, active, pending, halted, cancelled, completed or expired. */
  status: string;
  planId: string;
  customerId: string | null;
  totalCount: number;
  paidCount: number;
  currentStart: Date | null;
  currentEnd: Date | null;
  endedAt: Date | null;
  chargeAt: Date | null;
  notes: Record<string, string>;
  /** The subscription's hosted page: where the customer authorises it or changes its card. */
  shortUrl: string | null;
}

/** A Razorpay webhook's body, as far as we read it (each handler fetches the object back from Razorpay). */
export interface RazorpayEventBody {
  event?: string;
  payload?: {
    subscription?: { entity?: { id?: string } };
    payment?: { entity?: { id?: string; order_id?: string | null } };
    refund?: { entity?: { id?: string; payment_id?: string } };
    order?: { entity?: { id?: string } };
  };
}

/** Whether a Razorpay key id moves real money: rzp_live_ does, rzp_test_ does not. */
export function razorpayKeyMode(keyId: string): 'test' | 'live' {
  return keyId.startsWith('rzp_live_') ? 'live' : 'test';
}

export interface RazorpayGateway {
  mode: 'live' | 'sandbox';
  keyId: string;
  createOrder(input: { amount: number; currency: string; receipt: string; notes: Record<string, string> }): Promise<RazorpayOrder>;
  fetchPayment(paymentId: string): Promise<RazorpayPayment>;
  /**
   * Refunds a captured payment, in full or `amount` (minor units) of it. With an idempotency key
   * (X-Refund-Idempotency) a retry is the same refund. Razorpay's refusal (more than is left, fully
   * refunded already) throws ProviderRefused.
   */
  refund(
    paymentId: string,
    receipt: string,
    options?: { amount?: number | undefined; notes?: Record<string, string>; idempotencyKey?: string | undefined },
  ): Promise<{ id: string; status: string; amount: number }>;
  /** Every refund of the payment, as Razorpay holds them now (a refund webhook is read back through this). */
  listRefunds(paymentId: string): Promise<ProviderRefund[]>;
  /** HMAC-SHA256 of "order_id|payment_id" with the key secret (checkout handler). */
  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean;
  /** HMAC-SHA256 of the raw webhook body with the webhook secret (X-Razorpay-Signature). */
  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean;
  signPayment(orderId: string, paymentId: string): string;
  signWebhook(rawBody: string): string;

  // ---- memberships (Razorpay Subscriptions) ----
  createPlan(input: { period: 'monthly' | 'yearly'; amount: number; currency: string; name: string; notes: Record<string, string> }): Promise<string>;
  /** A subscription on a plan for `totalCount` billing cycles (1: one period, no renewal). */
  createSubscription(input: { planId: string; totalCount: number; notes: Record<string, string> }): Promise<RazorpaySubscriptionState>;
  fetchSubscription(id: string): Promise<RazorpaySubscriptionState>;
  /** atCycleEnd: auto-renewal off, access until the end of the paid cycle; otherwise it ends now. */
  cancelSubscription(id: string, atCycleEnd: boolean): Promise<RazorpaySubscriptionState>;
  /** HMAC-SHA256 of "payment_id|subscription_id" with the key secret (the checkout handler of a subscription). */
  verifySubscriptionSignature(paymentId: string, subscriptionId: string, signature: string): boolean;
  signSubscription(paymentId: string, subscriptionId: string): string;
}

interface RawSubscription {
  id: string;
  status: string;
  plan_id: string;
  customer_id?: string | null;
  total_count: number;
  paid_count: number;
  current_start: number | null;
  current_end: number | null;
  ended_at: number | null;
  charge_at: number | null;
  notes?: Record<string, string> | [] | null;
  short_url?: string | null;
}

const fromUnix = (seconds: number | null | undefined): Date | null => (seconds ? new Date(seconds * 1000) : null);

function toSubscription(raw: RawSubscription): RazorpaySubscriptionState {
  return {
    id: raw.id,
    status: raw.status,
    planId: raw.plan_id,
    customerId: raw.customer_id ?? null,
    totalCount: raw.total_count,
    paidCount: raw.paid_count,
    currentStart: fromUnix(raw.current_start),
    currentEnd: fromUnix(raw.current_end),
    endedAt: fromUnix(raw.ended_at),
    chargeAt: fromUnix(raw.charge_at),
    // Razorpay sends empty notes as [].
    notes: raw.notes && !Array.isArray(raw.notes) ? raw.notes : {},
    shortUrl: raw.short_url || null,
  };
}

export interface RazorpayGatewayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  mode: 'live' | 'sandbox';
  /** Razorpay's SDK has no base-URL option, so our adapter speaks its HTTP API itself. */
  apiBase?: string | undefined;
}

const hmac = (secret: string, data: string | Buffer) => createHmac('sha256', secret).update(data).digest('hex');

function safeEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export class RazorpayError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`Razorpay answered ${status}`);
  }
}

/**
 * Razorpay's "no such object" when reading one by its id: 400 BAD_REQUEST_ERROR 'The id provided
 * does not exist' (or a 404); anything else (5xx, no answer) is an outage and stays one.
 */
function missingObject(error: unknown): ProviderObjectMissing | undefined {
  if (!(error instanceof RazorpayError) || (error.status !== 400 && error.status !== 404)) return undefined;
  const description = (error.body as { error?: { description?: unknown } } | null)?.error?.description;
  if (typeof description !== 'string' || !/does not exist/i.test(description)) return undefined;
  return new ProviderObjectMissing('razorpay', description);
}

export function createRazorpayGateway(options: RazorpayGatewayOptions): RazorpayGateway {
  const base = (options.apiBase ?? 'https://api.razorpay.com').replace(/\/$/, '');
  const auth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const res = await fetch(`${base}/v1${path}`, {
      method,
      headers: { Authorization: auth, 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const data = (await res.json().catch(() => null)) as unknown;
    if (!res.ok) throw new RazorpayError(res.status, data);
    return data as T;
  }

  /** Reads an object by its id: Razorpay's "does not exist" becomes ProviderObjectMissing. */
  async function read<T>(path: string): Promise<T> {
    try {
      return await call<T>('GET', path);
    } catch (error) {
      throw missingObject(error) ?? error;
    }
  }

  return {
    mode: options.mode,
    keyId: options.keyId,
    async createOrder(input) {
      const order = await call<{ id: string; amount: number; currency: string }>('POST', '/orders', {
        amount: input.amount,
        currency: input.currency,
        receipt: input.receipt,
        notes: input.notes,
      });
      return { id: order.id, amount: order.amount, currency: order.currency };
    },
    async refund(paymentId, receipt, refundOptions = {}) {
      try {
        const refund = await call<{ id: string; status: string; amount: number }>(
          'POST',
          `/payments/${encodeURIComponent(paymentId)}/refund`,
          {
            receipt,
            ...(refundOptions.amount === undefined ? {} : { amount: refundOptions.amount }),
            ...(refundOptions.notes ? { notes: refundOptions.notes } : {}),
          },
          refundOptions.idempotencyKey ? { 'X-Refund-Idempotency': refundOptions.idempotencyKey } : {},
        );
        return { id: refund.id, status: refund.status, amount: refund.amount };
      } catch (error) {
        // A 400 with Razorpay's reason: nothing was refunded. (409: the same idempotent request is still being processed.)
        const description = error instanceof RazorpayError ? (error.body as { error?: { description?: unknown } } | null)?.error?.description : undefined;
        if (error instanceof RazorpayError && error.status === 400 && typeof description === 'string') throw new ProviderRefused('razorpay', description);
        throw error;
      }
    },
    async listRefunds(paymentId) {
      type RawRefund = { id: string; amount: number; status: string; created_at?: number; notes?: Record<string, string> | [] | null };
      const list = await read<{ items: RawRefund[] }>(`/payments/${encodeURIComponent(paymentId)}/refunds?count=100`);
      return list.items.map((r) => ({
        id: r.id,
        amount: r.amount,
        status: r.status,
        made: r.status !== 'failed',
        created: r.created_at ? new Date(r.created_at * 1000) : null,
        // Razorpay sends empty notes as [].
        ourRefundId: r.notes && !Array.isArray(r.notes) ? (r.notes.refund_id ?? null) : null,
      }));
    },
    async fetchPayment(paymentId) {
      const p = await read<{
        id: string;
        order_id: string | null;
        status: string;
        amount: number;
        currency: string;
        created_at?: number;
        amount_refunded?: number;
      }>(`/payments/${encodeURIComponent(paymentId)}`);
      return {
        id: p.id,
        orderId: p.order_id,
        status: p.status,
        amount: p.amount,
        currency: p.currency,
        createdAt: p.created_at ? new Date(p.created_at * 1000) : null,
        amountRefunded: p.amount_refunded ?? 0,
      };
    },
    verifyPaymentSignature(orderId, paymentId, signature) {
      return safeEqual(hmac(options.keySecret, `${orderId}|${paymentId}`), signature);
    },
    verifyWebhookSignature(rawBody, signature) {
      return Boolean(options.webhookSecret) && safeEqual(hmac(options.webhookSecret, rawBody), signature);
    },
    signPayment(orderId, paymentId) {
      return hmac(options.keySecret, `${orderId}|${paymentId}`);
    },
    signWebhook(rawBody) {
      return hmac(options.webhookSecret, rawBody);
    },
    async createPlan(input) {
      const plan = await call<{ id: string }>('POST', '/plans', {
        period: input.period,
        interval: 1,
        item: { name: input.name, amount: input.amount, currency: input.currency },
        notes: input.notes,
      });
      return plan.id;
    },
    async createSubscription(input) {
      return toSubscription(
        await call<RawSubscription>('POST', '/subscriptions', {
          plan_id: input.planId,
          total_count: input.totalCount,
          quantity: 1,
          customer_notify: 1,
          notes: input.notes,
        }),
      );
    },
    async fetchSubscription(id) {
      return toSubscription(await read<RawSubscription>(`/subscriptions/${encodeURIComponent(id)}`));
    },
    async cancelSubscription(id, atCycleEnd) {
      return toSubscription(
        await call<RawSubscription>('POST', `/subscriptions/${encodeURIComponent(id)}/cancel`, { cancel_at_cycle_end: atCycleEnd ? 1 : 0 }),
      );
    },
    verifySubscriptionSignature(paymentId, subscriptionId, signature) {
      return safeEqual(hmac(options.keySecret, `${paymentId}|${subscriptionId}`), signature);
    },
    signSubscription(paymentId, subscriptionId) {
      return hmac(options.keySecret, `${paymentId}|${subscriptionId}`);
    },
  };
}
