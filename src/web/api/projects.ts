import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminProject,
  AdminSubmission,
  AdminSubmissionQuery,
  adminSubmissionPageSchema,
  Letter,
  LetterCourse,
  Project,
  ProjectBody,
  ProjectPatch,
  ReviewBody,
  reviewResultSchema,
  revokeBodySchema,
  Submission,
  SubmissionBody,
} from '../../shared/projects';
import { useIsLoggedIn } from '../lib/auth';
import { adminKeys } from './admin';
import { ApiError, apiFetch } from './client';
import type { FileDownload } from './download';
import { learningKeys } from './learning';

export type AdminSubmissionPage = z.infer<typeof adminSubmissionPageSchema>;
export type ReviewResult = z.infer<typeof reviewResultSchema>;
export type RevokeBody = z.infer<typeof revokeBodySchema>;
export type SubmissionFilters = Omit<AdminSubmissionQuery, 'page' | 'page_size'>;
/** A hand-in: the form's fields and, when the student attached one, the file (sent as multipart). */
export type SubmissionInput = SubmissionBody & { file?: File | undefined };

const A = '/admin';
const retryServerErrors = (count: number, error: unknown) => count < 1 && !(error instanceof ApiError && error.status < 500);
export const SUBMISSIONS_PAGE_SIZE = 25;

/** Every key of the projects module's queries (the student's and the public letter's; the studio's live under admin). */
export const projectKeys = {
  all: ['projects'] as const,
  /**
   * A course's projects as the viewer sees them (brief and criteria only for who may open the course): like the
   * catalog's course, one entry whoever looks, refetched when a page mounts (the server renders it for a visitor).
   */
  courseProjects: (slug: string) => [...projectKeys.all, 'course', slug] as const,
  project: (id: number) => [...projectKeys.all, 'project', id] as const,
  letterCourse: () => [...projectKeys.all, 'letter-course'] as const,
  submissions: () => [...projectKeys.all, 'submissions'] as const,
  letter: (letterId: string) => [...projectKeys.all, 'letter', letterId] as const,
};

export const adminProjectKeys = {
  projects: () => [...adminKeys.all, 'projects'] as const,
  courseProjects: (courseId: number) => [...adminProjectKeys.projects(), 'course', courseId] as const,
  submissions: () => [...adminKeys.all, 'project-submissions'] as const,
  submissionPage: (filters: SubmissionFilters, page: number) => [...adminProjectKeys.submissions(), 'page', filters, page] as const,
  submission: (id: number) => [...adminProjectKeys.submissions(), 'one', id] as const,
};

export const projectQueries = {
  courseProjects: (slug: string) =>
    queryOptions({
      queryKey: projectKeys.courseProjects(slug),
      queryFn: ({ signal }) => apiFetch<Project[]>(`/courses/${encodeURIComponent(slug)}/projects/`, { signal }),
      enabled: Boolean(slug),
      retry: retryServerErrors,
    }),

  /** GET /projects/{id}/: one project as the viewer sees it (its course, whether it is unlocked, the viewer's submission). */
  project: (id: number) =>
    queryOptions({
      queryKey: projectKeys.project(id),
      queryFn: ({ signal }) => apiFetch<Project>(`/projects/${id}/`, { signal }),
      enabled: Number.isInteger(id) && id > 0,
      retry: retryServerErrors,
    }),

  /** GET /letter-course/: the course the home page's 'Get Your Letter' banner leads to (null: none has a project yet). */
  letterCourse: () =>
    queryOptions({
      queryKey: projectKeys.letterCourse(),
      queryFn: ({ signal }) => apiFetch<LetterCourse>('/letter-course/', { signal }),
      staleTime: 5 * 60_000,
      retry: retryServerErrors,
    }),

  /** GET /project-submissions/: the student's own, each with its rounds. */
  submissions: () =>
    queryOptions({
      queryKey: projectKeys.submissions(),
      queryFn: ({ signal }) => apiFetch<Submission[]>('/project-submissions/', { signal }),
      retry: retryServerErrors,
    }),

  /** GET /letters/{id}/ (public). A 404 means no letter has this id. */
  letter: (letterId: string) =>
    queryOptions({
      queryKey: projectKeys.letter(letterId),
      queryFn: ({ signal }) => apiFetch<Letter>(`/letters/${encodeURIComponent(letterId)}/`, { signal }),
      enabled: Boolean(letterId),
      retry: retryServerErrors,
    }),
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

// ---- The student ----------------------------------------------------------------------------

/** A course's projects for whoever is looking (signed in or not). */
export function useCourseProjects(slug: string | undefined) {
  return useQuery(projectQueries.courseProjects(slug ?? ''));
}

/** The signed-in student's submissions (none asked for a visitor). */
export function useMySubmissions() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...projectQueries.submissions(), enabled: loggedIn });
}

export function useProject(id: number) {
  return useQuery(projectQueries.project(id));
}

export function useLetterCourse() {
  return useQuery(projectQueries.letterCourse());
}

export function useLetter(letterId: string | undefined) {
  return useQuery(projectQueries.letter(letterId ?? ''));
}

/** JSON without a file; multipart (the same fields and `file`) with one. */
function submissionPayload({ file, ...fields }: SubmissionInput): SubmissionBody | FormData {
  if (!file) return fields;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (typeof value === 'string' && value !== '') form.append(name, value);
  form.append('file', file, file.name);
  return form;
}

function invalidateStudentSubmissions(client: QueryClient) {
  return Promise.all([client.invalidateQueries({ queryKey: projectKeys.all }), client.invalidateQueries({ queryKey: learningKeys.dashboard() })]).then(
    () => undefined,
  );
}

/** POST /projects/{id}/submissions/: the list reloads with the new submission. */
export function useSubmitProject(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmissionInput) => apiFetch<Submission>(`/projects/${projectId}/submissions/`, { method: 'POST', body: submissionPayload(input) }),
    onSuccess: () => invalidateStudentSubmissions(client),
  });
}

/** POST /project-submissions/{id}/resubmit/ after changes were requested: a new round. */
export function useResubmitProject(submissionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmissionInput) =>
      apiFetch<Submission>(`/project-submissions/${submissionId}/resubmit/`, { method: 'POST', body: submissionPayload(input) }),
    onSuccess: () => invalidateStudentSubmissions(client),
  });
}

/** The letter's PDF (its owner and admins only). */
export function letterPdf(letter: Pick<Letter, 'letter_id' | 'number'>): FileDownload {
  return { path: `/letters/${encodeURIComponent(letter.letter_id)}/download/`, filename: `${letter.number || letter.letter_id}.pdf` };
}

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
