import { useQuery } from '@tanstack/react-query';
import type { ClientReview, CourseDetail, CourseListItem, Instructor, MembershipPlan, RoadmapStep } from '../../shared/catalog';
import type { SiteConfig } from '../../shared/site';
import { apiFetch } from './client';
import { useVisitorIpState } from './visitor';

/** Course list: cached without expiry, no refetch on focus or reconnect, refetched on mount (spec 9). */
const listOptions = { staleTime: Infinity, gcTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, refetchOnMount: 'always' as const };

/** Catalog reads wait until the visitor's IP lookup has settled, so a first visit asks once (spec 7). */
export function useCourses() {
  const { ip, ready } = useVisitorIpState();
  return useQuery({
    queryKey: ['courses'],
    queryFn: ({ signal }) => apiFetch<CourseListItem[]>('/courses/', { query: { ip }, signal }),
    enabled: ready,
    ...listOptions,
  });
}

export function useCourse(slug: string | undefined) {
  const { ip, ready } = useVisitorIpState();
  return useQuery({
    queryKey: ['course', slug],
    queryFn: ({ signal }) => apiFetch<CourseDetail>(`/courses/${encodeURIComponent(slug ?? '')}/`, { query: { ip }, signal }),
    enabled: Boolean(slug) && ready,
    retry: (count, error) => count < 2 && !(error instanceof Error && 'status' in error && (error as { status: number }).status === 404),
  });
}

export function useInstructor() {
  return useQuery({ queryKey: ['instructor'], queryFn: ({ signal }) => apiFetch<Instructor>('/instructor-detail/', { signal }), staleTime: 5 * 60_000 });
}

export function useClientReviews() {
  return useQuery({
    queryKey: ['client-reviews'],
    queryFn: ({ signal }) => apiFetch<{ count: number; results: ClientReview[] }>('/client-reviews/', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useMembershipPlans() {
  const { ip, ready } = useVisitorIpState();
  return useQuery({
    queryKey: ['membership-plans'],
    queryFn: ({ signal }) => apiFetch<MembershipPlan[]>('/membership-plan/', { query: { ip }, signal }),
    enabled: ready,
    staleTime: 5 * 60_000,
  });
}

export function useRoadmap() {
  return useQuery({ queryKey: ['roadmap'], queryFn: ({ signal }) => apiFetch<RoadmapStep[]>('/roadmap/', { signal }), staleTime: 5 * 60_000 });
}

export function useSiteConfig() {
  return useQuery({ queryKey: ['site-config'], queryFn: ({ signal }) => apiFetch<SiteConfig>('/site-config/', { signal }), staleTime: Infinity });
}
