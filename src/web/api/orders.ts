import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateOrderResponse, OrderHistoryItem, PaymentCancelResult } from '../../shared/commerce';
import { regions } from '../../shared/regions';
import { clearCart } from '../lib/cart';
import { completeLogin } from './accounts';
import { cartKeys } from './cart';
import { catalogKeys } from './catalog';
import { ApiError, apiFetch } from './client';
import { learningKeys } from './learning';

export type { CreateOrderResponse, OrderHistoryItem };

export interface OrderItem {
  id: number;
  price: number;
  course: { id: number; title: string; slug: string; course_image: string; currency_code: string };
}

export interface OrderConfirmation {
  order_items: OrderItem[];
  order_details: {
    transaction_id: string;
    order_number: string;
    total_paid: number | string;
    currency: string;
    coupon: string;
    order_status: string;
    payment_method: string;
  };
}

export type PaymentStatus = 'Success' | 'Failed' | 'Pending';
export interface PaymentUpdateResult {
  status: PaymentStatus;
  order_number: string;
  payment_id: string;
}

export type PaymentUpdateBody =
  | { payment_method: 'Stripe'; session_id: string; order_number: string }
  | {
      payment_method: 'RazorPay';
      order_number: string;
      order_id: string;
      payment_id: string;
      signature: string;
      payment_status: 'Success' | 'Failed';
      total?: number;
      currency?: string;
    };

/** The currency symbol for an order's currency code (our pricing regions first, then Intl). */
export function currencySymbol(currency: string): string {
  const code = currency.toUpperCase();
  const region = Object.values(regions).find((r) => r.currency === code);
  if (region) return region.symbol;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? `${code} `;
  } catch {
    return `${code} `;
  }
}

/** Dates as short month, day, year (spec section 9): 'Nov 21, 2026'. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

const methodLabels: Record<string, string> = { full_discount: 'Full Discount', razorpay: 'Razorpay', stripe: 'Stripe' };

/** An order's payment method ('RazorPay') or a payment's provider ('razorpay') as people write it: 'Razorpay'. */
export function paymentMethodLabel(method: string): string {
  return methodLabels[method.toLowerCase()] ?? method;
}

/** Every key of the orders module's queries. */
export const orderKeys = {
  all: ['orders'] as const,
  histories: () => [...orderKeys.all, 'history'] as const,
  history: (userId: number | undefined, search: string) => [...orderKeys.histories(), userId, search] as const,
  details: (orderNumber: string) => [...orderKeys.all, 'details', orderNumber] as const,
  confirmation: (orderNumber: string) => [...orderKeys.all, 'confirmation', orderNumber] as const,
};

export const orderQueries = {
  history: (userId: number | undefined, search: string) =>
    queryOptions({
      queryKey: orderKeys.history(userId, search),
      queryFn: ({ signal }) => apiFetch<OrderHistoryItem[]>(`/order-history/${userId}/`, { query: { search: search.trim() || undefined }, signal }),
      enabled: Boolean(userId),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),

  details: (orderNumber: string) =>
    queryOptions({
      queryKey: orderKeys.details(orderNumber),
      queryFn: ({ signal }) => apiFetch<OrderHistoryItem>(`/order-details/${encodeURIComponent(orderNumber)}/`, { signal }),
      enabled: Boolean(orderNumber),
      retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status < 500),
    }),

  /** GET /orders/{order_number}/: what the result page shows, read once the payment is confirmed. */
  confirmation: (orderNumber: string) =>
    queryOptions({
      queryKey: orderKeys.confirmation(orderNumber),
      queryFn: ({ signal }) => apiFetch<OrderConfirmation>(`/orders/${encodeURIComponent(orderNumber)}/`, { signal }),
      staleTime: 0,
      retry: false,
    }),
};

export function useOrderHistory(userId: number | undefined, search: string) {
  return useQuery(orderQueries.history(userId, search));
}

export function useOrderDetails(orderNumber: string | undefined) {
  return useQuery(orderQueries.details(orderNumber ?? ''));
}

/** A confirmed purchase: the cart is gone, and everything that lists courses or orders is out of date. */
export function purchaseConfirmed(client: QueryClient): void {
  clearCart();
  for (const queryKey of [cartKeys.all, orderKeys.histories(), catalogKeys.courseDetails(), learningKeys.all]) void client.invalidateQueries({ queryKey });
}

/**
 * POST /create-order/ with the billing form (multipart). A guest's order carries the tokens of their
 * new account: they are signed in from here on (the result pages are for signed-in users). A total
 * or course list the server no longer agrees with reloads the cart.
 */
export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ form, ip }: { form: FormData; ip: string | undefined }) =>
      apiFetch<CreateOrderResponse>('/create-order/', { method: 'POST', body: form, query: { ip } }),
    onSuccess: (order) => {
      if (order.tokens) void completeLogin(order.tokens, client);
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.fieldError('total') || error.fieldError('courses'))) void client.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}

/** POST /payments/update/: the server asks the provider; a Success fulfils the order. */
/** Back from Stripe's page without paying: the server closes the order and gives its coupon back. */
export function useCancelPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderNumber: string) => apiFetch<PaymentCancelResult>('/payments/cancel/', { method: 'POST', body: { order_number: orderNumber } }),
    onSuccess: (result) => {
      if (result.status === 'Paid') purchaseConfirmed(client);
    },
  });
}

export function useUpdatePayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentUpdateBody) => apiFetch<PaymentUpdateResult>('/payments/update/', { method: 'POST', body }),
    onSuccess: (result) => {
      if (result.status === 'Success') purchaseConfirmed(client);
    },
  });
}

/** The local sandbox's stand-in for Razorpay's checkout popup (outside /api/v1). */
export interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}
export interface RazorpayFailure {
  code?: string;
  description?: string;
  source?: string;
  step?: string;
  reason?: string;
  metadata?: { order_id?: string; payment_id?: string };
}

/** A recurring plan's popup result: the payment and subscription ids, signed over both. */
export interface RazorpaySubscriptionSuccess {
  razorpay_payment_id: string;
  razorpay_subscription_id: string;
  razorpay_signature: string;
}

/** What the popup pays: an order (a course purchase, a lifetime membership) or a subscription (a recurring plan). */
export type RazorpayTarget = 'orders' | 'subscriptions';

async function sandboxRazorpay<T>(target: RazorpayTarget, id: string, action: 'pay' | 'fail'): Promise<T> {
  const response = await fetch(`/sandbox/razorpay/${target}/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: '{}',
  });
  const data = (await response.json().catch(() => null)) as T;
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

export type SandboxRazorpayOutcome<S = RazorpaySuccess> = { action: 'pay'; response: S } | { action: 'fail'; error: RazorpayFailure };

/** The sandbox popup's 'Pay' (a correctly signed payment) or 'Fail' (a bank decline). */
export function useSandboxRazorpay<S = RazorpaySuccess>(target: RazorpayTarget = 'orders') {
  return useMutation({
    mutationFn: async ({ orderId, action }: { orderId: string; action: 'pay' | 'fail' }): Promise<SandboxRazorpayOutcome<S>> =>
      action === 'pay'
        ? { action, response: await sandboxRazorpay<S>(target, orderId, 'pay') }
        : { action, error: (await sandboxRazorpay<{ error: RazorpayFailure }>(target, orderId, 'fail')).error },
  });
}
