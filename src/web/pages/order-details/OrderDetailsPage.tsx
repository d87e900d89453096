import { Link, useParams } from 'react-router';
import type { OrderHistoryItem } from '../../../shared/commerce';
import { formatPrice } from '../../../shared/money';
import { toMajor, toMinor } from '../../../shared/pricing';
import { ApiError } from '../../api/client';
import { useFileDownload } from '../../api/download';
import { currencySymbol, formatOrderDate, paymentMethodLabel, useOrderDetails } from '../../api/orders';
import { Logo } from '../../components/layout/Logo';
import { SubmitButton } from '../../components/form/SubmitButton';
import { ErrorState, PageSpinner } from '../../components/States';
import { usePageMeta } from '../../lib/usePageMeta';
import { StatusBadge } from '../order-history/OrderHistoryPage';
import './order-details.scss';

export interface InvoiceLine {
  key: string;
  title: string;
  /** Major units: a bundle's line is its courses' shares added up (its price). */
  price: number;
  /** A bundle's courses; empty for a course bought alone. */
  courses: string[];
  bundle: boolean;
}

/** The order's rows as its invoice lines: a course bought alone, or one line per bundle with its courses under it (decision 0014). */
export function invoiceLines(items: OrderHistoryItem['order_items']): InvoiceLine[] {
  const lines: (InvoiceLine & { minor: number })[] = [];
  for (const item of items) {
    const key = item.bundle ? `bundle-${item.bundle.id}` : `item-${item.id}`;
    const line = item.bundle ? lines.find((l) => l.key === key) : undefined;
    if (line) {
      line.minor += toMinor(item.price);
      line.courses.push(item.course.title);
    } else
      lines.push({
        key,
        title: item.bundle?.title ?? item.course.title,
        price: 0,
        minor: toMinor(item.price),
        courses: item.bundle ? [item.course.title] : [],
        bundle: Boolean(item.bundle),
      });
  }
  return lines.map(({ minor, ...line }) => ({ ...line, price: toMajor(minor) }));
}

