import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminKeys, type AdminOrderFilters, type AuditFilters } from './admin-keys';
import { MAX_PAGE_SIZE } from '../../shared/admin';
import type { AdminFigures } from '../../shared/admin';
import type { QuizStats } from '../../shared/quizzes';
import type {
  AdminCourse,
  AdminCourseListItem,
  AdminOrderDetail,
  AdminOrderListItem,
  AuditEntry,
  categorySchema,
  CourseBody,
  CoursePatch,
  CurriculumOrder,
  LessonBody,
  OrderRefundBody,
  Page,
  PricesBody,
  SectionPatch,
  SetupBody,
  SetupStatus,
  SiteSettings,
  SiteSettingsBody,
  adminMeSchema,
} from '../../shared/admin';
import type { CourseDetail } from '../../shared/catalog';
import { completeLogin } from './accounts';
import { catalogKeys } from './catalog';
import { siteKeys } from './site';
import { ApiError, apiFetch } from './client';
import { uploadFile } from './upload';
import type { TokenPair } from '../../shared/accounts';

export type AdminMe = z.infer<typeof adminMeSchema>;
export type Category = z.infer<typeof categorySchema>;
export type { AdminOrderFilters, AuditFilters } from './admin-keys';
export type CourseTransition = 'publish' | 'unpublish' | 'archive' | 'restore';

const A = '/admin';
/** Don't retry what the server refused on purpose (401, 403, 404, 400): only network and 5xx. */
const retryServerErrors = (count: number, error: unknown) => count < 1 && !(error instanceof ApiError && error.status < 500);

export { adminKeys };

export interface CourseListQuery {
  page: number;
  search?: string;
  state?: 'draft' | 'published' | 'archived';
  sort?: 'position' | 'title' | '-updated_at' | 'updated_at';
}

export const adminQueries = {
  me: () =>
    queryOptions({
      queryKey: adminKeys.me(),
      queryFn: ({ signal }) => apiFetch<AdminMe>(`${A}/me/`, { signal }),
      retry: retryServerErrors,
      staleTime: 5 * 60_000,
    }),

  setupStatus: (token: string) =>
    queryOptions({
      queryKey: adminKeys.setup(token),
      queryFn: ({ signal }) => apiFetch<SetupStatus>('/setup/', { query: { token }, signal }),
      enabled: Boolean(token),
      retry: retryServerErrors,
    }),

  /**
   * Every course, by title, for a picker or a filter (coupon courses, the questions' course filter):
   * all pages, MAX_PAGE_SIZE at a time, so a catalogue longer than one page is still complete.
   */
  courseChoices: () =>
    queryOptions({
      queryKey: adminKeys.courseChoices(),
      queryFn: async ({ signal }) => {
        const all: AdminCourseListItem[] = [];
        for (let page = 1; ; page++) {
          const batch = await apiFetch<Page<AdminCourseListItem>>(`${A}/courses/`, { query: { page, page_size: MAX_PAGE_SIZE, sort: 'title' }, signal });
          all.push(...batch.results);
          if (batch.results.length === 0 || all.length >= batch.count) return all;
        }
      },
      retry: retryServerErrors,
      staleTime: 60_000,
    }),

  courses: (query: CourseListQuery) =>
    queryOptions({
      queryKey: adminKeys.courseList(query),
      queryFn: ({ signal }) => apiFetch<Page<AdminCourseListItem>>(`${A}/courses/`, { query: { ...query, page_size: 25 }, signal }),
      placeholderData: keepPreviousData,
      retry: retryServerErrors,
    }),

  course: (id: number) =>
    queryOptions({
      queryKey: adminKeys.course(id),
      queryFn: ({ signal }) => apiFetch<AdminCourse>(`${A}/courses/${id}/`, { signal }),
      retry: retryServerErrors,
    }),

  /** GET /admin/courses/{id}/quiz-stats/: per quiz, the share of students right on each question, hardest first. */
  quizStats: (id: number) =>
    queryOptions({
      queryKey: adminKeys.quizStats(id),
      queryFn: ({ signal }) => apiFetch<QuizStats>(`${A}/courses/${id}/quiz-stats/`, { signal }),
      retry: retryServerErrors,
    }),

  preview: (id: number) =>
    queryOptions({
      queryKey: adminKeys.preview(id),
      queryFn: ({ signal }) => apiFetch<CourseDetail>(`${A}/courses/${id}/preview/`, { query: { as: 'student' }, signal }),
      retry: retryServerErrors,
      staleTime: 0,
    }),

  categories: () =>
    queryOptions({
      queryKey: adminKeys.categories(),
      queryFn: ({ signal }) => apiFetch<Category[]>(`${A}/categories/`, { signal }),
      staleTime: 5 * 60_000,
    }),

  orders: (filters: AdminOrderFilters, cursor: string | undefined) =>
    queryOptions({
      queryKey: adminKeys.orderPage(filters, cursor),
      queryFn: ({ signal }) =>
        apiFetch<{ results: AdminOrderListItem[]; next_cursor: string | null }>(`${A}/orders/`, { query: { ...filters, cursor, page_size: 25 }, signal }),
      placeholderData: keepPreviousData,
      retry: retryServerErrors,
    }),

  order: (orderNumber: string) =>
    queryOptions({
      queryKey: adminKeys.order(orderNumber),
      queryFn: ({ signal }) => apiFetch<AdminOrderDetail>(`${A}/orders/${encodeURIComponent(orderNumber)}/`, { signal }),
      retry: retryServerErrors,
    }),

  audit: (filters: AuditFilters, page: number) =>
    queryOptions({
      queryKey: adminKeys.auditPage(filters, page),
      queryFn: ({ signal }) => apiFetch<Page<AuditEntry>>(`${A}/audit-log/`, { query: { ...filters, page, page_size: 25 }, signal }),
      placeholderData: keepPreviousData,
      retry: retryServerErrors,
    }),

  settings: () =>
    queryOptions({
      queryKey: adminKeys.settings(),
      queryFn: ({ signal }) => apiFetch<SiteSettings>(`${A}/settings/`, { signal }),
      retry: retryServerErrors,
    }),

  /** GET /admin/site-figures/: what each figure shows while its Settings field is empty (the database's facts, rounded). */
  figureDefaults: () =>
    queryOptions({
      queryKey: adminKeys.figureDefaults(),
      queryFn: ({ signal }) => apiFetch<AdminFigures>(`${A}/site-figures/`, { signal }),
      retry: retryServerErrors,
    }),
};

