import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { adminErrorText } from '../../api/admin';
import { peopleQueries, useCancelMembership, useRefundMembership } from '../../api/adminPeople';
import { Breadcrumb } from '../../components/Breadcrumb';
import { ErrorState } from '../../components/States';
import { PeopleBadge, providerLabel, Section } from '../components/lists';
import { DataTable } from '../components/tables';
import { notify } from '../components/notify';
import { memberActions } from '../members/memberActions';
import { CardSkeleton, formatDateTime, formatMoney, PageHeader, useConfirm, useStudioTitle } from '../components/ui';

const historyLabel = (status: string) =>
  ({
    created: 'Checkout started',
    active: 'Paid',
    renewed: 'Renewed',
    failed: 'Payment failed',
    refunded: 'Refunded',
    cancelled: 'Cancelled',
    expired: 'Expired',
  })[status] ?? status;

/** /admin/members/:membershipId: the membership, its provider ids and history; cancel for the member, refund the last charge. */
export default function MemberDetailPage() {
  const id = Number(useParams().membershipId);
  const valid = Number.isInteger(id) && id > 0;
  const member = useQuery({ ...peopleQueries.member(id), enabled: valid });
  useStudioTitle(member.data ? `Membership ${member.data.id}` : 'Membership');
  const cancel = useCancelMembership(id);
  const refund = useRefundMembership(id);
  const confirm = useConfirm();

  if (!valid) return <ErrorState message="Not found: it may have been deleted." />;
  if (member.isPending) return <CardSkeleton lines={8} label="Loading the membership" />;
  if (member.isError) return <ErrorState message={adminErrorText(member.error)} onRetry={() => void member.refetch()} />;
  const m = member.data;
  const who = m.user ? m.user.full_name || m.user.email : 'this member';
  const actions = memberActions(m);
  const charge = actions.refundable;

  const askCancel = (immediately: boolean) =>
    confirm.ask(
      immediately
        ? {
            title: `End ${who}'s membership now?`,
            body: (
              <p className="mb-0">Access to every course ends at once and the provider stops billing. Nothing is refunded: refund the last charge for that.</p>
            ),
            confirmLabel: 'End membership now',
            busyLabel: 'Ending...',
          }
        : {
            title: `Turn off ${who}'s renewal?`,
            body: <p className="mb-0">They keep access until {formatDateTime(m.end_date)}; they are not charged again.</p>,
            confirmLabel: 'Turn off renewal',
            busyLabel: 'Please wait...',
            variant: 'warning',
          },
      async () => {
        await cancel.mutateAsync(immediately);
        notify(immediately ? 'The membership has ended.' : 'Renewal is off.');
      },
    );
  const askRefund = () => {
    if (!charge) return;
    const amount = formatMoney(charge.amount, charge.currency);
    confirm.ask(
      {
        title: `Refund ${amount}?`,
        body: (
          <>
            <p>
              The charge of {formatDateTime(charge.created_at)} ({charge.provider_payment_id}) goes back to {who} in full through{' '}
              {providerLabel(m.payment_method)}.
            </p>
            <p className="mb-0">The membership ends at once. This cannot be undone.</p>
          </>
        ),
        confirmLabel: `Refund ${amount}`,
        busyLabel: 'Refunding...',
      },
      async () => {
        await refund.mutateAsync();
        notify(`Refunded ${amount}.`);
      },
    );
  };

  return (
    <>
      <PageHeader
        title={
          <>
            {m.plan_name} <PeopleBadge state={m.state} />
          </>
        }
        actions={
          <>
            {actions.stopRenewal && (
              <button type="button" className="btn btn-light border" onClick={() => askCancel(false)}>
                <i className="bi bi-pause-circle me-1" aria-hidden="true" />
                Turn off renewal
              </button>
            )}
            {actions.endNow && (
              <button type="button" className="btn btn-outline-danger" onClick={() => askCancel(true)}>
                <i className="bi bi-x-circle me-1" aria-hidden="true" />
                End now
              </button>
            )}
            {charge && (
              <button type="button" className="btn btn-outline-danger" onClick={askRefund}>
                <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
                Refund last charge
              </button>
            )}
          </>
        }
      >
        <Breadcrumb trail={[{ label: 'Members', to: '/admin/members' }]} current={`Membership ${m.id}`} className="small mb-1" />
      </PageHeader>
      {confirm.dialog}
      <div className="row g-3">
        <div className="col-12 col-lg-7">
          <Section id="member-history" title="History" count={m.history.length}>
            {m.history.length === 0 ? (
              <p className="text-body-secondary mb-0">Nothing recorded yet.</p>
            ) : (
              <DataTable
                label="Membership history"
                frame=""
                className="table studio-table table-sm"
                caption="Every charge, renewal, failure, refund and cancellation, newest first"
                columns={['What', ['Amount', 'text-end'], 'When']}
              >
                {m.history.map((h) => (
                  <tr key={h.transaction_id}>
                    <td>
                      {historyLabel(h.status)}
                      <div className="small text-body-secondary text-break">{h.provider_payment_id ?? h.transaction_id}</div>
                    </td>
                    <td className="text-end text-nowrap">{m.payment_method === 'manual' ? '—' : formatMoney(h.amount, h.currency)}</td>
                    <td className="small text-nowrap">{formatDateTime(h.created_at)}</td>
                  </tr>
                ))}
              </DataTable>
            )}
          </Section>
        </div>
        <div className="col-12 col-lg-5">
          <Section id="member-who" title="Member">
            {m.user ? (
              <>
                <Link to={`/admin/students/${m.user.id}`} className="fw-semibold">
                  {m.user.full_name || m.user.email}
                </Link>
                <p className="mb-0 text-break small">{m.user.email}</p>
              </>
            ) : (
              <p className="mb-0 text-body-secondary">The account was deleted.</p>
            )}
          </Section>
          <Section id="member-facts" title="Details">
            <dl className="row mb-0 small">
              <dt className="col-5 fw-normal text-body-secondary">Plan</dt>
              <dd className="col-7 text-capitalize">{m.plan_type ?? '—'}</dd>
              <dt className="col-5 fw-normal text-body-secondary">Price</dt>
              <dd className="col-7">{m.payment_method === 'manual' ? 'Complimentary' : formatMoney(m.amount, m.currency)}</dd>
              <dt className="col-5 fw-normal text-body-secondary">Renews</dt>
              <dd className="col-7">{m.plan_type === 'lifetime' ? 'Never (lifetime)' : m.auto_renew ? 'Yes' : 'No'}</dd>
              <dt className="col-5 fw-normal text-body-secondary">Started</dt>
              <dd className="col-7">{formatDateTime(m.start_date)}</dd>
              <dt className="col-5 fw-normal text-body-secondary">Ends</dt>
              <dd className="col-7">{m.plan_type === 'lifetime' ? 'Never' : formatDateTime(m.end_date)}</dd>
              {m.grace_until && (
                <>
                  <dt className="col-5 fw-normal text-body-secondary">In grace until</dt>
                  <dd className="col-7">{formatDateTime(m.grace_until)}</dd>
                </>
              )}
              <dt className="col-5 fw-normal text-body-secondary">Cancelled</dt>
              <dd className="col-7">{formatDateTime(m.canceled_at)}</dd>
              <dt className="col-5 fw-normal text-body-secondary">Ended</dt>
              <dd className="col-7 mb-0">{formatDateTime(m.ended_at)}</dd>
            </dl>
          </Section>
          <Section id="member-provider" title={providerLabel(m.payment_method)}>
            <dl className="row mb-0 small">
              <dt className="col-5 fw-normal text-body-secondary">Customer</dt>
              <dd className="col-7 text-break">
                <code>{m.provider_customer_id ?? '—'}</code>
              </dd>
              <dt className="col-5 fw-normal text-body-secondary">Subscription</dt>
              <dd className="col-7 text-break">
                <code>{m.provider_subscription_id ?? '—'}</code>
              </dd>
              <dt className="col-5 fw-normal text-body-secondary">Checkout</dt>
              <dd className="col-7 text-break mb-0">
                <code>{m.provider_reference ?? '—'}</code>
              </dd>
            </dl>
          </Section>
        </div>
      </div>
    </>
  );
}
