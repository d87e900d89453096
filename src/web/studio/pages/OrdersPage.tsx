import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { adminOrderQuerySchema } from '../../../shared/admin';
import { regionCodes, regions } from '../../../shared/regions';
import { adminErrorText, adminQueries, ordersCsvPath, type AdminOrderFilters } from '../../api/admin';
import { useFileDownload } from '../../api/download';
import { paymentMethodLabel } from '../../api/orders';
import { SubmitButton } from '../../components/form/SubmitButton';
import { EmptyState, ErrorState } from '../../components/States';
import { formatDateTime, formatMoney, PageHeader, StateBadge, TableSkeleton, useStudioTitle } from '../components/ui';

const filterKeys = ['status', 'payment_method', 'country', 'currency', 'from', 'to', 'search'] as const;

/** /admin/orders: filtered on the server, newest first, keyset pages; CSV of the same filter. */
export default function OrdersPage() {
  useStudioTitle('Orders');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The URL holds the filters; the contract's schema drops anything malformed.
  const raw = Object.fromEntries(filterKeys.map((k) => [k, params.get(k) || undefined]));
  const parsed = adminOrderQuerySchema.omit({ cursor: true, page_size: true }).safeParse(raw);
  const filters: AdminOrderFilters = parsed.success ? parsed.data : {};
  // The cursors of the pages seen so far: Previous goes back through them.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const list = useQuery(adminQueries.orders(filters, cursor));
  const download = useFileDownload();
  const [draft, setDraft] = useState<Record<string, string>>(() => Object.fromEntries(filterKeys.map((k) => [k, params.get(k) ?? ''])));

  const apply = (values: Record<string, string>) => {
    const next = new URLSearchParams();
    for (const k of filterKeys) if (values[k]?.trim()) next.set(k, values[k].trim());
    setCursors([undefined]);
    setParams(next, { replace: true });
  };
  const field = (key: (typeof filterKeys)[number]) => ({
    id: `orders-${key}`,
    value: draft[key] ?? '',
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  });

  return (
    <>
      <PageHeader
        title="Orders"
        actions={
          <SubmitButton
            type="button"
            className="btn btn-light border"
            icon="bi-download"
            busy={download.isPending}
            busyLabel="Preparing CSV..."
            onClick={() => download.mutate({ path: ordersCsvPath(filters), filename: `orders-${new Date().toISOString().slice(0, 10)}.csv` })}
          >
            Export CSV
          </SubmitButton>
        }
      />
      {download.isError && (
        <div className="alert alert-danger" role="alert">
          The export failed: {adminErrorText(download.error)}
        </div>
      )}
      <form
        className="studio-filters studio-card p-3 mb-3 row g-2 mx-0 align-items-end"
        role="search"
        aria-label="Filter orders"
        onSubmit={(e) => {
          e.preventDefault();
          apply(draft);
        }}
      >
        <div className="col-12 col-lg-4">
          <label htmlFor="orders-search" className="form-label">
            Search
          </label>
          <input className="form-control" type="search" maxLength={100} placeholder="Order number, email or name" {...field('search')} />
        </div>
        <div className="col-6 col-md-4 col-lg-2">
          <label htmlFor="orders-status" className="form-label">
            Status
          </label>
          <select className="form-select" {...field('status')}>
            <option value="">Any</option>
            <option>Paid</option>
            <option>Pending</option>
            <option>Failed</option>
            <option>Refunded</option>
          </select>
        </div>
        <div className="col-6 col-md-4 col-lg-2">
          <label htmlFor="orders-payment_method" className="form-label">
            Provider
          </label>
          <select className="form-select" {...field('payment_method')}>
            <option value="">Any</option>
            <option value="Stripe">Stripe</option>
            <option value="RazorPay">Razorpay</option>
            <option value="Full_Discount">Full discount</option>
          </select>
        </div>
        <div className="col-6 col-md-4 col-lg-2">
          <label htmlFor="orders-currency" className="form-label">
            Currency
          </label>
          <select className="form-select" {...field('currency')}>
            <option value="">Any</option>
            {regionCodes.map((r) => (
              <option key={r}>{regions[r].currency}</option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-4 col-lg-2">
          <label htmlFor="orders-country" className="form-label">
            Country
          </label>
          <input className="form-control" maxLength={100} placeholder="India" {...field('country')} />
        </div>
        <div className="col-6 col-md-4 col-lg-3">
          <label htmlFor="orders-from" className="form-label">
            From
          </label>
          <input className="form-control" type="date" {...field('from')} />
        </div>
        <div className="col-6 col-md-4 col-lg-3">
          <label htmlFor="orders-to" className="form-label">
            To
          </label>
          <input className="form-control" type="date" {...field('to')} />
        </div>
        <div className="col-12 col-md-4 col-lg-6 d-flex gap-2 justify-content-md-end">
          <button type="submit" className="btn btn-primary">
            Apply filters
          </button>
          <button
            type="button"
            className="btn btn-light border"
            onClick={() => {
              const empty = Object.fromEntries(filterKeys.map((k) => [k, '']));
              setDraft(empty);
              apply(empty);
            }}
          >
            Clear
          </button>
        </div>
      </form>

      {list.isPending ? (
        <TableSkeleton label="Loading orders" columns={6} />
      ) : list.isError ? (
        <ErrorState message={adminErrorText(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <EmptyState message={Object.keys(filters).length ? 'No order matches these filters.' : 'No order yet.'} />
      ) : (
        <>
          <div className="studio-card table-responsive" aria-busy={list.isFetching}>
            <table className="table studio-table table-hover">
              <caption className="visually-hidden">Orders, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Buyer</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="text-end">
                    Total
                  </th>
                  <th scope="col" className="d-none d-md-table-cell">
                    Provider
                  </th>
                  <th scope="col" className="d-none d-lg-table-cell">
                    Date
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.results.map((order) => (
                  <tr key={order.order_number} className="studio-row-link" onClick={() => void navigate(`/admin/orders/${order.order_number}`)}>
                    <td className="text-nowrap">
                      <Link to={`/admin/orders/${order.order_number}`} className="fw-semibold" onClick={(e) => e.stopPropagation()}>
                        {order.order_number}
                      </Link>
                      <div className="small text-body-secondary">
                        {order.items} item{order.items === 1 ? '' : 's'}
                      </div>
                    </td>
                    <td className="text-break">
                      {order.full_name}
                      <div className="small text-body-secondary">{order.email}</div>
                    </td>
                    <td>
                      <StateBadge state={order.status} />
                    </td>
                    <td className="text-end text-nowrap">{formatMoney(order.total, order.currency)}</td>
                    <td className="d-none d-md-table-cell">{paymentMethodLabel(order.payment_method)}</td>
                    <td className="d-none d-lg-table-cell small text-body-secondary text-nowrap">{formatDateTime(order.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="d-flex justify-content-end gap-2 mt-3" aria-label="Pages">
            <span className="small text-body-secondary me-auto align-self-center">Page {cursors.length}</span>
            <button type="button" className="btn btn-sm btn-light border" disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
              <i className="bi bi-chevron-left me-1" aria-hidden="true" />
              Newer
            </button>
            <button
              type="button"
              className="btn btn-sm btn-light border"
              disabled={!list.data.next_cursor}
              onClick={() => list.data.next_cursor && setCursors((c) => [...c, list.data.next_cursor ?? undefined])}
            >
              Older
              <i className="bi bi-chevron-right ms-1" aria-hidden="true" />
            </button>
          </nav>
        </>
      )}
    </>
  );
}
