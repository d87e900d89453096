import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '../../../shared/admin';
import { adminErrorText } from '../../api/admin';
import { EmptyState, ErrorState } from '../../components/States';
import { Pager, TableSkeleton } from './ui';

/** A titled card of a detail page. */
export function Section({ id, title, count, children }: { id: string; title: string; count?: number; children: ReactNode }) {
  return (
    <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby={id}>
      <h2 id={id} className="h5 mb-3">
        {title}
        {count !== undefined && <span className="badge text-bg-light border ms-2 align-middle">{count}</span>}
      </h2>
      {children}
    </section>
  );
}

/** A server-paged list's states: skeleton, error with retry, empty, or the rows and the pager. */
export function PagedList<T>({
  query,
  loading,
  columns,
  empty,
  emptyAction,
  noun,
  onPage,
  children,
}: {
  query: UseQueryResult<Page<T>, unknown>;
  loading: string;
  columns: number;
  empty: string;
  emptyAction?: { to: string; label: string } | undefined;
  /** Singular and plural, for the count under the table. */
  noun: [string, string];
  onPage: (page: number) => void;
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isPending) return <TableSkeleton label={loading} columns={columns} />;
  if (query.isError) return <ErrorState message={adminErrorText(query.error)} onRetry={() => void query.refetch()} />;
  const { results, count, page, page_size } = query.data;
  if (results.length === 0) return <EmptyState message={empty} action={emptyAction} />;
  return (
    <>
      {children(results)}
      <Pager page={page} hasNext={page * page_size < count} onPage={onPage} summary={`${count.toLocaleString('en-US')} ${count === 1 ? noun[0] : noun[1]}`} />
    </>
  );
}

const looks: Record<string, [string, string]> = {
  active: ['text-bg-success', 'Active'],
  in_grace: ['text-bg-warning', 'In grace'],
  cancelled: ['text-bg-secondary', 'Cancelled'],
  expired: ['text-bg-dark', 'Expired'],
  incomplete: ['text-bg-light border', 'Incomplete'],
  processed: ['text-bg-success', 'Processed'],
  failed: ['text-bg-danger', 'Failed'],
  pending: ['text-bg-warning', 'Pending'],
  blocked: ['text-bg-danger', 'Blocked'],
  verified: ['text-bg-success', 'Verified'],
  unverified: ['text-bg-light border', 'Not verified'],
};

/** A membership's, an event's or an account's state as a badge, in words. */
export function PeopleBadge({ state }: { state: string }) {
  const [look, text] = looks[state] ?? ['text-bg-light border', state];
  return <span className={`badge ${look}`}>{text}</span>;
}

export const providerLabel = (provider: string) => ({ stripe: 'Stripe', razorpay: 'Razorpay', manual: 'Complimentary' })[provider] ?? provider;
