import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminProject,
  AdminSubmission,
  AdminSubmissionQuery,
  adminSubmissionPageSchema,
  Letter,
  ProjectBody,
  ProjectPatch,
  ReviewBody,
  reviewResultSchema,
  revokeBodySchema,
} from '../../shared/projects';
import { adminKeys } from './admin';
import { ApiError, apiFetch } from './client';
import { projectKeys } from './projects';

/** The studio's side of projects (the course editor's tab, the review queue, the review, revocation): apart from api/projects.ts, so the storefront never loads the studio's API. */
export type AdminSubmissionPage = z.infer<typeof adminSubmissionPageSchema>;
export type ReviewResult = z.infer<typeof reviewResultSchema>;
export type RevokeBody = z.infer<typeof revokeBodySchema>;
export type SubmissionFilters = Omit<AdminSubmissionQuery, 'page' | 'page_size'>;

const A = '/admin';
const retryServerErrors = (count: number, error: unknown) => count < 1 && !(error instanceof ApiError && error.status < 500);
export const SUBMISSIONS_PAGE_SIZE = 25;

export const adminProjectKeys = {
  projects: () => [...adminKeys.all, 'projects'] as const,
  courseProjects: (courseId: number) => [...adminProjectKeys.projects(), 'course', courseId] as const,
  submissions: () => [...adminKeys.all, 'project-submissions'] as const,
  submissionPage: (filters: SubmissionFilters, page: number) => [...adminProjectKeys.submissions(), 'page', filters, page] as const,
  submission: (id: number) => [...adminProjectKeys.submissions(), 'one', id] as const,
};

export const adminProjectQueries = {
  courseProjects: (courseId: number) =>
    queryOptions({
      queryKey: adminProjectKeys.courseProjects(courseId),
      queryFn: ({ signal }) => apiFetch<AdminProject[]>(`${A}/courses/${courseId}/projects/`, { signal }),
      retry: retryServerErrors,
    }),

  submissions: (filters: SubmissionFilters, page: number) =>
    queryOptions({
      queryKey: adminProjectKeys.submissionPage(filters, page),
      queryFn: ({ signal }) =>
        apiFetch<AdminSubmissionPage>(`${A}/project-submissions/`, {
          query: { status: filters.status, course_id: filters.course_id, page, page_size: SUBMISSIONS_PAGE_SIZE },
          signal,
        }),
      placeholderData: keepPreviousData,
      retry: retryServerErrors,
    }),

  /** How many submissions wait for a decision (the studio's nav badge). */
  waitingCount: () =>
    queryOptions({
      queryKey: adminProjectKeys.submissionPage({}, 0),
      queryFn: ({ signal }) => apiFetch<AdminSubmissionPage>(`${A}/project-submissions/`, { query: { page: 1, page_size: 1 }, signal }),
      select: (page) => page.waiting,
      retry: retryServerErrors,
      staleTime: 60_000,
    }),

  submission: (id: number) =>
    queryOptions({
      queryKey: adminProjectKeys.submission(id),
      queryFn: ({ signal }) => apiFetch<AdminSubmission>(`${A}/project-submissions/${id}/`, { signal }),
      retry: retryServerErrors,
    }),
};

// ---- The studio -----------------------------------------------------------------------------

function useProjectWrite<V>(courseId: number, write: (variables: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminProjectKeys.courseProjects(courseId) }),
        client.invalidateQueries({ queryKey: projectKeys.all }),
        client.invalidateQueries({ queryKey: adminKeys.audit() }),
      ]).then(() => undefined),
  });
}

export const useCreateProject = (courseId: number) =>
  useProjectWrite(courseId, (body: ProjectBody) => apiFetch<AdminProject>(`${A}/courses/${courseId}/projects/`, { method: 'POST', body }));
export const useUpdateProject = (courseId: number) =>
  useProjectWrite(courseId, ({ id, body }: { id: number; body: ProjectPatch }) => apiFetch<AdminProject>(`${A}/projects/${id}/`, { method: 'PATCH', body }));
export const useDeleteProject = (courseId: number) => useProjectWrite(courseId, (id: number) => apiFetch<null>(`${A}/projects/${id}/`, { method: 'DELETE' }));

function invalidateReview(client: QueryClient, id: number) {
  return Promise.all([
    client.invalidateQueries({ queryKey: adminProjectKeys.submissions() }),
    client.invalidateQueries({ queryKey: adminProjectKeys.submission(id) }),
    client.invalidateQueries({ queryKey: adminKeys.audit() }),
    client.invalidateQueries({ queryKey: projectKeys.all }),
  ]).then(() => undefined);
}

/** POST /admin/project-submissions/{id}/review/: the decision; an approval answers the new letter_id. */
export function useReviewSubmission(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => apiFetch<ReviewResult>(`${A}/project-submissions/${id}/review/`, { method: 'POST', body }),
    onSuccess: (result) => {
      client.setQueryData<AdminSubmission>(adminProjectKeys.submission(id), result);
      return invalidateReview(client, id);
    },
  });
}

/** POST /admin/letters/{id}/revoke/ with the reason; the submission and the public letter reload. */
export function useRevokeLetter(submissionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ letterId, body }: { letterId: string; body: RevokeBody }) =>
      apiFetch<Letter>(`${A}/letters/${encodeURIComponent(letterId)}/revoke/`, { method: 'POST', body }),
    onSuccess: () => invalidateReview(client, submissionId),
  });
}
