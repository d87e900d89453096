import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CartResponse } from '../../shared/commerce';
import { useIsLoggedIn } from '../lib/auth';
import { ensureCartId, getCartId } from '../lib/cart';
import { setCartCount } from '../lib/cartCount';
import { apiFetch } from './client';
import { useVisitorIp } from './visitor';

export const cartKeys = {
  all: ['cart'] as const,
  cart: (cartId: string | undefined, loggedIn: boolean) => ['cart', cartId ?? 'none', loggedIn] as const,
};

/**
 * The cart priced for the visitor. For a signed-in user the server merges the guest cart into the
 * user's and drops the courses they already own. Keeps the header's cart count in step.
 */
export function useCart() {
  const cartId = getCartId();
  const loggedIn = useIsLoggedIn();
  const ip = useVisitorIp();
  const query = useQuery({
    queryKey: cartKeys.cart(cartId, loggedIn),
    queryFn: ({ signal }) => apiFetch<CartResponse>(`/get-cart-items/${cartId}/`, { query: { ip }, signal }),
    enabled: Boolean(cartId),
    staleTime: 30_000,
    // Signing in mid-checkout (the login modal, or a guest order's new account) keeps the cart on screen while it reloads.
    placeholderData: keepPreviousData,
  });
  const count = query.data?.count;
  useEffect(() => {
    if (count !== undefined) setCartCount(count);
  }, [count]);
  return { ...query, cartId, hasCart: Boolean(cartId) };
}

export interface AddToCartResult {
  message: 'added_to_cart' | 'already_in_cart';
  cart_items_count: number;
}

export function addToCart(courseId: number): Promise<AddToCartResult> {
  return apiFetch<AddToCartResult>('/add-to-cart/', { method: 'POST', body: { course_id: courseId, cart_id: ensureCartId() } });
}

export function removeCartItem(itemId: string): Promise<{ message: string; cart_items_count: number }> {
  return apiFetch(`/cart-items/${encodeURIComponent(itemId)}/`, { method: 'DELETE', body: { cart_item_id: itemId } });
}

export interface CouponResult {
  message: string;
  discount_percentage: number;
  code: string;
  course_ids: number[] | null;
}

export function applyCoupon(code: string, cartId?: string): Promise<CouponResult> {
  return apiFetch<CouponResult>('/coupon/', { method: 'POST', body: cartId ? { coupon_code: code, cart_id: cartId } : { coupon_code: code } });
}

/** The first message of a coupon failure ({errors: [...]}, a field error or a detail), else the spec's fallback. */
export function couponErrorMessage(error: unknown, fallback: string): string {
  const body = (error as { body?: unknown } | null)?.body as Record<string, unknown> | null | undefined;
  const candidates = [body?.errors, body?.coupon_code, body?.non_field_errors];
  for (const value of candidates) if (Array.isArray(value) && value.length) return String(value[0]);
  return fallback;
}

export function useCountries() {
  return useQuery({
    queryKey: ['countries'],
    queryFn: ({ signal }) => apiFetch<{ countries: { country_name: string; country_code: string }[] }>('/fetchCountries/', { signal }),
    staleTime: Infinity,
    select: (data) => data.countries,
  });
}

export function useStates(country: string | undefined) {
  return useQuery({
    queryKey: ['states', country],
    queryFn: ({ signal }) => apiFetch<{ states: { state_name: string }[] }>(`/fetchStates/${encodeURIComponent(country ?? '')}`, { signal }),
    enabled: Boolean(country),
    staleTime: Infinity,
    select: (data) => data.states,
  });
}

export type AbandonedReason = 'add_to_cart' | 'checkout';

/** Schedules an abandoned-cart reminder; failures are ignored (spec section 8). */
export function sendAbandonedEmail(email: string, reason: AbandonedReason, courseIds: number[]): void {
  apiFetch('/emails/create-abandoned-email/', {
    method: 'POST',
    body: { email: email.trim().toLowerCase(), sending_reason: reason, course_items: courseIds.map((course_id) => ({ course_id })) },
  }).catch(() => undefined);
}

/** Refetches every cart query (after an add, a removal or a login). */
export function useInvalidateCart() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: cartKeys.all });
}
