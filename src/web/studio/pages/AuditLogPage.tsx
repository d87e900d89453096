import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useSearchParams } from 'react-router';
import { auditQuerySchema } from '../../../shared/admin';
import { adminErrorText, adminQueries, type AuditFilters } from '../../api/admin';
import { EmptyState, ErrorState } from '../../components/States';
import { formatDateTime, PageHeader, Pager, TableSkeleton, useStudioTitle } from '../components/ui';

const filterKeys = ['action', 'entity_type', 'from', 'to'] as const;

/** /admin/audit-log: every change made in the studio (who, what, when, before and after), newest first. */
export default function AuditLogPage() {
  useStudioTitle('Audit log');
  const [params, setParams] = useSearchParams();
  const parsed = auditQuerySchema.safeParse(Object.fromEntries([...filterKeys, 'page'].map((k) => [k, params.get(k) || undefined])));
  const { page, page_size: _size, ...filters } = parsed.success ? parsed.data : { page: 1, page_size: 25 };
  const list = useQuery(adminQueries.audit(filters as AuditFilters, page));
  const [open, setOpen] = useState<number | null>(null);
  const [draft, setDraft] = useState<Record<string, string>>(() => Object.fromEntries(filterKeys.map((k) => [k, params.get(k) ?? ''])));
  const set = (values: Record<string, string>) => {
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries(values)) if (v?.trim()) next.set(k, v.trim());
    setParams(next, { replace: true });
  };

  return (
    <>
      <PageHeader title="Audit log" />
      <form
        className="studio-filters studio-card p-3 mb-3 row g-2 mx-0 align-items-end"
        role="search"
        aria-label="Filter the audit log"
        onSubmit={(e) => {
          e.preventDefault();
          set(draft);
        }}
      >
        {(
          [
            ['action', 'Action', 'course.publish', 'text'],
            ['entity_type', 'Applies to', 'course, order', 'text'],
            ['from', 'From', '', 'date'],
            ['to', 'To', '', 'date'],
          ] as const
        ).map(([key, label, placeholder, type]) => (
          <div key={key} className="col-6 col-lg-2">
            <label htmlFor={`audit-${key}`} className="form-label">
              {label}
            </label>
            <input
              id={`audit-${key}`}
              className="form-control"
              type={type}
              maxLength={60}
              placeholder={placeholder}
              value={draft[key] ?? ''}
              onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
            />
          </div>
        ))}
        <div className="col-12 col-lg-4 d-flex gap-2">
          <button type="submit" className="btn btn-primary">
            Apply
          </button>
          <button
            type="button"
            className="btn btn-light border"
            onClick={() => {
              setDraft({});
              set({});
            }}
          >
            Clear
          </button>
        </div>
      </form>
      {list.isPending ? (
        <TableSkeleton label="Loading the audit log" columns={4} />
      ) : list.isError ? (
        <ErrorState message={adminErrorText(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <EmptyState message="Nothing recorded for these filters." />
      ) : (
        <>
          <div className="studio-card table-responsive" aria-busy={list.isFetching}>
            <table className="table studio-table">
              <caption className="visually-hidden">Changes, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">What</th>
                  <th scope="col" className="d-none d-md-table-cell">
                    Who
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Details</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.results.map((entry) => (
                  <Fragment key={entry.id}>
                    <tr>
                      <td className="small text-nowrap">{formatDateTime(entry.created_at)}</td>
                      <td className="text-break">
                        {entry.summary}
                        <div className="small text-body-secondary">
                          <code>{entry.action}</code>
                          {entry.entity_id ? ` · ${entry.entity_type} ${entry.entity_id}` : ''}
                        </div>
                      </td>
                      <td className="d-none d-md-table-cell small text-break">{entry.actor_email}</td>
                      <td className="text-end">
                        {(entry.before !== null || entry.after !== null) && (
                          <button
                            type="button"
                            className="btn btn-sm btn-light border text-nowrap"
                            aria-expanded={open === entry.id}
                            aria-controls={`audit-${entry.id}`}
                            onClick={() => setOpen(open === entry.id ? null : entry.id)}
                          >
                            {open === entry.id ? 'Hide' : 'Before / after'}
                          </button>
                        )}
                      </td>
                    </tr>
                    {open === entry.id && (
                      <tr id={`audit-${entry.id}`}>
                        <td colSpan={4}>
                          <div className="row g-2">
                            <div className="col-12 col-md-6">
                              <div className="small fw-semibold mb-1">Before</div>
                              <pre className="audit-json">{entry.before === null ? '—' : JSON.stringify(entry.before, null, 2)}</pre>
                            </div>
                            <div className="col-12 col-md-6">
                              <div className="small fw-semibold mb-1">After</div>
                              <pre className="audit-json">{entry.after === null ? '—' : JSON.stringify(entry.after, null, 2)}</pre>
                            </div>
                          </div>
                          <div className="small text-body-secondary mt-1">
                            By {entry.actor_email}
                            {entry.ip ? ` from ${entry.ip}` : ''}
                          </div>
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            hasNext={page * 25 < list.data.count}
            onPage={(p) => {
              const next = new URLSearchParams(params);
              next.set('page', String(p));
              setParams(next, { replace: true });
            }}
            summary={`${list.data.count} change${list.data.count === 1 ? '' : 's'}`}
          />
        </>
      )}
    </>
  );
}
