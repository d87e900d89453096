import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { adminErrorText } from '../../api/admin';
import { peopleQueries, useReplayEvent } from '../../api/adminPeople';
import { Breadcrumb } from '../../components/Breadcrumb';
import { ErrorState } from '../../components/States';
import { PeopleBadge, providerLabel, Section } from '../components/lists';
import { notify } from '../components/notify';
import { CardSkeleton, formatDateTime, PageHeader, useConfirm, useStudioTitle } from '../components/ui';

/** /admin/payments/:eventId: one provider event, what it did, the payload received; Replay for one that failed. */
export default function PaymentEventPage() {
  const id = Number(useParams().eventId);
  const valid = Number.isInteger(id) && id > 0;
  const event = useQuery({ ...peopleQueries.event(id), enabled: valid });
  useStudioTitle(event.data ? event.data.type : 'Payment event');
  const replay = useReplayEvent(id);
  const confirm = useConfirm();

  if (!valid) return <ErrorState message="Not found: it may have been deleted." />;
  if (event.isPending) return <CardSkeleton lines={8} label="Loading the event" />;
  if (event.isError) return <ErrorState message={adminErrorText(event.error)} onRetry={() => void event.refetch()} />;
  const e = event.data;

  const askReplay = () =>
    confirm.ask(
      {
        title: 'Replay this event?',
        body: (
          <>
            <p>
              It is processed again exactly as a delivery from {providerLabel(e.provider)} would be: the current state is read back from{' '}
              {providerLabel(e.provider)}, and an order or membership it already settled is not settled twice.
            </p>
            <p className="mb-0">If it fails again, its new outcome is shown here.</p>
          </>
        ),
        confirmLabel: 'Replay event',
        busyLabel: 'Replaying...',
        variant: 'primary',
      },
      async () => {
        const result = await replay.mutateAsync();
        notify(
          result.state === 'processed' ? `Processed: ${result.outcome ?? 'done'}.` : `Not processed: ${result.outcome ?? result.state}.`,
          result.state === 'processed' ? 'success' : 'error',
        );
      },
    );

  return (
    <>
      <PageHeader
        title={
          <>
            <span className="text-break">{e.type}</span> <PeopleBadge state={e.state} />
          </>
        }
        actions={
          e.replayable && (
            <button type="button" className="btn btn-primary" onClick={askReplay}>
              <i className="bi bi-arrow-repeat me-1" aria-hidden="true" />
              Replay
            </button>
          )
        }
      >
        <Breadcrumb trail={[{ label: 'Payments log', to: '/admin/payments' }]} current={`Event ${e.id}`} className="small mb-1" />
      </PageHeader>
      {confirm.dialog}
      <div className="row g-3">
        <div className="col-12 col-lg-5 order-lg-2">
          <Section id="event-facts" title="Outcome">
            {e.outcome && <p className={`text-break ${e.state === 'failed' ? 'text-danger' : ''}`}>{e.outcome}</p>}
            <dl className="row mb-0 small">
              <dt className="col-5 fw-normal text-body-secondary">Provider</dt>
              <dd className="col-7">{providerLabel(e.provider)}</dd>
              <dt className="col-5 fw-normal text-body-secondary">Event id</dt>
              <dd className="col-7 text-break">
                <code>{e.event_id}</code>
              </dd>
              <dt className="col-5 fw-normal text-body-secondary">Deliveries</dt>
              <dd className="col-7">{e.deliveries}</dd>
              <dt className="col-5 fw-normal text-body-secondary">Received</dt>
              <dd className="col-7">{formatDateTime(e.received_at)}</dd>
              <dt className="col-5 fw-normal text-body-secondary">Processed</dt>
              <dd className="col-7 mb-0">{formatDateTime(e.processed_at)}</dd>
            </dl>
          </Section>
        </div>
        <div className="col-12 col-lg-7 order-lg-1">
          <Section id="event-payload" title="Payload received">
            <pre className="audit-json" style={{ maxHeight: '32rem' }} tabIndex={0} role="region" aria-labelledby="event-payload">
              {JSON.stringify(e.payload, null, 2)}
            </pre>
          </Section>
        </div>
      </div>
    </>
  );
}
