import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '../../../shared/admin';
import { adminErrorText } from '../../api/admin';
import { PEOPLE_PAGE_SIZE } from '../../api/adminPeople';
import { EmptyState, ErrorState } from '../../components/States';
import { Pager, TableSkeleton } from './ui';

/**
 * A table that may be wider than a phone: it scrolls sideways inside its card, and the scrolling
 * box is a labelled, focusable region so a keyboard can scroll it too.
 */
export function ScrollTable({ label, busy, className = 'studio-card', children }: { label: string; busy?: boolean; className?: string; children: ReactNode }) {
  return (
    <div className={`${className} table-responsive`} tabIndex={0} role="region" aria-label={label} aria-busy={busy || undefined}>
      {children}
    </div>
  );
}

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
  noun,
  onPage,
  children,
}: {
  query: UseQueryResult<Page<T>, unknown>;
  loading: string;
  columns: number;
  empty: string;
  /** Singular and plural, for the count under the table. */
  noun: [string, string];
  onPage: (page: number) => void;
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isPending) return <TableSkeleton label={loading} columns={columns} />;
  if (query.isError) return <ErrorState message={adminErrorText(query.error)} onRetry={() => void query.refetch()} />;
  const { results, count, page } = query.data;
  if (results.length === 0) return <EmptyState message={empty} />;
  return (
    <>
      {children(results)}
      <Pager
        page={page}
        hasNext={page * PEOPLE_PAGE_SIZE < count}
        onPage={onPage}
        summary={`${count.toLocaleString('en-US')} ${count === 1 ? noun[0] : noun[1]}`}
      />
    </>
  );
}

/** A select that filters the list as soon as it changes. */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
  className = 'col-6 col-md-3 col-lg-2',
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  options: readonly (readonly [string, string])[];
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select id={id} className="form-select" value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The search box of a list: applied on Enter or the button. */
export function SearchBox({
  id,
  label = 'Search',
  value,
  onChange,
  placeholder,
  className = 'col-12 col-lg-4',
}: {
  id: string;
  label?: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <div className="input-group">
        <input
          id={id}
          className="form-control"
          type="search"
          value={value}
          maxLength={100}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
        />
        <button className="btn btn-outline-secondary" type="submit" aria-label="Search">
          <i className="bi bi-search" aria-hidden="true" />
        </button>
      </div>
    </div>
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
