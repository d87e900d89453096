import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Page } from '../../shared/admin';
import type { AdminPlan, PlanBody } from '../../shared/plans';
import { adminKeys } from './admin';
import { catalogKeys } from './catalog';
import { ApiError, apiFetch } from './client';

const A = '/admin/plans';
const retryServerErrors = (count: number, error: unknown) => count < 1 && !(error instanceof ApiError && error.status < 500);

/** The studio's membership plans (keys under the studio's). */
export const planKeys = {
  all: () => [...adminKeys.all, 'plans'] as const,
  list: () => [...planKeys.all(), 'list'] as const,
  one: (id: number) => [...planKeys.all(), 'one', id] as const,
};

export const planQueries = {
  /** Every plan on one page: a studio has a handful (the server pages; 100 is its largest page). */
  list: () =>
    queryOptions({
      queryKey: planKeys.list(),
      queryFn: ({ signal }) => apiFetch<Page<AdminPlan>>(`${A}/`, { query: { page_size: 100 }, signal }),
      placeholderData: keepPreviousData,
      retry: retryServerErrors,
    }),
  one: (id: number) =>
    queryOptions({
      queryKey: planKeys.one(id),
      queryFn: ({ signal }) => apiFetch<AdminPlan>(`${A}/${id}/`, { signal }),
      retry: retryServerErrors,
    }),
};

/** A plan write answers the whole plan: cached as is; the list, the audit log and the storefront's plans are refetched. */
function afterPlanWrite(queryClient: QueryClient, plan: AdminPlan) {
  queryClient.setQueryData(planKeys.one(plan.id), plan);
  void queryClient.invalidateQueries({ queryKey: planKeys.list() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
  void queryClient.invalidateQueries({ queryKey: catalogKeys.membershipPlans() });
}

function usePlanWrite<V>(request: (vars: V) => Promise<AdminPlan>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: (plan) => afterPlanWrite(queryClient, plan) });
}

export const useCreatePlan = () => usePlanWrite((body: PlanBody) => apiFetch<AdminPlan>(`${A}/`, { method: 'POST', body }));
export const useSavePlan = () => usePlanWrite(({ id, body }: { id: number; body: PlanBody }) => apiFetch<AdminPlan>(`${A}/${id}/`, { method: 'PUT', body }));
export const useSetPlanOn = () =>
  usePlanWrite(({ id, on }: { id: number; on: boolean }) => apiFetch<AdminPlan>(`${A}/${id}/${on ? 'on' : 'off'}/`, { method: 'POST' }));
