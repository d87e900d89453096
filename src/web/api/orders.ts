import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CreateOrderResponse, OrderHistoryItem } from '../../shared/commerce';
import { regions } from '../../shared/regions';
import { getUserId, useIsLoggedIn } from '../lib/auth';
import { readStorage, storageKeys } from '../lib/storage';
import { useUserDetails } from './accounts';
import { ApiError, apiFetch } from './client';

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

export function paymentMethodLabel(method: string): string {
  if (method === 'Full_Discount') return 'Full Discount';
  if (method === 'RazorPay') return 'Razorpay';
  return method;
}

export function createOrder(form: FormData, ip: string | undefined): Promise<CreateOrderResponse> {
  return apiFetch<CreateOrderResponse>('/create-order/', { method: 'POST', body: form, query: { ip } });
}

export function updatePayment(body: PaymentUpdateBody): Promise<PaymentUpdateResult> {
  return apiFetch<PaymentUpdateResult>('/payments/update/', { method: 'POST', body });
}

export function fetchOrderConfirmation(orderNumber: string): Promise<OrderConfirmation> {
  return apiFetch<OrderConfirmation>(`/orders/${encodeURIComponent(orderNumber)}/`);
}

/**
 * The signed-in user's id: stored at login; a buyer whose account was just created at checkout
 * has tokens but no stored id yet, so it comes from /user-details/ (which stores it).
 */
export function useCurrentUserId(): { userId: number | undefined; isLoading: boolean } {
  const loggedIn = useIsLoggedIn();
  const stored = getUserId();
  const { data, isLoading } = useUserDetails();
  if (stored) return { userId: stored, isLoading: false };
  return { userId: data?.user_id, isLoading: loggedIn && isLoading };
}

export function useOrderHistory(userId: number | undefined, search: string) {
  return useQuery({
    queryKey: ['order-history', userId, search],
    queryFn: ({ signal }) => apiFetch<OrderHistoryItem[]>(`/order-history/${userId}/`, { query: { search: search.trim() || undefined }, signal }),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useOrderDetails(orderNumber: string | undefined) {
  return useQuery({
    queryKey: ['order-details', orderNumber],
    queryFn: ({ signal }) => apiFetch<OrderHistoryItem>(`/order-details/${encodeURIComponent(orderNumber ?? '')}/`, { signal }),
    enabled: Boolean(orderNumber),
    retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status < 500),
  });
}

/** Fetches the PDF invoice with the bearer token and saves it through a temporary blob link. */
export async function downloadInvoice(orderNumber: string): Promise<void> {
  const url = `/api/v1/orders/${encodeURIComponent(orderNumber)}/invoice.pdf`;
  const get = () => {
    const token = readStorage(storageKeys.accessToken);
    return fetch(url, {
      credentials: 'include',
      headers: token ? { Authorization: `Bearer ${token}`, Accept: 'application/pdf' } : { Accept: 'application/pdf' },
    });
  };
  let response = await get();
  if (response.status === 401) {
    // An expired access token: any API call refreshes it once; then try again.
    await apiFetch('/user-details/').catch(() => undefined);
    response = await get();
  }
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => null));
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = `invoice-${orderNumber}.pdf`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
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

async function sandboxRazorpay<T>(orderId: string, action: 'pay' | 'fail'): Promise<T> {
  const response = await fetch(`/sandbox/razorpay/orders/${encodeURIComponent(orderId)}/${action}`, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: '{}',
  });
  const data = (await response.json().catch(() => null)) as T;
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

export const sandboxRazorpayPay = (orderId: string) => sandboxRazorpay<RazorpaySuccess>(orderId, 'pay');
export const sandboxRazorpayFail = (orderId: string) => sandboxRazorpay<{ error: RazorpayFailure }>(orderId, 'fail');
