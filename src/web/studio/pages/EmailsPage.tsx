import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { broadcastQuerySchema, broadcastStatuses, type AdminBroadcast, type BroadcastStatus } from '../../../shared/broadcasts';
import { broadcastQueries } from '../../api/broadcasts';
import { FilterSelect, ListToolbar } from '../components/filters';
import { useListParams } from '../components/listParams';
import { PagedList } from '../components/lists';
import { DataTable, LinkRow, RowLink } from '../components/tables';
import { PageHeader, useStudioTitle } from '../components/ui';
import { audienceText, BroadcastStatusBadge, broadcastStatusLabels, whenText } from '../emails/labels';
import '../emails/emails.scss';

const { status } = broadcastQuerySchema.shape;
const shape = { status };

/** Sent, queued, failed and unsubscribed of one email, for its row (nothing before it is sent). */
function Counts({ broadcast }: { broadcast: AdminBroadcast }) {
  const { counts } = broadcast;
  if (broadcast.status === 'draft' || broadcast.status === 'scheduled') return <span className="text-body-secondary">—</span>;
  const parts: [string, number, string][] = [
    ['sent', counts.sent, 'text-success-emphasis'],
    ['queued', counts.queued, 'text-body-secondary'],
    ['failed', counts.failed, counts.failed ? 'text-danger-emphasis' : 'text-body-secondary'],
    ['unsubscribed', counts.unsubscribed, 'text-body-secondary'],
  ];
  return (
    <ul className="list-unstyled mb-0 small email-counts d-flex flex-wrap column-gap-3">
      {parts.map(([label, n, look]) => (
        <li key={label} className={look}>
          <span className="fw-semibold">{n.toLocaleString('en-US')}</span> {label}
        </li>
      ))}
    </ul>
  );
}

/** /admin/emails: every email to students, newest first, with its audience, status, time and counts. */
export default function EmailsPage() {
  useStudioTitle('Emails');
  const list = useListParams(shape);
  const emails = useQuery(broadcastQueries.list({ page: list.page, status: list.filters.status as BroadcastStatus | undefined }));

  return (
    <>
      <PageHeader
        title="Emails"
        actions={
          <Link to="/admin/emails/new" className="btn btn-primary">
            <i className="bi bi-pencil-square me-2" aria-hidden="true" />
            New email
          </Link>
        }
      />
      <p className="text-body-secondary mb-3">
        News and announcements to your students, sent in batches. Receipts, password and membership emails go on their own and are not here.
      </p>
      <ListToolbar plain label="Filter emails" onSubmit={() => undefined}>
        <FilterSelect
          id="emails-status"
          label="Status"
          {...list.bind('status')}
          options={[['', 'Any'], ...broadcastStatuses.map((s) => [s, broadcastStatusLabels[s]] as const)]}
        />
      </ListToolbar>
      <PagedList
        query={emails}
        loading="Loading emails"
        columns={5}
        empty={list.filtered ? 'No email matches this filter.' : 'No email yet. Write one to your students: a new course, a live session, a discount.'}
        emptyAction={list.filtered ? undefined : { to: '/admin/emails/new', label: 'Write your first email' }}
        noun={['email', 'emails']}
        onPage={list.setPage}
      >
        {(rows) => (
          <DataTable
            label="Emails"
            caption="Emails to students, newest first"
            busy={emails.isFetching}
            columns={['Email', 'Status', 'When', ['Recipients', 'text-end'], 'Delivery']}
          >
            {rows.map((b) => (
              <LinkRow key={b.id} to={`/admin/emails/${b.id}`}>
                <td className="text-break">
                  <RowLink to={`/admin/emails/${b.id}`}>{b.subject}</RowLink>
                  <div className="small text-body-secondary">{audienceText(b)}</div>
                </td>
                <td>
                  <BroadcastStatusBadge status={b.status} />
                </td>
                <td className="small text-body-secondary">{whenText(b)}</td>
                <td className="text-nowrap text-end">{b.status === 'draft' || b.status === 'scheduled' ? '—' : b.counts.recipients.toLocaleString('en-US')}</td>
                <td>
                  <Counts broadcast={b} />
                </td>
              </LinkRow>
            ))}
          </DataTable>
        )}
      </PagedList>
    </>
  );
}
