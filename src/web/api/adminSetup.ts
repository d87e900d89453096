import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DemoContent, RemoveDemoResult, SetupChecklist } from '../../shared/setup';
import { adminKeys } from './admin';
import { catalogKeys } from './catalog';
import { ApiError, apiFetch } from './client';
import { siteKeys } from './site';

/** The first start (issue 25): the Overview's checklist and 'Remove the demo content'. */
export const setupKeys = {
  checklist: adminKeys.setupChecklist,
  demo: adminKeys.demoContent,
};

const retryServerErrors = (count: number, error: unknown) => count < 1 && !(error instanceof ApiError && error.status < 500);

export const setupQueries = {
  /** GET /admin/setup-checklist/: each step's state, computed by the server from the data. */
  checklist: () =>
    queryOptions({
      queryKey: setupKeys.checklist(),
      queryFn: ({ signal }) => apiFetch<SetupChecklist>('/admin/setup-checklist/', { signal }),
      retry: retryServerErrors,
    }),
  /** GET /admin/demo-content/: what a removal would delete now, what it keeps and why, and the token confirming exactly that. */
  demoContent: () =>
    queryOptions({
      queryKey: setupKeys.demo(),
      queryFn: ({ signal }) => apiFetch<DemoContent>('/admin/demo-content/', { signal }),
      retry: retryServerErrors,
      staleTime: 0,
    }),
};

/** POST /admin/setup-checklist/dismiss/: hides the completed checklist for good. */
export function useDismissChecklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<SetupChecklist>('/admin/setup-checklist/dismiss/', { method: 'POST' }),
    onSuccess: (checklist) => {
      queryClient.setQueryData(setupKeys.checklist(), checklist);
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}

/**
 * POST /admin/demo-content/remove/ with the preview's token: the demo's catalog, students, plans,
 * coupons and figures go, so every studio list, the storefront and the site's figures are read again.
 */
export function useRemoveDemoContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiFetch<RemoveDemoResult>('/admin/demo-content/remove/', { method: 'POST', body: { token } }),
    onSuccess: (result) => {
      queryClient.setQueryData(setupKeys.demo(), result.left);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
      void queryClient.invalidateQueries({ queryKey: siteKeys.all });
    },
  });
}
