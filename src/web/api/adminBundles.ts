import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Page } from '../../shared/admin';
import type { AdminBundle, AdminBundleQuery, BundleBody, BundlePatch } from '../../shared/bundles';
import { adminKeys } from './admin';
import { ApiError, apiFetch } from './client';
import { uploadFile } from './upload';

const A = '/admin/bundles';
const retryServerErrors = (count: number, error: unknown) => count < 1 && !(error instanceof ApiError && error.status < 500);

export type BundleListQuery = Partial<Omit<AdminBundleQuery, 'page_size'>>;
export type BundleTransition = 'publish' | 'unpublish' | 'archive' | 'restore';

/** The studio's bundles (keys under the studio's, so a sign-out clears them). */
export const bundleKeys = {
  all: () => [...adminKeys.all, 'bundles'] as const,
  lists: () => [...bundleKeys.all(), 'list'] as const,
  list: (query: BundleListQuery) => [...bundleKeys.lists(), query] as const,
  one: (id: number) => [...bundleKeys.all(), 'one', id] as const,
};

export const bundleQueries = {
  list: (query: BundleListQuery) =>
    queryOptions({
      queryKey: bundleKeys.list(query),
      queryFn: ({ signal }) => apiFetch<Page<AdminBundle>>(`${A}/`, { query: { ...query, page_size: 25 }, signal }),
      placeholderData: keepPreviousData,
      retry: retryServerErrors,
    }),
  one: (id: number) =>
    queryOptions({
      queryKey: bundleKeys.one(id),
      queryFn: ({ signal }) => apiFetch<AdminBundle>(`${A}/${id}/`, { signal }),
      retry: retryServerErrors,
    }),
};

/** A bundle write answers the whole bundle: cached as is; the lists and the audit log are refetched. */
function afterBundleWrite(queryClient: QueryClient, bundle: AdminBundle) {
  queryClient.setQueryData(bundleKeys.one(bundle.id), bundle);
  void queryClient.invalidateQueries({ queryKey: bundleKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
}

function useBundleWrite<V>(request: (vars: V) => Promise<AdminBundle>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: (bundle) => afterBundleWrite(queryClient, bundle) });
}

export const useCreateBundle = () => useBundleWrite((body: BundleBody) => apiFetch<AdminBundle>(`${A}/`, { method: 'POST', body }));
export const useUpdateBundle = (id: number) => useBundleWrite((body: BundlePatch) => apiFetch<AdminBundle>(`${A}/${id}/`, { method: 'PATCH', body }));
export const useBundleTransition = (id: number) =>
  useBundleWrite((transition: BundleTransition) => apiFetch<AdminBundle>(`${A}/${id}/${transition}/`, { method: 'POST' }));
export const useUploadBundleCover = (id: number) =>
  useBundleWrite(({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) =>
    uploadFile<AdminBundle>({ path: `${A}/${id}/cover/`, field: 'image', file, onProgress }),
  );
