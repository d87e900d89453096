import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { adminOrderQuerySchema } from '../../../shared/admin';
import { regionCodes, regions } from '../../../shared/regions';
import { adminErrorText, adminQueries, ordersCsvPath, type AdminOrderFilters } from '../../api/admin';
import { useFileDownload } from '../../api/download';
import { paymentMethodLabel } from '../../api/orders';
import { SubmitButton } from '../../components/form/SubmitButton';
import { EmptyState, ErrorState } from '../../components/States';
import { FilterActions, FilterInput, FilterSelect, ListToolbar } from '../components/filters';
import { DataTable, LinkRow, RowLink } from '../components/tables';
import { formatDateTime, formatMoney, PageHeader, StateBadge, TableSkeleton, useStudioTitle } from '../components/ui';

const filterKeys = ['status', 'payment_method', 'country', 'currency', 'from', 'to', 'search'] as const;
const any = ['', 'Any'] as const;
const currencies = [any, ...regionCodes.map((r) => [regions[r].currency, regions[r].currency] as const)];

/** /admin/orders: filtered on the server, newest first, keyset pages; CSV of the same filter. */
export default function OrdersPage() {
  useStudioTitle('Orders');
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
  const draftOf = (key: (typeof filterKeys)[number]) => ({
    id: `orders-${key}`,
    value: draft[key],
    onChange: (value: string | undefined) => setDraft((d) => ({ ...d, [key]: value ?? '' })),
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
      <ListToolbar label="Filter orders" onSubmit={() => apply(draft)}>
        <FilterInput
          label="Search"
          type="search"
          maxLength={100}
          placeholder="Order number, email or name"
          className="col-12 col-lg-4"
          {...draftOf('search')}
        />
        <FilterSelect
          label="Status"
          options={[any, ['Paid', 'Paid'], ['Pending', 'Pending'], ['Failed', 'Failed'], ['Cancelled', 'Cancelled'], ['Refunded', 'Refunded']]}
          className="col-6 col-md-4 col-lg-2"
          {...draftOf('status')}
        />
        <FilterSelect
          label="Provider"
          options={[any, ['Stripe', 'Stripe'], ['RazorPay', 'Razorpay'], ['Full_Discount', 'Full discount']]}
          className="col-6 col-md-4 col-lg-2"
          {...draftOf('payment_method')}
        />
        <FilterSelect label="Currency" options={currencies} className="col-6 col-md-4 col-lg-2" {...draftOf('currency')} />
        <FilterInput label="Country" maxLength={100} placeholder="India" className="col-6 col-md-4 col-lg-2" {...draftOf('country')} />
        <FilterInput label="From" type="date" className="col-6 col-md-4 col-lg-3" {...draftOf('from')} />
        <FilterInput label="To" type="date" className="col-6 col-md-4 col-lg-3" {...draftOf('to')} />
        <FilterActions
          apply="Apply filters"
          onClear={() => {
            const empty = Object.fromEntries(filterKeys.map((k) => [k, '']));
            setDraft(empty);
            apply(empty);
          }}
          className="col-12 col-md-4 col-lg-6 d-flex gap-2 justify-content-md-end"
        />
      </ListToolbar>

      {list.isPending ? (
        <TableSkeleton label="Loading orders" columns={6} />
      ) : list.isError ? (
        <ErrorState message={adminErrorText(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <EmptyState message={Object.keys(filters).length ? 'No order matches these filters.' : 'No order yet.'} />
      ) : (
        <>
          <DataTable
            label="Orders"
            caption="Orders, newest first"
            busy={list.isFetching}
            columns={['Order', 'Buyer', 'Status', ['Total', 'text-end'], ['Provider', 'd-none d-md-table-cell'], ['Date', 'd-none d-lg-table-cell']]}
          >
            {list.data.results.map((order) => (
              <LinkRow key={order.order_number} to={`/admin/orders/${order.order_number}`}>
                <td className="text-nowrap">
                  <RowLink to={`/admin/orders/${order.order_number}`}>{order.order_number}</RowLink>
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
              </LinkRow>
            ))}
          </DataTable>
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