// ---------------------------------------------------------------- writes

/** POST /setup/: creates the instructor's account and signs them in. */
export function useCompleteSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetupBody) => apiFetch<TokenPair & { user: unknown }>('/setup/', { method: 'POST', body }),
    onSuccess: async (result) => {
      await completeLogin(result, queryClient);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

/**
 * Every course write answers the whole course: it goes into the cache as is, the lists and the
 * storefront's copies are refetched, and the audit log too.
 */
function afterCourseWrite(queryClient: QueryClient, course: AdminCourse) {
  queryClient.setQueryData(adminKeys.course(course.id), course);
  void queryClient.invalidateQueries({ queryKey: adminKeys.courseLists() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.preview(course.id) });
  void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
  void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
}

function useCourseWrite<V>(request: (vars: V) => Promise<AdminCourse>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: (course) => afterCourseWrite(queryClient, course) });
}

export const useCreateCourse = () => useCourseWrite((body: CourseBody) => apiFetch<AdminCourse>(`${A}/courses/`, { method: 'POST', body }));
export const useUpdateCourse = (id: number) => useCourseWrite((body: CoursePatch) => apiFetch<AdminCourse>(`${A}/courses/${id}/`, { method: 'PATCH', body }));
export const useCourseTransition = (id: number) =>
  useCourseWrite((transition: CourseTransition) => apiFetch<AdminCourse>(`${A}/courses/${id}/${transition}/`, { method: 'POST' }));
export const useSetPrices = (id: number) => useCourseWrite((body: PricesBody) => apiFetch<AdminCourse>(`${A}/courses/${id}/prices/`, { method: 'PUT', body }));
export const useReorderCurriculum = (id: number) =>
  useCourseWrite((body: CurriculumOrder) => apiFetch<AdminCourse>(`${A}/courses/${id}/curriculum/`, { method: 'PUT', body }));
export const useAddSection = (courseId: number) =>
  useCourseWrite((title: string) => apiFetch<AdminCourse>(`${A}/courses/${courseId}/sections/`, { method: 'POST', body: { title } }));
export const useRenameSection = () =>
  useCourseWrite(({ id, title }: { id: number; title: string }) => apiFetch<AdminCourse>(`${A}/sections/${id}/`, { method: 'PATCH', body: { title } }));
/** A section's drip schedule (the whole schedule: the field not sent is cleared), its title left as it is. */
export const useSetSectionRelease = () =>
  useCourseWrite(({ id, body }: { id: number; body: Required<Pick<SectionPatch, 'available_after_days' | 'available_from'>> }) =>
    apiFetch<AdminCourse>(`${A}/sections/${id}/`, { method: 'PATCH', body }),
  );
