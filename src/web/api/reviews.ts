import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseDetail, CourseListItem } from '../../shared/catalog';
import type { AdminReview, AdminReviewPage, CourseReviewPage, MyReview, ReviewBody, SavedReview } from '../../shared/reviews';
import { useIsLoggedIn } from '../lib/auth';
import { adminKeys } from './admin-keys';
import { catalogKeys } from './catalog';
import { ApiError, apiFetch } from './client';

/** Every key of the reviews module's queries (the studio's list lives under the admin keys). */
export const reviewKeys = {
  all: ['reviews'] as const,
  coursePages: (slug: string) => [...reviewKeys.all, 'course', slug] as const,
  coursePage: (slug: string, page: number, stars: number | undefined) => [...reviewKeys.coursePages(slug), page, stars ?? 0] as const,
  mine: (slug: string) => [...reviewKeys.all, 'mine', slug] as const,
  latestPages: () => [...reviewKeys.all, 'latest'] as const,
  latest: (course: string | undefined, page: number, stars: number | undefined) => [...reviewKeys.latestPages(), course ?? '', page, stars ?? 0] as const,
  studio: () => [...adminKeys.all, 'course-reviews'] as const,
  studioPage: (filters: StudioReviewFilters, page: number) => [...reviewKeys.studio(), filters, page] as const,
};

export interface StudioReviewFilters {
  course_id?: number | undefined;
  stars?: number | undefined;
  status?: 'public' | 'hidden' | undefined;
  replied?: boolean | undefined;
}
export const STUDIO_REVIEWS_PAGE_SIZE = 20;

const noRetryOn4xx = (count: number, error: unknown) => count < 2 && !(error instanceof ApiError && error.status < 500);
const pageOf = (value: number | string) => Number(value) || 1;
const starsOf = (value: number | string | undefined) => (value ? Number(value) || undefined : undefined);

export const reviewQueries = {
  /** One page of a course's public reviews, newest first. */
  course: (slug: string, page: number | string = 1, stars?: number | string) =>
    queryOptions({
      queryKey: reviewKeys.coursePage(slug, pageOf(page), starsOf(stars)),
      queryFn: ({ signal }) =>
        apiFetch<CourseReviewPage>(`/courses/${encodeURIComponent(slug)}/reviews/`, { query: { page: pageOf(page), stars: starsOf(stars) }, signal }),
      enabled: Boolean(slug),
      placeholderData: keepPreviousData,
      retry: noRetryOn4xx,
    }),

  /** The signed-in viewer's review of the course and whether they may rate it. */
  mine: (slug: string) =>
    queryOptions({
      queryKey: reviewKeys.mine(slug),
      queryFn: ({ signal }) => apiFetch<MyReview>(`/courses/${encodeURIComponent(slug)}/reviews/mine/`, { signal }),
      enabled: Boolean(slug),
      retry: noRetryOn4xx,
    }),

  /** The newest public reviews of every course (or of one), the /course-reviews page. */
  latest: (course: string | undefined, page: number | string = 1, stars?: number | string) =>
    queryOptions({
      queryKey: reviewKeys.latest(course || undefined, pageOf(page), starsOf(stars)),
      queryFn: ({ signal }) =>
        apiFetch<CourseReviewPage>('/course-reviews/', { query: { course: course || undefined, page: pageOf(page), stars: starsOf(stars) }, signal }),
      placeholderData: keepPreviousData,
      retry: noRetryOn4xx,
    }),
};

export function useCourseReviews(slug: string, page: number, stars: number | undefined) {
  return useQuery(reviewQueries.course(slug, page, stars));
}

export function useMyReview(slug: string) {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...reviewQueries.mine(slug), enabled: Boolean(slug) && loggedIn });
}

export function useLatestReviews(course: string | undefined, page: number, stars: number | undefined) {
  return useQuery(reviewQueries.latest(course, page, stars));
}

/** The course's new figures on its card (the course lists) and its page, from the server's answer. */
function showFigures(client: ReturnType<typeof useQueryClient>, figures: SavedReview['course']) {
  const update = <T extends CourseListItem>(course: T): T =>
    course.slug === figures.slug ? { ...course, ratings: figures.ratings, ratings_count: figures.ratings_count } : course;
  client.setQueriesData<CourseListItem[]>({ queryKey: catalogKeys.courses() }, (list) => list?.map(update));
  client.setQueriesData<CourseDetail>({ queryKey: catalogKeys.course(figures.slug) }, (course) =>
    course ? { ...update(course), rating_count: figures.ratings_count } : course,
  );
}

/** POST /courses/{slug}/reviews/: rate the course or edit one's review. */
export function useSaveReview(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => apiFetch<SavedReview>(`/courses/${encodeURIComponent(slug)}/reviews/`, { method: 'POST', body }),
    onSuccess: async (saved) => {
      showFigures(client, saved.course);
      client.setQueryData<MyReview>(reviewKeys.mine(slug), (mine) => (mine ? { ...mine, review: saved.review } : mine));
      await Promise.all([
        client.invalidateQueries({ queryKey: reviewKeys.coursePages(slug) }),
        client.invalidateQueries({ queryKey: reviewKeys.latestPages() }),
        client.invalidateQueries({ queryKey: reviewKeys.studio() }),
      ]);
    },
  });
}

// ---------------------------------------------------------------- studio

export const studioReviewQueries = {
  page: (filters: StudioReviewFilters, page: number) =>
    queryOptions({
      queryKey: reviewKeys.studioPage(filters, page),
      queryFn: ({ signal }) =>
        apiFetch<AdminReviewPage>('/admin/course-reviews/', {
          query: {
            course_id: filters.course_id,
            stars: filters.stars,
            status: filters.status,
            replied: filters.replied === undefined ? undefined : String(filters.replied),
            page,
            page_size: STUDIO_REVIEWS_PAGE_SIZE,
          },
          signal,
        }),
      placeholderData: keepPreviousData,
      retry: noRetryOn4xx,
    }),
};

function useStudioReviewWrite<V>(send: (variables: V) => Promise<AdminReview>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: reviewKeys.studio() }),
        // The public lists and the course's figures change with a hide, and a reply shows on them.
        client.invalidateQueries({ queryKey: reviewKeys.all }),
        client.invalidateQueries({ queryKey: catalogKeys.all }),
        client.invalidateQueries({ queryKey: adminKeys.audit() }),
      ]),
  });
}

export function useReplyToReview() {
  return useStudioReviewWrite(({ id, reply }: { id: number; reply: string }) =>
    apiFetch<AdminReview>(`/admin/course-reviews/${id}/reply/`, { method: 'POST', body: { reply } }),
  );
}

export function useHideReview() {
  return useStudioReviewWrite(({ id, reason }: { id: number; reason: string }) =>
    apiFetch<AdminReview>(`/admin/course-reviews/${id}/hide/`, { method: 'POST', body: { reason } }),
  );
}

export function useShowReview() {
  return useStudioReviewWrite(({ id }: { id: number }) => apiFetch<AdminReview>(`/admin/course-reviews/${id}/show/`, { method: 'POST' }));
}
