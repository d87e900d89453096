/**
 * The studio's people and money logs: students, memberships and the payments log (provider
 * events). Reads are queryOptions factories; every write is a mutation that refetches what it
 * changed, and the audit log.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AdminMember,
  AdminMemberDetail,
  AdminMemberQuery,
  AdminStudent,
  AdminStudentDetail,
  Page,
  ProviderEventItem,
  ProviderEventQuery,
} from '../../shared/admin';
import { adminKeys } from './admin';
import { ApiError, apiFetch } from './client';

export const PEOPLE_PAGE_SIZE = 25;

/** The list filters as the URL holds them (strings), without paging. */
export type StudentFilters = Partial<Record<'search' | 'verified' | 'blocked' | 'sort', string>>;
export type MemberFilters = Partial<Omit<AdminMemberQuery, 'page' | 'page_size'>>;
export type PaymentEventFilters = Partial<Omit<ProviderEventQuery, 'page' | 'page_size'>>;
export type ProviderEventDetail = ProviderEventItem & { payload: unknown };

const A = '/admin';
const retryServerErrors = (count: number, error: unknown) => count < 1 && !(error instanceof ApiError && error.status < 500);

export const peopleKeys = {
  students: () => [...adminKeys.all, 'students'] as const,
  studentPage: (filters: StudentFilters, page: number) => [...peopleKeys.students(), 'page', filters, page] as const,
  student: (id: number) => [...peopleKeys.students(), 'one', id] as const,
  members: () => [...adminKeys.all, 'members'] as const,
  memberPage: (filters: MemberFilters, page: number) => [...peopleKeys.members(), 'page', filters, page] as const,
  member: (id: number) => [...peopleKeys.members(), 'one', id] as const,
  events: () => [...adminKeys.all, 'payment-events'] as const,
  eventPage: (filters: PaymentEventFilters, page: number) => [...peopleKeys.events(), 'page', filters, page] as const,
  event: (id: number) => [...peopleKeys.events(), 'one', id] as const,
};

const list = <T>(path: string, query: object, page: number, signal: AbortSignal) =>
  apiFetch<Page<T>>(path, { query: { ...(query as Record<string, string | undefined>), page, page_size: PEOPLE_PAGE_SIZE }, signal });

export const peopleQueries = {
  students: (filters: StudentFilters, page: number) =>
    queryOptions({
      queryKey: peopleKeys.studentPage(filters, page),
      queryFn: ({ signal }) => list<AdminStudent>(`${A}/students/`, filters, page, signal),
      placeholderData: keepPreviousData,
      retry: retryServerErrors,
    }),
  student: (id: number) =>
    queryOptions({
      queryKey: peopleKeys.student(id),
      queryFn: ({ signal }) => apiFetch<AdminStudentDetail>(`${A}/students/${id}/`, { signal }),
      retry: retryServerErrors,
    }),
  members: (filters: MemberFilters, page: number) =>
    queryOptions({
      queryKey: peopleKeys.memberPage(filters, page),
      queryFn: ({ signal }) => list<AdminMember>(`${A}/members/`, filters, page, signal),
      placeholderData: keepPreviousData,
      retry: retryServerErrors,
    }),
  member: (id: number) =>
    queryOptions({
      queryKey: peopleKeys.member(id),
      queryFn: ({ signal }) => apiFetch<AdminMemberDetail>(`${A}/members/${id}/`, { signal }),
      retry: retryServerErrors,
    }),
  events: (filters: PaymentEventFilters, page: number) =>
    queryOptions({
      queryKey: peopleKeys.eventPage(filters, page),
      queryFn: ({ signal }) => list<ProviderEventItem>(`${A}/payment-events/`, filters, page, signal),
      placeholderData: keepPreviousData,
      retry: retryServerErrors,
    }),
  event: (id: number) =>
    queryOptions({
      queryKey: peopleKeys.event(id),
      queryFn: ({ signal }) => apiFetch<ProviderEventDetail>(`${A}/payment-events/${id}/`, { signal }),
      retry: retryServerErrors,
    }),
};

// ---------------------------------------------------------------- writes

/**
 * A student write answers the whole student: it goes into the cache; the lists, the memberships
 * (a comp makes one), the orders and the audit log are refetched.
 */
function afterStudentWrite(queryClient: QueryClient, student: AdminStudentDetail) {
  queryClient.setQueryData(peopleKeys.student(student.id), student);
  void queryClient.invalidateQueries({ queryKey: peopleKeys.students() });
  void queryClient.invalidateQueries({ queryKey: peopleKeys.members() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
}

function useStudentWrite<V>(request: (vars: V) => Promise<AdminStudentDetail>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: (student) => afterStudentWrite(queryClient, student) });
}

export const useEnrolStudent = (id: number) =>
  useStudentWrite((courseId: number) => apiFetch<AdminStudentDetail>(`${A}/students/${id}/enrolments/`, { method: 'POST', body: { course_id: courseId } }));
export const useRevokeEnrolment = (id: number) =>
  useStudentWrite((courseId: number) => apiFetch<AdminStudentDetail>(`${A}/students/${id}/enrolments/${courseId}/`, { method: 'DELETE' }));
/** 'Open early': a dripped lesson opened now for this one student. */
export const useOpenLessonEarly = (id: number) =>
  useStudentWrite((lessonId: number) => apiFetch<AdminStudentDetail>(`${A}/students/${id}/unlocks/`, { method: 'POST', body: { lesson_id: lessonId } }));
export const useCompMembership = (id: number) =>
  useStudentWrite((months: number) => apiFetch<AdminStudentDetail>(`${A}/students/${id}/comp/`, { method: 'POST', body: { months } }));
export const useBlockStudent = (id: number) =>
  useStudentWrite((blocked: boolean) => apiFetch<AdminStudentDetail>(`${A}/students/${id}/${blocked ? 'block' : 'unblock'}/`, { method: 'POST' }));

export function useResendVerification(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ detail: string }>(`${A}/students/${id}/resend-verification/`, { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
  });
}

/** Cancels or refunds a membership: the member, the lists, the student who holds it and the audit log are refetched. */
function useMemberWrite<V>(request: (vars: V) => Promise<AdminMemberDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (member) => {
      queryClient.setQueryData(peopleKeys.member(member.id), member);
      void queryClient.invalidateQueries({ queryKey: peopleKeys.members() });
      void queryClient.invalidateQueries({ queryKey: peopleKeys.students() });
      void queryClient.invalidateQueries({ queryKey: peopleKeys.events() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}

export const useCancelMembership = (id: number) =>
  useMemberWrite((immediately: boolean) => apiFetch<AdminMemberDetail>(`${A}/members/${id}/cancel/`, { method: 'POST', body: { immediately } }));
export const useRefundMembership = (id: number) => useMemberWrite(() => apiFetch<AdminMemberDetail>(`${A}/members/${id}/refund/`, { method: 'POST' }));

/** Replays a failed provider event; whatever it fulfilled (orders, memberships, students) is refetched. */
export function useReplayEvent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<ProviderEventDetail>(`${A}/payment-events/${id}/replay/`, { method: 'POST' }),
    onSuccess: (event) => {
      queryClient.setQueryData(peopleKeys.event(id), event);
      for (const key of [peopleKeys.events(), peopleKeys.members(), peopleKeys.students(), adminKeys.orders(), adminKeys.audit()])
        void queryClient.invalidateQueries({ queryKey: key });
    },
    // A replay that failed again changed the event's outcome: show it.
    onError: () => void queryClient.invalidateQueries({ queryKey: peopleKeys.events() }),
  });
}
