import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Bundle } from '../../shared/bundles';
import type { AddToCartResult } from './cart';
import { ensureCartId } from '../lib/cart';
import { setCartCount } from '../lib/cartCount';
import { refetchUnlessServerData } from '../lib/serverData';
import { cartKeys } from './cart';
import { catalogKeys } from './catalog';
import { ApiError, apiFetch } from './client';
import { useVisitorIpState } from './site';

/** The storefront's bundles, under the catalog's keys (what refreshes the catalog refreshes them). */
export const bundleKeys = {
  all: [...catalogKeys.all, 'bundles'] as const,
  list: () => [...bundleKeys.all, 'list'] as const,
  bundle: (slug: string) => [...bundleKeys.all, 'detail', slug] as const,
};

export const bundleQueries = {
  /** Published bundles priced for the visitor (the course list's bundle cards). */
  list: (ip: string | undefined) =>
    queryOptions({
      queryKey: bundleKeys.list(),
      queryFn: ({ signal }) => apiFetch<Bundle[]>('/bundles/', { query: { ip }, signal, cache: 'no-cache' }),
      staleTime: 60_000,
      refetchOnMount: refetchUnlessServerData(true),
    }),

  /** One bundle priced for the visitor, with what a signed-in viewer owns of it. */
  bundle: (slug: string, ip: string | undefined) =>
    queryOptions({
      queryKey: bundleKeys.bundle(slug),
      queryFn: ({ signal }) => apiFetch<Bundle>(`/bundles/${encodeURIComponent(slug)}/`, { query: { ip }, signal }),
      enabled: Boolean(slug),
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status === 404),
    }),
};

/** Priced reads wait until the IP lookup has settled, as the course list does. */
export function useBundles() {
  const { ip, ready } = useVisitorIpState();
  return useQuery({ ...bundleQueries.list(ip), enabled: ready });
}

export function useBundle(slug: string | undefined) {
  const { ip, ready } = useVisitorIpState();
  return useQuery({ ...bundleQueries.bundle(slug ?? '', ip), enabled: Boolean(slug) && ready });
}

/** POST /add-to-cart/ with a bundle: it becomes one line of the cart (its courses bought alone there are replaced). */
export function useAddBundleToCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bundleId: number) => apiFetch<AddToCartResult>('/add-to-cart/', { method: 'POST', body: { bundle_id: bundleId, cart_id: ensureCartId() } }),
    onSuccess: (result) => {
      setCartCount(result.cart_items_count);
      void client.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}
