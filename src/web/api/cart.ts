import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CartResponse, CouponResponse } from '../../shared/commerce';
import { useIsLoggedIn } from '../lib/auth';
import { ensureCartId, getCartId } from '../lib/cart';
import { setCartCount } from '../lib/cartCount';
import { apiFetch } from './client';
import { useVisitorIp } from './site';

/** Every key of the cart module's queries. */
export const cartKeys = {
  all: ['cart'] as const,
  cart: (cartId: string | undefined, loggedIn: boolean) => [...cartKeys.all, 'items', cartId ?? 'none', loggedIn] as const,
};

export const cartQueries = {
  /**
   * The cart priced for the visitor. For a signed-in user the server merges the guest cart into the
   * user's and drops the courses they already own.
   */
  cart: (cartId: string | undefined, loggedIn: boolean, ip: string | undefined) =>
    queryOptions({
      queryKey: cartKeys.cart(cartId, loggedIn),
      queryFn: ({ signal }) => apiFetch<CartResponse>(`/get-cart-items/${cartId}/`, { query: { ip }, signal }),
      enabled: Boolean(cartId),
      staleTime: 30_000,
      // Signing in mid-checkout (the login modal, or a guest order's new account) keeps the cart on screen while it reloads.
      placeholderData: keepPreviousData,
    }),
};

/** The visitor's cart; keeps the header's cart count in step. */
export function useCart() {
  const cartId = getCartId();
  const loggedIn = useIsLoggedIn();
  const ip = useVisitorIp();
  const query = useQuery(cartQueries.cart(cartId, loggedIn, ip));
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

/** POST /add-to-cart/ (the cart id is created on first use); the header count and the cart follow. */
export function useAddToCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (courseId: number) => apiFetch<AddToCartResult>('/add-to-cart/', { method: 'POST', body: { course_id: courseId, cart_id: ensureCartId() } }),
    onSuccess: (result) => {
      setCartCount(result.cart_items_count);
      void client.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}

/** DELETE /cart-items/{id}/; settles once the cart is reloaded. */
export function useRemoveCartItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) =>
      apiFetch<{ message: string; cart_items_count: number }>(`/cart-items/${encodeURIComponent(itemId)}/`, {
        method: 'DELETE',
        body: { cart_item_id: itemId },
      }),
    onSuccess: async (result) => {
      setCartCount(result.cart_items_count);
      await client.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}

export type CouponResult = CouponResponse;

/** POST /coupon/: checks a code (against the cart's courses when a cart id is given); nothing is stored. */
export function useApplyCoupon() {
  return useMutation({
    mutationFn: ({ code, cartId }: { code: string; cartId?: string | undefined }) =>
      apiFetch<CouponResult>('/coupon/', { method: 'POST', body: cartId ? { coupon_code: code, cart_id: cartId } : { coupon_code: code } }),
  });
}

/** The first message of a coupon failure ({errors: [...]}, a field error or a detail), else the spec's fallback. */
export function couponErrorMessage(error: unknown, fallback: string): string {
  const body = (error as { body?: unknown } | null)?.body as Record<string, unknown> | null | undefined;
  const candidates = [body?.errors, body?.coupon_code, body?.non_field_errors];
  for (const value of candidates) if (Array.isArray(value) && value.length) return String(value[0]);
  return fallback;
}

export type AbandonedReason = 'add_to_cart' | 'checkout';
export interface AbandonedCartReminder {
  email: string;
  reason: AbandonedReason;
  courseIds: number[];
}

/**
 * Schedules an abandoned-cart reminder about this browser's cart (its `cart_id`: the server sends a
 * guest's reminder only to the address typed in a cart here); failures are ignored (spec section 8).
 * `mutate` is stable: safe in effects.
 */
export function useAbandonedCartReminder() {
  return useMutation({
    mutationFn: ({ email, reason, courseIds }: AbandonedCartReminder) =>
      apiFetch('/emails/create-abandoned-email/', {
        method: 'POST',
        body: {
          email: email.trim().toLowerCase(),
          sending_reason: reason,
          course_items: courseIds.map((course_id) => ({ course_id })),
          ...(getCartId() ? { cart_id: getCartId() } : {}),
        },
      }).catch(() => undefined),
  }).mutate;
}
