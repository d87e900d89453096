import { createHmac, timingSafeEqual } from 'node:crypto';

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
}

export interface RazorpayGateway {
  mode: 'live' | 'sandbox';
  keyId: string;
  createOrder(input: { amount: number; currency: string; receipt: string; notes: Record<string, string> }): Promise<RazorpayOrder>;
  fetchPayment(paymentId: string): Promise<RazorpayPayment>;
  /** Refunds a captured payment in full. */
  refund(paymentId: string, receipt: string): Promise<{ id: string; status: string }>;
  /** HMAC-SHA256 of "order_id|payment_id" with the key secret (checkout handler). */
  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean;
  /** HMAC-SHA256 of the raw webhook body with the webhook secret (X-Razorpay-Signature). */
  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean;
  signPayment(orderId: string, paymentId: string): string;
  signWebhook(rawBody: string): string;
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

export function createRazorpayGateway(options: RazorpayGatewayOptions): RazorpayGateway {
  const base = (options.apiBase ?? 'https://api.razorpay.com').replace(/\/$/, '');
  const auth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}/v1${path}`, {
      method,
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const data = (await res.json().catch(() => null)) as unknown;
    if (!res.ok) throw new RazorpayError(res.status, data);
    return data as T;
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
    async refund(paymentId, receipt) {
      const refund = await call<{ id: string; status: string }>('POST', `/v1/payments/${encodeURIComponent(paymentId)}/refund`, { receipt });
      return { id: refund.id, status: refund.status };
    },
    async fetchPayment(paymentId) {
      const p = await call<{ id: string; order_id: string | null; status: string; amount: number; currency: string }>(
        'GET',
        `/payments/${encodeURIComponent(paymentId)}`,
      );
      return { id: p.id, orderId: p.order_id, status: p.status, amount: p.amount, currency: p.currency };
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
  };
}
