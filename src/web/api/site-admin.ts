import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminInstructor, AdminReview, InstructorBody, ReviewBody } from '../../shared/site-content';
import { adminKeys } from './admin';
import { catalogKeys } from './catalog';
import { apiFetch } from './client';
import { uploadFile } from './upload';

const A = '/admin';
export const siteAdminKeys = {
  instructor: () => [...adminKeys.all, 'instructor'] as const,
  reviews: () => [...adminKeys.all, 'reviews'] as const,
};

export const siteAdminQueries = {
  instructor: () =>
    queryOptions({ queryKey: siteAdminKeys.instructor(), queryFn: ({ signal }) => apiFetch<AdminInstructor | null>(`${A}/instructor/`, { signal }) }),
  reviews: () => queryOptions({ queryKey: siteAdminKeys.reviews(), queryFn: ({ signal }) => apiFetch<AdminReview[]>(`${A}/reviews/`, { signal }) }),
};

/** After a write: the storefront's copies (home, course pages, /course-reviews) and the audit log are refetched. */
function afterSiteWrite(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
  void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
}

function useInstructorWrite<V>(request: (vars: V) => Promise<AdminInstructor>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (instructor) => {
      queryClient.setQueryData(siteAdminKeys.instructor(), instructor);
      afterSiteWrite(queryClient);
    },
  });
}

export const useSaveInstructor = () => useInstructorWrite((body: InstructorBody) => apiFetch<AdminInstructor>(`${A}/instructor/`, { method: 'PATCH', body }));
export const useUploadInstructorPhoto = () =>
  useInstructorWrite(({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) =>
    uploadFile<AdminInstructor>({ path: `${A}/instructor/photo/`, field: 'image', file, onProgress }),
  );

function useReviewWrite<V, R>(request: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: siteAdminKeys.reviews() });
      afterSiteWrite(queryClient);
    },
  });
}

export const useAddReview = () => useReviewWrite((body: ReviewBody) => apiFetch<AdminReview>(`${A}/reviews/`, { method: 'POST', body }));
export const useEditReview = () =>
  useReviewWrite(({ id, body }: { id: number; body: ReviewBody }) => apiFetch<AdminReview>(`${A}/reviews/${id}/`, { method: 'PUT', body }));
export const useDeleteReview = () => useReviewWrite((id: number) => apiFetch<null>(`${A}/reviews/${id}/`, { method: 'DELETE' }));
export const useOrderReviews = () => useReviewWrite((ids: number[]) => apiFetch<AdminReview[]>(`${A}/reviews/order/`, { method: 'PUT', body: { ids } }));
export const useUploadReviewThumb = () =>
  useReviewWrite(({ id, file, onProgress }: { id: number; file: File; onProgress?: (fraction: number) => void }) =>
    uploadFile<AdminReview>({ path: `${A}/reviews/${id}/thumb/`, field: 'image', file, onProgress }),
  );
