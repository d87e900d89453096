import { useState } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '../../../shared/money';
import { useCurrentUserId } from '../../api/accounts';
import { currencySymbol, formatOrderDate, paymentMethodLabel, useOrderHistory, type OrderHistoryItem } from '../../api/orders';
import { AmountWithCode, HistoryPageHeader, HistoryTable, type HistoryColumn } from '../../components/account/HistoryTable';
import { SearchBox } from '../../components/SearchBox';
import { EmptyState, ErrorState } from '../../components/States';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { usePageMeta } from '../../lib/usePageMeta';
import './order-history.scss';

/** The first line's title (a course, or the bundle its courses were bought in), plus 'And More' when the order has more than one line. */
export function courseNameOf(order: Pick<OrderHistoryItem, 'order_items'>): string {
  const lines = new Set(order.order_items.map((item) => (item.bundle ? `bundle-${item.bundle.id}` : `item-${item.id}`)));
  const firstItem = order.order_items[0];
  const first = firstItem?.bundle?.title ?? firstItem?.course.title ?? '';
  return lines.size > 1 ? `${first} And More` : first;
}

const statusTone: Record<string, string> = {
  Paid: 'text-bg-success',
  Pending: 'text-bg-warning',
  Failed: 'text-bg-danger',
  Refunded: 'text-bg-secondary',
  Cancelled: 'text-bg-secondary',
};

/** The order's status; a paid order with some of it refunded says so beside it (the rest of the refunds show on the order). */
export function StatusBadge({ status, partlyRefunded = false }: { status: string; partlyRefunded?: boolean }) {
  return (
    <>
      <span className={`badge rounded-pill ${statusTone[status] ?? 'text-bg-light border'}`}>{status}</span>
      {partlyRefunded && status === 'Paid' && <span className="badge rounded-pill text-bg-light border ms-1">Partly refunded</span>}
    </>
  );
}

export function orderAmount(order: Pick<OrderHistoryItem, 'total' | 'currency'>): string {
  return formatPrice(order.total, currencySymbol(order.currency), order.currency.toUpperCase());
}

const columns: HistoryColumn<OrderHistoryItem>[] = [
  {
    label: 'Order ID',
    skeletonWidth: '60%',
    cell: (order) => (
      <Link to={`/order/details/${encodeURIComponent(order.order_number)}`} className="fw-semibold text-nowrap">
        {order.order_number}
      </Link>
    ),
  },
  { label: 'Course name', className: 'order-course', skeletonWidth: '80%', cell: courseNameOf },
  { label: 'Date', className: 'text-nowrap', skeletonWidth: '60%', cell: (order) => formatOrderDate(order.order_date) },
  {
    label: 'Amount',
    className: 'text-nowrap',
    skeletonWidth: '60%',
    cell: (order) => <AmountWithCode amount={orderAmount(order)} currency={order.currency} />,
  },
  { label: 'Status', skeletonWidth: '60%', cell: (order) => <StatusBadge status={order.order_status} partlyRefunded={order.refunds.length > 0} /> },
  { label: 'Payment', skeletonWidth: '60%', cell: (order) => paymentMethodLabel(order.payment_method) },
];

/** /order-history/: search (as typed, on the server), the orders table, and the way to subscription history. */
export default function OrderHistoryPage() {
  usePageMeta('account', { title: 'Order History | Lectern' });
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());

  const { userId, isLoading: userLoading } = useCurrentUserId();
  const orders = useOrderHistory(userId, search);
  const loading = userLoading || orders.isPending;

  return (
    <div className="order-history">
      <HistoryPageHeader
        title="Order History"
        intro="Every course purchase, with its invoice."
        link={{ to: '/subscription/history', icon: 'bi-clock-history', label: 'Subscription history' }}
      />

      <div className="card">
        <div className="card-body p-3 p-md-4">
          <SearchBox
            id="order-search"
            label="Search orders"
            placeholder="Search by order ID or course"
            value={text}
            onChange={setText}
            className="order-search mb-3"
          />

          {orders.isError && !orders.data ? (
            <ErrorState message="We could not load your orders. Please try again." onRetry={() => void orders.refetch()} />
          ) : !loading && !userId ? (
            <EmptyState message="You have no order history yet." action={{ to: '/courses', label: 'Browse courses' }} />
          ) : !loading && orders.data?.length === 0 ? (
            search ? (
              <p className="text-center text-body-secondary py-5 mb-0">No orders match “{search}”.</p>
            ) : (
              <EmptyState message="You have no order history yet." action={{ to: '/courses', label: 'Browse courses' }} />
            )
          ) : (
            <HistoryTable columns={columns} rows={orders.data} loading={loading} busy={loading || orders.isFetching} rowKey={(order) => order.order_number} />
          )}
        </div>
      </div>
    </div>
  );
}
