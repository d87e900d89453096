import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { recipientQuerySchema, recipientStatuses, type AdminBroadcastDetail, type RecipientStatus } from '../../../shared/broadcasts';
import { adminErrorText } from '../../api/admin';
import { broadcastKeys, broadcastQueries, useDeleteBroadcast, useSendTestBroadcast, useUnscheduleBroadcast } from '../../api/broadcasts';
import { Breadcrumb } from '../../components/Breadcrumb';
import { ErrorState } from '../../components/States';
import { SubmitButton } from '../../components/form/SubmitButton';
import { FilterSelect, ListToolbar, SearchBox } from '../components/filters';
import { useListParams } from '../components/listParams';
import { PagedList, Section } from '../components/lists';
import { notify } from '../components/notify';
import { DataTable } from '../components/tables';
import { CardSkeleton, EmailText, formatDateTime, PageHeader, useConfirm, useStudioTitle } from '../components/ui';
import { AudienceCountLine } from '../emails/AudienceCount';
import { audienceText, BroadcastStatusBadge, RecipientStatusBadge, recipientStatusLabels, whenText } from '../emails/labels';
import '../emails/emails.scss';

const { status, search } = recipientQuerySchema.shape;
const shape = { status, search };

/** Recipients, queued, sent, failed and unsubscribed; and how far the sending has got. */
function Counts({ broadcast }: { broadcast: AdminBroadcastDetail }) {
  const { counts } = broadcast;
  const done = counts.sent + counts.failed + counts.unsubscribed;
  const share = counts.recipients ? Math.round((done / counts.recipients) * 100) : 0;
  const cards: [string, number, string, string][] = [
    ['Recipients', counts.recipients, 'people', ''],
    ['Queued', counts.queued, 'hourglass-split', ''],
    ['Sent', counts.sent, 'send-check', 'text-success-emphasis'],
    ['Failed', counts.failed, 'exclamation-octagon', counts.failed ? 'text-danger-emphasis' : ''],
    ['Unsubscribed', counts.unsubscribed, 'envelope-slash', ''],
  ];
  return (
    <section className="mb-3" aria-labelledby="email-counts">
      <h2 id="email-counts" className="visually-hidden">
        Delivery
      </h2>
      <dl className="email-count-cards">
        {cards.map(([label, n, icon, look]) => (
          <div key={label} className="studio-card p-3">
            <dt className="small text-body-secondary fw-normal d-flex align-items-center gap-2">
              <i className={`bi bi-${icon}`} aria-hidden="true" />
              {label}
            </dt>
            <dd className={`overview-kpi mb-0 ${look}`}>{n.toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
      {broadcast.status === 'sending' && (
        <div className="mt-2">
          <div
            className="progress"
            role="progressbar"
            aria-label="Sending"
            aria-valuenow={share}
            aria-valuemin={0}
            aria-valuemax={100}
            style={{ height: '0.5rem' }}
          >
            <div className="progress-bar progress-bar-striped progress-bar-animated" style={{ width: `${share}%` }} />
          </div>
          <p className="small text-body-secondary mt-1 mb-0">
            {share}% done. It goes out in batches at the rate set for the site (BROADCAST_RATE_PER_MINUTE); this page follows it.
          </p>
        </div>
      )}
    </section>
  );
}

/** Each recipient with their status, filtered and searched on the server, paged. */
function Recipients({ broadcast }: { broadcast: AdminBroadcastDetail }) {
  const list = useListParams(shape);
  const recipients = useQuery(
    broadcastQueries.recipients(broadcast.id, { page: list.page, status: list.filters.status as RecipientStatus | undefined, search: list.filters.search }),
  );
  // While it is sent, the email's counts are read every few seconds: the rows follow them, the last batch included.
  const queryClient = useQueryClient();
  const progress = `${broadcast.status}:${broadcast.counts.sent}:${broadcast.counts.failed}:${broadcast.counts.unsubscribed}:${broadcast.counts.queued}`;
  const seen = useRef(progress);
  useEffect(() => {
    if (seen.current === progress) return;
    seen.current = progress;
    void queryClient.invalidateQueries({ queryKey: broadcastKeys.allRecipients() });
  }, [progress, queryClient]);
  return (
    <Section id="email-recipients" title="Recipients" count={broadcast.counts.recipients}>
      <ListToolbar plain label="Find recipients" onSubmit={() => list.update({ search: list.search })}>
        <SearchBox id="recipients-search" value={list.search} onChange={list.setSearch} placeholder="Name or email" className="col-12 col-md-7" />
        <FilterSelect
          id="recipients-status"
          label="Status"
          className="col-12 col-md-5"
          {...list.bind('status')}
          options={[['', 'Any'], ...recipientStatuses.map((s) => [s, recipientStatusLabels[s]] as const)]}
        />
      </ListToolbar>
      <PagedList
        query={recipients}
        loading="Loading the recipients"
        columns={3}
        empty={list.filtered ? 'No recipient matches this filter.' : 'Nobody yet.'}
        noun={['recipient', 'recipients']}
        onPage={list.setPage}
      >
        {(rows) => (
          <DataTable label="Recipients" frame="" busy={recipients.isFetching} columns={['Recipient', 'Status', 'When']}>
            {rows.map((r) => (
              <tr key={r.id}>
                <td className="text-break">
                  {r.full_name || <EmailText email={r.email} />}
                  {r.full_name && (
                    <div className="small text-body-secondary">
                      <EmailText email={r.email} />
                    </div>
                  )}
                </td>
                <td>
                  <RecipientStatusBadge status={r.status} />
                  {r.error && <div className="small text-danger-emphasis mt-1">{r.error}</div>}
                </td>
                <td className="small text-body-secondary">
                  {r.sent_at ? formatDateTime(r.sent_at) : '—'}
                  {r.unsubscribed_at && (
                    <div>
                      <i className="bi bi-envelope-slash me-1" aria-hidden="true" />
                      Unsubscribed through it {formatDateTime(r.unsubscribed_at)}
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </PagedList>
    </Section>
  );
}

/** The header's actions: a test to oneself, and for a draft or a scheduled email, edit, unschedule and delete. */
function Actions({ broadcast }: { broadcast: AdminBroadcastDetail }) {
  const navigate = useNavigate();
  const test = useSendTestBroadcast();
  const unschedule = useUnscheduleBroadcast();
  const remove = useDeleteBroadcast();
  const confirm = useConfirm();
  const editable = broadcast.status === 'draft' || broadcast.status === 'scheduled';
  return (
    <>
      {confirm.dialog}
      <SubmitButton
        type="button"
        className="btn btn-light border"
        icon="bi-envelope-check"
        busy={test.isPending}
        busyLabel="Sending a test..."
        onClick={() =>
          test.mutate(broadcast.id, {
            onSuccess: ({ to }) => notify(`A test was sent to ${to}.`),
            onError: (error) => notify(adminErrorText(error), 'error'),
          })
        }
      >
        Send a test to me
      </SubmitButton>
      {editable && (
        <Link to={`/admin/emails/${broadcast.id}/edit`} className="btn btn-primary">
          <i className="bi bi-pencil me-2" aria-hidden="true" />
          {broadcast.status === 'draft' ? 'Edit and send' : 'Edit'}
        </Link>
      )}
      {broadcast.status === 'scheduled' && (
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() =>
            confirm.ask(
              {
                title: 'Unschedule this email?',
                body: <p className="mb-0">It goes back to a draft and is not sent until you send or schedule it again.</p>,
                confirmLabel: 'Unschedule',
                busyLabel: 'Unscheduling...',
                variant: 'warning',
              },
              async () => {
                await unschedule.mutateAsync(broadcast.id);
                notify('Unscheduled: it is a draft again.');
              },
            )
          }
        >
          Unschedule
        </button>
      )}
      {editable && (
        <button
          type="button"
          className="btn btn-outline-danger"
          onClick={() =>
            confirm.ask(
              {
                title: 'Delete this email?',
                body: <p className="mb-0">&ldquo;{broadcast.subject}&rdquo; is deleted and never sent. This cannot be undone.</p>,
                confirmLabel: 'Delete email',
                busyLabel: 'Deleting...',
              },
              async () => {
                await remove.mutateAsync(broadcast.id);
                notify('Email deleted.');
                void navigate('/admin/emails', { replace: true });
              },
            )
          }
        >
          Delete
        </button>
      )}
    </>
  );
}

function Details({ broadcast }: { broadcast: AdminBroadcastDetail }) {
  const rows: [string, string][] = [
    ['Audience', audienceText(broadcast)],
    ...(broadcast.status === 'draft' || broadcast.status === 'scheduled' ? ([['Status', whenText(broadcast)]] as [string, string][]) : []),
    ...(broadcast.started_at ? ([['Started', formatDateTime(broadcast.started_at)]] as [string, string][]) : []),
    ...(broadcast.finished_at ? ([['Finished', formatDateTime(broadcast.finished_at)]] as [string, string][]) : []),
    ['Written', formatDateTime(broadcast.created_at)],
  ];
  return (
    <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="email-details">
      <h2 id="email-details" className="h5 mb-3">
        Details
      </h2>
      <dl className="mb-0">
        {rows.map(([label, value]) => (
          <div key={label} className="mb-2">
            <dt className="small text-body-secondary fw-normal">{label}</dt>
            <dd className="mb-0 text-break">{value}</dd>
          </div>
        ))}
      </dl>
      {(broadcast.status === 'draft' || broadcast.status === 'scheduled') && (
        <div className="mt-3">
          <AudienceCountLine audience={broadcast.audience} courseId={broadcast.course_id} />
        </div>
      )}
    </section>
  );
}

/** The email as recipients read it (the server's sanitised HTML), and its plain-text part. */
function Preview({ broadcast }: { broadcast: AdminBroadcastDetail }) {
  const [text, setText] = useState(false);
  return (
    <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="email-preview">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 id="email-preview" className="h5 mb-0">
          The email
        </h2>
        <div className="btn-group btn-group-sm" role="group" aria-label="Show">
          <button type="button" className={`btn ${text ? 'btn-outline-secondary' : 'btn-secondary'}`} aria-pressed={!text} onClick={() => setText(false)}>
            Formatted
          </button>
          <button type="button" className={`btn ${text ? 'btn-secondary' : 'btn-outline-secondary'}`} aria-pressed={text} onClick={() => setText(true)}>
            Plain text
          </button>
        </div>
      </div>
      <div className="email-preview">
        <p className="email-preview-subject">
          <span className="text-body-secondary">Subject:</span> {broadcast.subject}
        </p>
        {text ? (
          <pre className="email-preview-text mb-0">{broadcast.text}</pre>
        ) : (
          // The server sanitised it when it was saved (the rich-text sanitiser), as every lesson article.
          <div className="prose email-preview-body" dangerouslySetInnerHTML={{ __html: broadcast.html }} />
        )}
        <p className="email-preview-footer small text-body-secondary mb-0">
          Every copy ends with why they get it and a link to unsubscribe from these emails (one click in Gmail and Yahoo too).
        </p>
      </div>
    </section>
  );
}

/** /admin/emails/:broadcastId: its counts, the email itself, and each recipient with their status. */
export default function EmailDetailPage() {
  const id = Number(useParams().broadcastId);
  const valid = Number.isInteger(id) && id > 0;
  const broadcast = useQuery({ ...broadcastQueries.one(valid ? id : 0), enabled: valid });
  useStudioTitle(broadcast.data?.subject ?? 'Email');

  const trail = <Breadcrumb trail={[{ label: 'Emails', to: '/admin/emails' }]} current={broadcast.data?.subject ?? 'Email'} className="small mb-1" />;
  if (!valid) return <ErrorState message="Not found: it may have been deleted." />;
  if (broadcast.isPending) return <CardSkeleton lines={8} label="Loading the email" />;
  if (broadcast.isError) return <ErrorState message={adminErrorText(broadcast.error)} onRetry={() => void broadcast.refetch()} />;
  const b = broadcast.data;
  const sent = b.status === 'sending' || b.status === 'sent';

  return (
    <>
      <PageHeader
        title={
          <>
            <span className="me-2">{b.subject}</span>
            <BroadcastStatusBadge status={b.status} />
          </>
        }
        actions={<Actions broadcast={b} />}
      >
        {trail}
      </PageHeader>
      {b.status === 'scheduled' && (
        <div className="alert alert-info d-flex gap-2" role="status">
          <i className="bi bi-calendar-event" aria-hidden="true" />
          <div>
            Scheduled for <strong>{formatDateTime(b.scheduled_at)}</strong>. Who receives it is worked out then: whoever is in the audience at that time.
          </div>
        </div>
      )}
      {sent && <Counts broadcast={b} />}
      <div className="row g-3">
        <div className="col-12 col-xl-8 order-2 order-xl-1">
          <Preview broadcast={b} />
        </div>
        <div className="col-12 col-xl-4 order-1 order-xl-2">
          <Details broadcast={b} />
        </div>
      </div>
      {sent && <Recipients broadcast={b} />}
    </>
  );
}
