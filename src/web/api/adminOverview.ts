import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Overview, OverviewQuery } from '../../shared/analytics';
import { adminKeys } from './admin';
import { ApiError, apiFetch } from './client';

/** The studio's overview: whole UTC days, both ends included; the server's last 30 days when no range is given. */
export const overviewKeys = {
  all: adminKeys.overview,
  range: (range: OverviewQuery) => [...overviewKeys.all(), range.from ?? null, range.to ?? null] as const,
};

export const overviewQuery = (range: OverviewQuery) =>
  queryOptions({
    queryKey: overviewKeys.range(range),
    queryFn: ({ signal }) => apiFetch<Overview>('/admin/overview/', { query: { from: range.from, to: range.to }, signal }),
    placeholderData: keepPreviousData,
    retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status < 500),
  });

/** The daily series of the same range as CSV (fetched with the admin's token by useFileDownload). */
export function overviewCsvPath(range: OverviewQuery): string {
  const params = new URLSearchParams();
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  const query = params.toString();
  return `/admin/overview/export.csv${query ? `?${query}` : ''}`;
}
