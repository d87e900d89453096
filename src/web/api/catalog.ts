import { useQuery } from '@tanstack/react-query';
import type { ClientReview, CourseDetail, CourseListItem, Instructor, MembershipPlan, RoadmapStep } from '../../shared/catalog';
import type { SiteConfig } from '../../shared/site';
import { apiFetch } from './client';
import { useVisitorIp } from './visitor';

/** Course list: cached without expiry, no refetch on focus or reconnect, refetched on mount (spec 9). */
const listOptions = { staleTime: Infinity, gcTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, refetchOnMount: 'always' as const };

export function useCourses() {
  const ip = useVisitorIp();
  return useQuery({
    queryKey: ['courses', ip],
    queryFn: ({ signal }) => apiFetch<CourseListItem[]>('/courses/', { query: { ip }, signal }),
    ...listOptions,
  });
}

export function useCourse(slug: string | undefined) {
  const ip = useVisitorIp();
  return useQuery({
    queryKey: ['course', slug, ip],
    queryFn: ({ signal }) => apiFetch<CourseDetail>(`/courses/${encodeURIComponent(slug ?? '')}/`, { query: { ip }, signal }),
    enabled: Boolean(slug),
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
  const ip = useVisitorIp();
  return useQuery({
    queryKey: ['membership-plans', ip],
    queryFn: ({ signal }) => apiFetch<MembershipPlan[]>('/membership-plan/', { query: { ip }, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useRoadmap() {
  return useQuery({ queryKey: ['roadmap'], queryFn: ({ signal }) => apiFetch<RoadmapStep[]>('/roadmap/', { signal }), staleTime: 5 * 60_000 });
}

export function useSiteConfig() {
  return useQuery({ queryKey: ['site-config'], queryFn: ({ signal }) => apiFetch<SiteConfig>('/site-config/', { signal }), staleTime: Infinity });
}
