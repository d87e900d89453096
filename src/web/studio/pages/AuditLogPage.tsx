import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { auditQuerySchema } from '../../../shared/admin';
import { adminQueries, type AuditFilters } from '../../api/admin';
import { FilterActions, FilterInput, ListToolbar } from '../components/filters';
import { useListParams } from '../components/listParams';
import { PagedList } from '../components/lists';
import { DataTable } from '../components/tables';
import { EmailText, formatDateTime, PageHeader, useStudioTitle } from '../components/ui';

const { action, entity_type, from, to } = auditQuerySchema.shape;
const shape = { action, entity_type, from, to };
const filterKeys = ['action', 'entity_type', 'from', 'to'] as const;

/** /admin/audit-log: every change made in the studio (who, what, when, before and after), newest first. */
export default function AuditLogPage() {
  useStudioTitle('Audit log');
  const list = useListParams(shape);
  const entries = useQuery(adminQueries.audit(list.filters as AuditFilters, list.page));
  const [open, setOpen] = useState<number | null>(null);
  const [draft, setDraft] = useState<Record<string, string>>(() => Object.fromEntries(filterKeys.map((k) => [k, list.filters[k] ?? ''])));

  return (
    <>
      <PageHeader title="Audit log" />
      <ListToolbar label="Filter the audit log" onSubmit={() => list.update(draft)}>
        {(
          [
            ['action', 'Action', 'course.publish', 'text'],
            ['entity_type', 'Applies to', 'course, order', 'text'],
            ['from', 'From', '', 'date'],
            ['to', 'To', '', 'date'],
          ] as const
        ).map(([key, label, placeholder, type]) => (
          <FilterInput
            key={key}
            id={`audit-${key}`}
            label={label}
            type={type}
            maxLength={60}
            placeholder={placeholder}
            value={draft[key]}
            onChange={(v) => setDraft((d) => ({ ...d, [key]: v }))}
            className="col-6 col-lg-2"
          />
        ))}
        <FilterActions
          apply="Apply"
          onClear={() => {
            setDraft({});
            list.clear();
          }}
          className="col-12 col-lg-4 d-flex gap-2"
        />
      </ListToolbar>
      <PagedList
        query={entries}
        loading="Loading the audit log"
        columns={4}
        empty="Nothing recorded for these filters."
        noun={['change', 'changes']}
        onPage={list.setPage}
      >
        {(rows) => (
          <DataTable
            label="Changes"
            caption="Changes, newest first"
            busy={entries.isFetching}
            className="table studio-table"
            columns={['When', 'What', ['Who', 'd-none d-md-table-cell'], <span className="visually-hidden">Details</span>]}
          >
            {rows.map((entry) => (
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
                  <td className="d-none d-md-table-cell small text-break">
                    <EmailText email={entry.actor_email} />
                  </td>
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
          </DataTable>
        )}
      </PagedList>
    </>
  );
}
