// Studio → Emails (broadcasts) and the public email preferences: queries (queryOptions) and writes (useMutation).
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Page } from '../../shared/admin';
import type {
  AdminBroadcast,
  AdminBroadcastDetail,
  AudienceCount,
  BroadcastAudience,
  BroadcastBody,
  BroadcastPatch,
  BroadcastRecipient,
  BroadcastStatus,
  EmailPreferences,
  RecipientStatus,
} from '../../shared/broadcasts';
import { adminKeys } from './admin';
import { ApiError, apiFetch } from './client';

const A = '/admin/broadcasts';
const retryServerErrors = (count: number, error: unknown) => count < 1 && !(error instanceof ApiError && error.status < 500);

export const BROADCAST_PAGE_SIZE = 25;
export const RECIPIENT_PAGE_SIZE = 50;
/** How often a broadcast being sent is read again (its counts move batch by batch, every ~10 s). */
export const SENDING_REFRESH_MS = 5_000;

export interface BroadcastListQuery {
  page: number;
  status?: BroadcastStatus | undefined;
}
export interface RecipientListQuery {
  page: number;
  status?: RecipientStatus | undefined;
  search?: string | undefined;
}

export const broadcastKeys = {
  all: [...adminKeys.all, 'broadcasts'] as const,
  lists: () => [...broadcastKeys.all, 'list'] as const,
  list: (query: BroadcastListQuery) => [...broadcastKeys.lists(), query] as const,
  one: (id: number) => [...broadcastKeys.all, 'one', id] as const,
  allRecipients: () => [...broadcastKeys.all, 'recipients'] as const,
  recipients: (id: number, query: RecipientListQuery) => [...broadcastKeys.allRecipients(), id, query] as const,
  audience: (audience: BroadcastAudience, courseId: number | null) => [...broadcastKeys.all, 'audience', audience, courseId] as const,
};

const sendingNow = (status: BroadcastStatus | undefined) => status === 'sending';

export const broadcastQueries = {
  list: (query: BroadcastListQuery) =>
    queryOptions({
      queryKey: broadcastKeys.list(query),
      queryFn: ({ signal }) => apiFetch<Page<AdminBroadcast>>(`${A}/`, { query: { ...query, page_size: BROADCAST_PAGE_SIZE }, signal }),
      placeholderData: keepPreviousData,
      retry: retryServerErrors,
      // While one is on its way its counts move: read again now and then.
      refetchInterval: (q) => (q.state.data?.results.some((b) => sendingNow(b.status)) ? SENDING_REFRESH_MS : false),
    }),
  one: (id: number) =>
    queryOptions({
      queryKey: broadcastKeys.one(id),
      queryFn: ({ signal }) => apiFetch<AdminBroadcastDetail>(`${A}/${id}/`, { signal }),
      retry: retryServerErrors,
      refetchInterval: (q) => (sendingNow(q.state.data?.status) ? SENDING_REFRESH_MS : false),
    }),
  /** Read again by the email's page whenever the email's counts move (useRecipientsFollow). */
  recipients: (id: number, query: RecipientListQuery) =>
    queryOptions({
      queryKey: broadcastKeys.recipients(id, query),
      queryFn: ({ signal }) => apiFetch<Page<BroadcastRecipient>>(`${A}/${id}/recipients/`, { query: { ...query, page_size: RECIPIENT_PAGE_SIZE }, signal }),
      placeholderData: keepPreviousData,
      retry: retryServerErrors,
    }),
  /** How many an audience reaches if sent now (a course audience only once its course is chosen). */
  audience: (audience: BroadcastAudience, courseId: number | null) =>
    queryOptions({
      queryKey: broadcastKeys.audience(audience, courseId),
      queryFn: ({ signal }) => apiFetch<AudienceCount>(`${A}/audience/`, { query: { audience, course_id: courseId ?? undefined }, signal }),
      placeholderData: keepPreviousData,
      retry: retryServerErrors,
      staleTime: 30_000,
    }),
};

/** A broadcast write answers the broadcast: cached as is; the lists and the audit log are read again. */
function afterWrite(queryClient: QueryClient, broadcast: AdminBroadcastDetail | null, id?: number) {
  if (broadcast) queryClient.setQueryData(broadcastKeys.one(broadcast.id), broadcast);
  else if (id !== undefined) queryClient.removeQueries({ queryKey: broadcastKeys.one(id) });
  void queryClient.invalidateQueries({ queryKey: broadcastKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: broadcastKeys.allRecipients() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
}

function useBroadcastWrite<V>(request: (vars: V) => Promise<AdminBroadcastDetail>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: (broadcast) => afterWrite(queryClient, broadcast) });
}

export const useCreateBroadcast = () => useBroadcastWrite((body: BroadcastBody) => apiFetch<AdminBroadcastDetail>(`${A}/`, { method: 'POST', body }));
export const useUpdateBroadcast = () =>
  useBroadcastWrite(({ id, body }: { id: number; body: BroadcastPatch }) => apiFetch<AdminBroadcastDetail>(`${A}/${id}/`, { method: 'PATCH', body }));
/** Now (no `at`), or at a time to come (ISO with its offset). */
export const useSendBroadcast = () =>
  useBroadcastWrite(({ id, at }: { id: number; at?: string | undefined }) =>
    apiFetch<AdminBroadcastDetail>(`${A}/${id}/send/`, { method: 'POST', body: at ? { at } : {} }),
  );
export const useUnscheduleBroadcast = () => useBroadcastWrite((id: number) => apiFetch<AdminBroadcastDetail>(`${A}/${id}/unschedule/`, { method: 'POST' }));

export function useDeleteBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<null>(`${A}/${id}/`, { method: 'DELETE' }),
    onSuccess: (_done, id) => afterWrite(queryClient, null, id),
  });
}

/** The broadcast as a recipient gets it, to the signed-in admin's own address. */
export const useSendTestBroadcast = () => useMutation({ mutationFn: (id: number) => apiFetch<{ to: string }>(`${A}/${id}/test/`, { method: 'POST' }) });

// ---------------------------------------------------------------- email preferences (the signed link, no sign-in)

export const preferencesKeys = {
  all: ['email-preferences'] as const,
  one: (token: string) => [...preferencesKeys.all, 'token', token] as const,
  mine: () => [...preferencesKeys.all, 'mine'] as const,
};

export const preferencesQueries = {
  one: (token: string) =>
    queryOptions({
      queryKey: preferencesKeys.one(token),
      queryFn: ({ signal }) => apiFetch<EmailPreferences>('/email-preferences/', { query: { token }, signal }),
      retry: retryServerErrors,
      staleTime: Infinity,
    }),
  /** The signed-in person's own (My Profile). */
  mine: () =>
    queryOptions({
      queryKey: preferencesKeys.mine(),
      queryFn: ({ signal }) => apiFetch<EmailPreferences>('/email-preferences/me/', { signal }),
      retry: retryServerErrors,
    }),
};

export function useSetPreferences(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (broadcasts: boolean) => apiFetch<EmailPreferences>('/email-preferences/', { method: 'PUT', query: { token }, body: { broadcasts } }),
    onSuccess: (preferences) => queryClient.setQueryData(preferencesKeys.one(token), preferences),
  });
}

export function useSetMyPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (broadcasts: boolean) => apiFetch<EmailPreferences>('/email-preferences/me/', { method: 'PUT', body: { broadcasts } }),
    onSuccess: (preferences) => queryClient.setQueryData(preferencesKeys.mine(), preferences),
  });
}
