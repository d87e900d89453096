// Settings → Team: the admins and reviewers (queryOptions), and the invite and remove writes (useMutation with the invalidation beside it).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamInviteBody, TeamMember } from '../../shared/team';
import { adminKeys } from './admin';
import { ApiError, apiFetch } from './client';

const A = '/admin/team';
const retryServerErrors = (count: number, error: unknown) => count < 1 && !(error instanceof ApiError && error.status < 500);

export const teamKeys = { all: [...adminKeys.all, 'team'] as const };

export const teamQueries = {
  list: () =>
    queryOptions({
      queryKey: teamKeys.all,
      queryFn: ({ signal }) => apiFetch<TeamMember[]>(`${A}/`, { signal }),
      retry: retryServerErrors,
    }),
};

function useTeamWrite<V, R>(request: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}

export const useInviteTeamMember = () => useTeamWrite((body: TeamInviteBody) => apiFetch<TeamMember>(`${A}/`, { method: 'POST', body }));
export const useRemoveReviewer = () => useTeamWrite((userId: number) => apiFetch<null>(`${A}/${userId}/`, { method: 'DELETE' }));
