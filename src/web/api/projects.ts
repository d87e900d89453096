import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Letter, LetterCourse, Project, Submission, SubmissionBody, VerifiedLetter } from '../../shared/projects';
import { useIsLoggedIn } from '../lib/auth';
import { ApiError, apiFetch } from './client';
import type { FileDownload } from './download';
import { learningKeys } from './learning';

/** A hand-in: the form's fields and, when the student attached one, the file (sent as multipart). */
export type SubmissionInput = SubmissionBody & { file?: File | undefined };

const retryServerErrors = (count: number, error: unknown) => count < 1 && !(error instanceof ApiError && error.status < 500);

/** Every key of the projects module's queries (the student's and the public letter's; the studio's are in adminProjects.ts). */
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
      queryFn: ({ signal }) => apiFetch<VerifiedLetter>(`/letters/${encodeURIComponent(letterId)}/`, { signal }),
      enabled: Boolean(letterId),
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
