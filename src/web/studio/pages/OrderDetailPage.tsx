import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { adminErrorText, adminQueries, useRefundOrder } from '../../api/admin';
import { paymentMethodLabel } from '../../api/orders';
import { Breadcrumb } from '../../components/Breadcrumb';
import { ErrorState } from '../../components/States';
import { notify } from '../components/notify';
import { DataTable } from '../components/tables';
import { CardSkeleton, formatDateTime, formatMoney, PageHeader, StateBadge, useConfirm, useStudioTitle } from '../components/ui';

/** /admin/orders/:orderNumber: the buyer, the lines, every payment event, and the refund. */
export default function OrderDetailPage() {
  const orderNumber = useParams().orderNumber ?? '';
  useStudioTitle(`Order ${orderNumber}`);
  const order = useQuery(adminQueries.order(orderNumber));
  const refund = useRefundOrder(orderNumber);
  const confirm = useConfirm();

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
            <button
              type="button"
              className="btn btn-outline-danger"
              onClick={() =>
                confirm.ask(
                  {
                    title: `Refund ${total}?`,
                    body: (
                      <>
                        <p>
                          {total} goes back to {o.full_name} ({o.email}) through {paymentMethodLabel(o.payment_method)}, in full.
                        </p>
                        <p className="mb-0">Their access to the order&apos;s courses ends now and they are emailed. This cannot be undone.</p>
                      </>
                    ),
                    confirmLabel: `Refund ${total}`,
                    busyLabel: 'Refunding...',
                  },
                  async () => {
                    await refund.mutateAsync();
                    notify(`Refunded ${total}.`);
                  },
                )
              }
            >
              <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
              Refund
            </button>
          )
        }
      >
        <Breadcrumb trail={[{ label: 'Orders', to: '/admin/orders' }]} current={o.order_number} className="small mb-1" />
      </PageHeader>
      {confirm.dialog}
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
              <dd className="col-6 text-end fw-bold mb-0">{total}</dd>
            </dl>
          </section>
          <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="order-payments">
            <h2 id="order-payments" className="h5 mb-3">
              Payment events
            </h2>
            {o.payments.length === 0 && !o.refunded_at ? (
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
                {o.refunded_at && (
                  // The refund, at its own time (the payment's row keeps the payment's).
                  <tr>
                    <td>{paymentMethodLabel(o.payment_method)}</td>
                    <td>Refund</td>
                    <td className="text-end text-nowrap">−{total}</td>
                    <td className="small text-nowrap">{formatDateTime(o.refunded_at)}</td>
                  </tr>
                )}
              </DataTable>
            )}
          </section>
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