export const useDeleteSection = () => useCourseWrite((id: number) => apiFetch<AdminCourse>(`${A}/sections/${id}/`, { method: 'DELETE' }));
export const useAddLesson = () =>
  useCourseWrite(({ sectionId, body }: { sectionId: number; body: LessonBody }) =>
    apiFetch<AdminCourse>(`${A}/sections/${sectionId}/lessons/`, { method: 'POST', body }),
  );
export const useEditLesson = () =>
  useCourseWrite(({ id, body }: { id: number; body: LessonBody }) => apiFetch<AdminCourse>(`${A}/lessons/${id}/`, { method: 'PUT', body }));
export const useDeleteLesson = () => useCourseWrite((id: number) => apiFetch<AdminCourse>(`${A}/lessons/${id}/`, { method: 'DELETE' }));
/** Uploads report their progress (0 to 1) through `onProgress`. */
export const useUploadCourseImage = (courseId: number) =>
  useCourseWrite(({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) =>
    uploadFile<AdminCourse>({ path: `${A}/courses/${courseId}/image/`, field: 'image', file, onProgress }),
  );
export const useUploadLessonResource = () =>
  useCourseWrite(({ lessonId, file, onProgress }: { lessonId: number; file: File; onProgress?: (fraction: number) => void }) =>
    uploadFile<AdminCourse>({ path: `${A}/lessons/${lessonId}/resource/`, field: 'file', file, onProgress }),
  );
export const useDeleteResource = () => useCourseWrite((id: number) => apiFetch<AdminCourse>(`${A}/resources/${id}/`, { method: 'DELETE' }));

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { category_name: string; slug: string }) => apiFetch<Category>(`${A}/categories/`, { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.categories() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}

/** Refunds in full; the order, the lists, the audit log and the storefront (access changed) are refetched. */
export function useRefundOrder(orderNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    /** `amount` in the order's currency (major units; none: whatever is left), `reason` shown to the buyer. */
    mutationFn: (body: OrderRefundBody = {}) => apiFetch<AdminOrderDetail>(`${A}/orders/${encodeURIComponent(orderNumber)}/refund/`, { method: 'POST', body }),
    onSuccess: (order) => {
      queryClient.setQueryData(adminKeys.order(orderNumber), order);
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.courses() });
      // The overview counts each refund on its own day.
      void queryClient.invalidateQueries({ queryKey: adminKeys.overview() });
    },
    // A refund the provider has not answered yet (503) or refused (409) is on the order now, pending or failed: show it.
    onError: () => void queryClient.invalidateQueries({ queryKey: adminKeys.order(orderNumber) }),
  });
}

/** After a settings write: the studio's copy, the audit log, and what the storefront reads (its name, logo and figures). */
function afterSettingsWrite(queryClient: QueryClient, settings: SiteSettings) {
  queryClient.setQueryData(adminKeys.settings(), settings);
  void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.figureDefaults() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.setupChecklist() });
  void queryClient.invalidateQueries({ queryKey: siteKeys.all });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteSettingsBody) => apiFetch<SiteSettings>(`${A}/settings/`, { method: 'PATCH', body }),
    onSuccess: (settings) => afterSettingsWrite(queryClient, settings),
  });
}

/** POST /admin/settings/logo/ (multipart "image"): the site's logo, stored as a WebP. */
export function useUploadSiteLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) =>
      uploadFile<SiteSettings>({ path: `${A}/settings/logo/`, field: 'image', file, onProgress }),
    onSuccess: (settings) => afterSettingsWrite(queryClient, settings),
  });
}

/** DELETE /admin/settings/logo/: the default mark again. */
export function useRemoveSiteLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<SiteSettings>(`${A}/settings/logo/`, { method: 'DELETE' }),
    onSuccess: (settings) => afterSettingsWrite(queryClient, settings),
  });
}

/** The CSV export's address for the same filters as the list (for the one download helper). */
export function ordersCsvPath(filters: AdminOrderFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') params.set(key, String(value));
  const query = params.toString();
  return `${A}/orders/export.csv${query ? `?${query}` : ''}`;
}

/** A server error's text for a page or a toast: the server's detail, else a plain sentence. */
export function adminErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return 'You do not have permission to do this.';
    if (error.status === 404) return 'Not found: it may have been deleted.';
    const detail = (error.body as { detail?: unknown } | null)?.detail;
    if (typeof detail === 'string' && detail) return detail;
    if (error.status >= 500) return 'The server could not do this just now. Try again in a moment.';
    const first = Object.values((error.body as Record<string, unknown> | null) ?? {})[0];
    if (Array.isArray(first) && first.length) return String(first[0]);
    return error.message;
  }
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}
