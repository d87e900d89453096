import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminOrderDetail, AdminOrderRefund } from '../../../shared/admin';
import { adminErrorText, adminQueries } from '../../api/admin';
import { paymentMethodLabel } from '../../api/orders';
import { Breadcrumb } from '../../components/Breadcrumb';
import { ErrorState } from '../../components/States';
import { DataTable } from '../components/tables';
import { CardSkeleton, formatDateTime, formatMoney, PageHeader, StateBadge, useStudioTitle } from '../components/ui';
import { RefundDialog } from '../orders/RefundDialog';

/** /admin/orders/:orderNumber: the buyer, the lines, every payment event, its refunds and the Refund dialog. */
export default function OrderDetailPage() {
  const orderNumber = useParams().orderNumber ?? '';
  useStudioTitle(`Order ${orderNumber}`);
  const order = useQuery(adminQueries.order(orderNumber));
  const [refunding, setRefunding] = useState(false);

  if (order.isPending) return <CardSkeleton lines={8} label="Loading the order" />;
  if (order.isError) return <ErrorState message={adminErrorText(order.error)} onRetry={() => void order.refetch()} />;
  const o = order.data;
  const total = formatMoney(o.total, o.currency);

  return (
    <>
      <PageHeader
        title={
          <>
            Order {o.order_number} <StateBadge state={o.status} />
          </>
        }
        actions={
          o.refundable && (
            <button type="button" className="btn btn-outline-danger" onClick={() => setRefunding(true)}>
              <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
              {o.refunded > 0 ? 'Refund more' : 'Refund'}
            </button>
          )
        }
      >
        <Breadcrumb trail={[{ label: 'Orders', to: '/admin/orders' }]} current={o.order_number} className="small mb-1" />
      </PageHeader>
      <RefundDialog order={o} show={refunding} onHide={() => setRefunding(false)} />
      <div className="row g-3">
        <div className="col-12 col-lg-7">
          <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="order-lines">
            <h2 id="order-lines" className="h5 mb-3">
              Courses
            </h2>
            <ul className="list-unstyled mb-3">
              {o.lines.map((line) => (
                <li key={line.course_id} className="d-flex justify-content-between gap-2 py-2 border-bottom">
                  <Link to={`/admin/courses/${line.course_id}`} className="text-break">
                    {line.title}
                  </Link>
                  <span className="text-nowrap">{formatMoney(line.price, o.currency)}</span>
                </li>
              ))}
            </ul>
            <dl className="row mb-0 small">
              <dt className="col-6 fw-normal text-body-secondary">Subtotal</dt>
              <dd className="col-6 text-end mb-1">{formatMoney(o.subtotal, o.currency)}</dd>
              <dt className="col-6 fw-normal text-body-secondary">Discount{o.coupon ? ` (${o.coupon})` : ''}</dt>
              <dd className="col-6 text-end mb-1">−{formatMoney(o.discount, o.currency)}</dd>
              <dt className="col-6">Total</dt>
              <dd className={`col-6 text-end fw-bold ${o.refunded > 0 ? 'mb-1' : 'mb-0'}`}>{total}</dd>
              {o.refunded > 0 && (
                <>
                  <dt className="col-6 fw-normal text-body-secondary">Refunded</dt>
                  <dd className="col-6 text-end mb-1">−{formatMoney(o.refunded, o.currency)}</dd>
                  <dt className="col-6">Net paid</dt>
                  <dd className="col-6 text-end fw-bold mb-0">{formatMoney(Math.max(0, o.total - o.refunded), o.currency)}</dd>
                </>
              )}
            </dl>
          </section>
          <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="order-payments">
            <h2 id="order-payments" className="h5 mb-3">
              Payment events
            </h2>
            {o.payments.length === 0 ? (
              <p className="text-body-secondary mb-0">No payment event recorded.</p>
            ) : (
              <DataTable
                label="Payment events"
                frame=""
                className="table studio-table table-sm"
                columns={['Provider', 'Status', ['Amount', 'text-end'], 'When']}
              >
                {o.payments.map((p, i) => (
                  <tr key={`${p.provider_payment_id}-${i}`}>
                    <td>
                      {paymentMethodLabel(p.provider)}
                      <div className="small text-body-secondary text-break">{p.provider_payment_id}</div>
                    </td>
                    <td>{p.status}</td>
                    <td className="text-end text-nowrap">{formatMoney(p.amount, p.currency)}</td>
                    <td className="small text-nowrap">{formatDateTime(p.created_at)}</td>
                  </tr>
                ))}
              </DataTable>
            )}
          </section>
          {o.refunds.length > 0 && <RefundList order={o} />}
        </div>
        <div className="col-12 col-lg-5">
          <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="order-buyer">
            <h2 id="order-buyer" className="h5 mb-3">
              Buyer
            </h2>
            <p className="mb-1 fw-semibold">{o.full_name}</p>
            <p className="mb-1 text-break">
              <a href={`mailto:${o.email}`}>{o.email}</a>
            </p>
            {o.phone_number && <p className="mb-1">{o.phone_number}</p>}
            <p className="mb-0 small text-body-secondary">{o.address || o.country}</p>
          </section>
          <section className="studio-card p-3 p-md-4" aria-labelledby="order-facts">
            <h2 id="order-facts" className="h5 mb-3">
              Details
            </h2>
            <dl className="row mb-0 small">
              <dt className="col-5 fw-normal text-body-secondary">Provider</dt>
              <dd className="col-7">{paymentMethodLabel(o.payment_method)}</dd>
              <dt className="col-5 fw-normal text-body-secondary">Invoice</dt>
              <dd className="col-7">{o.invoice_number ?? '—'}</dd>
              <dt className="col-5 fw-normal text-body-secondary">Created</dt>
              <dd className="col-7">{formatDateTime(o.created_at)}</dd>
              <dt className="col-5 fw-normal text-body-secondary">Paid</dt>
              <dd className={`col-7${o.refunded_at ? ' mb-1' : ' mb-0'}`}>{formatDateTime(o.paid_at)}</dd>
              {o.refunded_at && (
                <>
                  <dt className="col-5 fw-normal text-body-secondary">Refunded</dt>
                  <dd className="col-7 mb-0">{formatDateTime(o.refunded_at)}</dd>
                </>
              )}
            </dl>
          </section>
        </div>
      </div>
    </>
  );
}

