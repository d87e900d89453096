import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ClientReview, CourseDetail, CourseListItem, Instructor, MembershipPlan, RoadmapStep } from '../../shared/catalog';
import { refetchUnlessServerData } from '../lib/serverData';
import { ApiError, apiFetch } from './client';
import { useVisitorIpState } from './site';

export interface ClientReviewPage {
  count: number;
  next: string | null;
  results: ClientReview[];
}

/** Every key of the catalog module's queries. A course's detail (with the viewer's progress) is `course(slug)`. */
export const catalogKeys = {
  all: ['catalog'] as const,
  courses: () => [...catalogKeys.all, 'courses'] as const,
  courseDetails: () => [...catalogKeys.all, 'course'] as const,
  course: (slug: string) => [...catalogKeys.courseDetails(), slug] as const,
  instructor: () => [...catalogKeys.all, 'instructor'] as const,
  clientReviews: () => [...catalogKeys.all, 'client-reviews'] as const,
  clientReviewPages: () => [...catalogKeys.all, 'client-review-pages'] as const,
  membershipPlans: () => [...catalogKeys.all, 'membership-plans'] as const,
  roadmap: () => [...catalogKeys.all, 'roadmap'] as const,
};

export const catalogQueries = {
  /**
   * Course list: cached without expiry, no refetch on focus or reconnect, refetched on mount (spec 9) except the hydration of the page the server just rendered with it.
   * A refetch asks the server (a 304 when unchanged): the browser's 60-second copy would put back a card's figures a review just changed.
   */
  courses: (ip: string | undefined) =>
    queryOptions({
      queryKey: catalogKeys.courses(),
      queryFn: ({ signal }) => apiFetch<CourseListItem[]>('/courses/', { query: { ip }, signal, cache: 'no-cache' }),
      staleTime: Infinity,
      gcTime: Infinity,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      refetchOnMount: refetchUnlessServerData('always'),
    }),

  course: (slug: string, ip: string | undefined) =>
    queryOptions({
      queryKey: catalogKeys.course(slug),
      queryFn: ({ signal }) => apiFetch<CourseDetail>(`/courses/${encodeURIComponent(slug)}/`, { query: { ip }, signal }),
      enabled: Boolean(slug),
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status === 404),
    }),

  instructor: () =>
    queryOptions({
      queryKey: catalogKeys.instructor(),
      queryFn: ({ signal }) => apiFetch<Instructor>('/instructor-detail/', { signal }),
      staleTime: 5 * 60_000,
    }),

  /** The first page of client reviews (home and services pages). */
  clientReviews: () =>
    queryOptions({
      queryKey: catalogKeys.clientReviews(),
      queryFn: ({ signal }) => apiFetch<ClientReviewPage>('/client-reviews/', { signal }),
      staleTime: 5 * 60_000,
    }),

  /** Every client review, page by page (the reviews page). */
  clientReviewPages: () =>
    infiniteQueryOptions({
      queryKey: catalogKeys.clientReviewPages(),
      initialPageParam: 1,
      queryFn: ({ pageParam, signal }) => apiFetch<ClientReviewPage>('/client-reviews/', { query: { page: pageParam }, signal }),
      getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
      staleTime: 5 * 60_000,
    }),

  membershipPlans: (ip: string | undefined) =>
    queryOptions({
      queryKey: catalogKeys.membershipPlans(),
      queryFn: ({ signal }) => apiFetch<MembershipPlan[]>('/membership-plan/', { query: { ip }, signal }),
      staleTime: 5 * 60_000,
    }),

  roadmap: () =>
    queryOptions({ queryKey: catalogKeys.roadmap(), queryFn: ({ signal }) => apiFetch<RoadmapStep[]>('/roadmap/', { signal }), staleTime: 5 * 60_000 }),
};

/** Catalog reads priced for the visitor wait until the IP lookup has settled, so a first visit asks once (spec 7). */
export function useCourses() {
  const { ip, ready } = useVisitorIpState();
  return useQuery({ ...catalogQueries.courses(ip), enabled: ready });
}

export function useCourse(slug: string | undefined) {
  const { ip, ready } = useVisitorIpState();
  return useQuery({ ...catalogQueries.course(slug ?? '', ip), enabled: Boolean(slug) && ready });
}

export function useMembershipPlans() {
  const { ip, ready } = useVisitorIpState();
  return useQuery({ ...catalogQueries.membershipPlans(ip), enabled: ready });
}

export function useInstructor() {
  return useQuery(catalogQueries.instructor());
}

export function useClientReviews() {
  return useQuery(catalogQueries.clientReviews());
}

export function useAllClientReviews() {
  return useInfiniteQuery(catalogQueries.clientReviewPages());
}

export function useRoadmap() {
  return useQuery(catalogQueries.roadmap());
}