/** /order/details/{order_number}: the thank-you invoice, printable and downloadable as a PDF. */
export default function OrderDetailsPage() {
  const { orderNumber = '' } = useParams();
  usePageMeta('account', { title: `Invoice ${orderNumber} | Lectern` });
  const query = useOrderDetails(orderNumber);
  const invoice = useFileDownload();

  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403);
    return (
      <section className="section">
        <div className="container" style={{ maxWidth: 640 }}>
          {notFound ? (
            <div className="text-center py-5">
              <h1 className="h3">Order not found</h1>
              <p className="text-body-secondary">This order does not exist or belongs to another account.</p>
              <Link to="/order-history/" className="btn btn-primary">
                Back to order history
              </Link>
            </div>
          ) : (
            <ErrorState message="We could not load this order. Please try again." onRetry={() => void query.refetch()} />
          )}
        </div>
      </section>
    );
  }

  const order = query.data;
  const symbol = currencySymbol(order.currency);
  const code = order.currency.toUpperCase();
  const money = (amount: number) => formatPrice(amount, symbol, code);
  const hasInvoice = order.order_status === 'Paid' || order.order_status === 'Refunded';
  const firstName = order.full_name.trim().split(/\s+/)[0] ?? '';

  const download = () =>
    invoice.mutate({ path: `/orders/${encodeURIComponent(order.order_number)}/invoice.pdf`, filename: `invoice-${order.order_number}.pdf` });

  return (
    <section className="section order-details-page">
      <div className="container">
        <div className="invoice mx-auto">
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3 no-print">
            <Link to="/order-history/" className="text-body-secondary">
              <i className="bi bi-arrow-left me-1" aria-hidden="true" />
              Order history
            </Link>
            <div className="d-flex gap-2">
              <button type="button" className="btn btn-outline-primary" onClick={() => window.print()}>
                <i className="bi bi-printer me-2" aria-hidden="true" />
                Print
              </button>
              {hasInvoice && (
                <SubmitButton type="button" className="btn btn-primary" onClick={download} busy={invoice.isPending} icon="bi-download">
                  Download PDF
                </SubmitButton>
              )}
            </div>
          </div>
          {invoice.isError && (
            <div className="alert alert-danger no-print" role="alert">
              The invoice could not be downloaded. Please try again.
            </div>
          )}

          <article className="card invoice-card" aria-labelledby="invoice-title">
            <div className="card-body p-3 p-sm-4 p-md-5">
              <header className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-4">
                <div>
                  <Logo />
                  <p className="small text-body-secondary mb-0 mt-2">Project-based programming courses</p>
                </div>
                <div className="text-sm-end">
                  <h1 id="invoice-title" className="h4 mb-1">
                    Invoice
                  </h1>
                  <p className="mb-1 fw-semibold">{order.order_number}</p>
                  <StatusBadge status={order.order_status} partlyRefunded={order.refunds.length > 0} />
                </div>
              </header>

              <p className="lead mb-4">Thank you for your order{firstName ? `, ${firstName}` : ''}!</p>

              <div className="row g-4 mb-4">
                <div className="col-sm-6">
                  <h2 className="invoice-label">Billed to</h2>
                  <p className="mb-0">
                    <span className="d-block fw-semibold">{order.full_name}</span>
                    <span className="d-block">{order.address}</span>
                    <span className="d-block">{order.phone_number}</span>
                    <span className="d-block text-break">{order.email}</span>
                  </p>
                </div>
                <div className="col-sm-6">
                  <h2 className="invoice-label">Order</h2>
                  <dl className="invoice-meta mb-0">
                    <div>
                      <dt>Order date</dt>
                      <dd>{formatOrderDate(order.order_date)}</dd>
                    </div>
                    <div>
                      <dt>Order number</dt>
                      <dd>{order.order_number}</dd>
                    </div>
                    <div>
                      <dt>Payment method</dt>
                      <dd>{paymentMethodLabel(order.payment_method)}</dd>
                    </div>
                    {order.transaction_id && (
                      <div>
                        <dt>Transaction ID</dt>
                        <dd className="text-break">{order.transaction_id}</dd>
                      </div>
                    )}
                  </dl>
                </div>
              </div>

              <table className="table invoice-items mb-0">
                <thead>
                  <tr>
                    <th scope="col">Course</th>
                    <th scope="col" className="text-end">
                      Price
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {invoiceLines(order.order_items).map((line) => (
                    <tr key={line.key}>
                      <td>
                        {line.title}
                        {line.bundle && (
                          <>
                            <span className="badge rounded-pill text-bg-light border ms-2">Bundle</span>
                            <ul className="invoice-bundle-courses small text-body-secondary mb-0 mt-1">
                              {line.courses.map((title) => (
                                <li key={title}>{title}</li>
                              ))}
                            </ul>
                          </>
                        )}
                      </td>
                      <td className="text-end text-nowrap">{money(line.price)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">Subtotal</th>
                    <td className="text-end text-nowrap">{money(order.subtotal)}</td>
                  </tr>
                  <tr>
                    <th scope="row">Discount{order.coupon ? ` (${order.coupon})` : ''}</th>
                    <td className="text-end text-nowrap">{order.discount > 0 ? `−${money(order.discount)}` : money(0)}</td>
                  </tr>
                  <tr className="invoice-total">
                    <th scope="row">{hasInvoice ? 'Total paid' : 'Total due'}</th>
                    <td className="text-end text-nowrap">
                      {money(order.total)} {code}
                    </td>
                  </tr>
                  {order.refunds.map((refund, i) => (
                    <tr key={`${refund.refunded_at}-${i}`} className="invoice-refund">
                      <th scope="row">
                        Refunded on <time dateTime={refund.refunded_at}>{formatOrderDate(refund.refunded_at)}</time>
                        {refund.reason && <span className="invoice-refund-reason">{refund.reason}</span>}
                      </th>
                      <td className="text-end text-nowrap">−{money(refund.amount)}</td>
                    </tr>
                  ))}
                  {order.refunds.length > 0 && (
                    <tr className="invoice-total">
                      <th scope="row">Net paid</th>
                      <td className="text-end text-nowrap">
                        {money(order.net_paid)} {code}
                      </td>
                    </tr>
                  )}
                </tfoot>
              </table>

              <p className="small text-body-secondary mt-4 mb-0">
                Questions about this order? <Link to="/contact">Contact us</Link> with your order number. Refunds follow our{' '}
                <Link to="/cancellation-refund-policy">Cancellation &amp; Refund Policy</Link>.
              </p>
            </div>
          </article>
        </div>
      </div>
    </section>
  );
}