const refundLooks: Record<AdminOrderRefund['status'], { label: string; badge: string } | null> = {
  succeeded: null,
  pending: { label: 'Waiting for the provider', badge: 'text-bg-warning' },
  failed: { label: 'Refused by the provider', badge: 'text-bg-danger' },
};

/** Each refund of the order with its amount, the reason the buyer read, who made it and its own time. */
function RefundList({ order: o }: { order: AdminOrderDetail }) {
  return (
    <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="order-refunds">
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
        <h2 id="order-refunds" className="h5 mb-0">
          Refunds
        </h2>
        <span className="small text-body-secondary">{o.refund_left > 0 ? `${formatMoney(o.refund_left, o.currency)} left to refund` : 'Refunded in full'}</span>
      </div>
      <ol className="list-unstyled mb-0 order-refunds">
        {o.refunds.map((r) => {
          const look = refundLooks[r.status];
          return (
            <li key={r.id} className="py-2 border-bottom">
              <div className="d-flex flex-wrap justify-content-between gap-2">
                <span className={`fw-semibold text-nowrap${r.status === 'failed' ? ' text-decoration-line-through text-body-secondary' : ''}`}>
                  −{formatMoney(r.amount, o.currency)}
                  {look && <span className={`badge ${look.badge} ms-2 fw-normal`}>{look.label}</span>}
                </span>
                <time className="small text-body-secondary text-nowrap" dateTime={r.refunded_at ?? r.created_at}>
                  {formatDateTime(r.refunded_at ?? r.created_at)}
                </time>
              </div>
              <p className="mb-0 small text-break">{r.reason ? `“${r.reason}”` : <span className="text-body-secondary">No reason given</span>}</p>
              <p className="mb-0 small text-body-secondary">
                {r.by ? `By ${r.by}` : 'At the provider'} · {paymentMethodLabel(r.provider)}
                {r.provider_refund_id && <span className="text-break"> · {r.provider_refund_id}</span>}
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
