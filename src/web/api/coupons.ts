// The studio's coupons: list and one coupon (queryOptions), and their writes (useMutation with the invalidation beside it).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../shared/admin';
import type { AdminCoupon, AdminCouponDetail, CouponBody, CouponPatch, CouponSort } from '../../shared/coupons';
import { adminKeys } from './admin';
import { ApiError, apiFetch } from './client';

const A = '/admin/coupons';
const retryServerErrors = (count: number, error: unknown) => count < 1 && !(error instanceof ApiError && error.status < 500);

export interface CouponListQuery {
  page: number;
  search?: string | undefined;
  sort?: CouponSort | undefined;
}
export const COUPON_PAGE_SIZE = 25;

export const couponKeys = {
  all: [...adminKeys.all, 'coupons'] as const,
  lists: () => [...couponKeys.all, 'list'] as const,
  list: (query: CouponListQuery) => [...couponKeys.lists(), query] as const,
  one: (id: number) => [...couponKeys.all, 'one', id] as const,
};

export const couponQueries = {
  list: (query: CouponListQuery) =>
    queryOptions({
      queryKey: couponKeys.list(query),
      queryFn: ({ signal }) => apiFetch<Page<AdminCoupon>>(`${A}/`, { query: { ...query, page_size: COUPON_PAGE_SIZE }, signal }),
      placeholderData: keepPreviousData,
      retry: retryServerErrors,
    }),
  one: (id: number) =>
    queryOptions({
      queryKey: couponKeys.one(id),
      queryFn: ({ signal }) => apiFetch<AdminCouponDetail>(`${A}/${id}/`, { signal }),
      retry: retryServerErrors,
    }),
};

/** Every coupon write: the lists, that coupon and the audit log are refetched. */
function useCouponWrite<V>(request: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: couponKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}

export const useCreateCoupon = () => useCouponWrite((body: CouponBody) => apiFetch<AdminCoupon>(`${A}/`, { method: 'POST', body }));
export const useUpdateCoupon = () =>
  useCouponWrite(({ id, body }: { id: number; body: CouponPatch }) => apiFetch<AdminCoupon>(`${A}/${id}/`, { method: 'PATCH', body }));
export const useSetCouponActive = () =>
  useCouponWrite(({ id, active }: { id: number; active: boolean }) =>
    apiFetch<AdminCoupon>(`${A}/${id}/${active ? 'enable' : 'disable'}/`, { method: 'POST' }),
  );
export const useDeleteCoupon = () => useCouponWrite((id: number) => apiFetch<null>(`${A}/${id}/`, { method: 'DELETE' }));
