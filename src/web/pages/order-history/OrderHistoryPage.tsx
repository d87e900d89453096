import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '../../../shared/money';
import { useCurrentUserId } from '../../api/accounts';
import { currencySymbol, formatOrderDate, paymentMethodLabel, useOrderHistory, type OrderHistoryItem } from '../../api/orders';
import { SearchBox } from '../../components/SearchBox';
import { EmptyState, ErrorState } from '../../components/States';
import { usePageMeta } from '../../lib/usePageMeta';
import './order-history.scss';

/** The first course title, plus 'And More' when the order has more than one item. */
export function courseNameOf(order: Pick<OrderHistoryItem, 'order_items'>): string {
  const first = order.order_items[0]?.course.title ?? '';
  return order.order_items.length > 1 ? `${first} And More` : first;
}

const statusTone: Record<string, string> = {
  Paid: 'text-bg-success',
  Pending: 'text-bg-warning',
  Failed: 'text-bg-danger',
  Refunded: 'text-bg-secondary',
  Cancelled: 'text-bg-secondary',
};

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge rounded-pill ${statusTone[status] ?? 'text-bg-light border'}`}>{status}</span>;
}

export function orderAmount(order: Pick<OrderHistoryItem, 'total' | 'currency'>): string {
  return formatPrice(order.total, currencySymbol(order.currency), order.currency.toUpperCase());
}

const SEARCH_DELAY_MS = 250;

/** /order-history/: search (as typed, on the server), the orders table, and the way to subscription history. */
export default function OrderHistoryPage() {
  usePageMeta('account', { title: 'Order History | Lectern' });
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const { userId, isLoading: userLoading } = useCurrentUserId();
  const orders = useOrderHistory(userId, search);
  const loading = userLoading || orders.isPending;

  return (
    <div className="order-history">
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-3 mb-4">
        <div>
          <h1 className="h3 mb-1">Order History</h1>
          <p className="text-body-secondary mb-0">Every course purchase, with its invoice.</p>
        </div>
        <Link to="/subscription/history" className="btn btn-outline-primary btn-sm">
          <i className="bi bi-clock-history me-2" aria-hidden="true" />
          Subscription history
        </Link>
      </div>

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
            <table className="table align-middle mb-0 order-table" aria-busy={loading || orders.isFetching}>
              <thead>
                <tr>
                  <th scope="col">Order ID</th>
                  <th scope="col">Course name</th>
                  <th scope="col">Date</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                  <th scope="col">Payment</th>
                </tr>
              </thead>
              <tbody>
                {loading
                  ? [0, 1, 2].map((i) => (
                      <tr key={i} aria-hidden="true" className="order-row-skeleton">
                        {[0, 1, 2, 3, 4, 5].map((j) => (
                          <td key={j}>
                            <div className="skeleton skeleton-text" style={{ width: j === 1 ? '80%' : '60%' }} />
                          </td>
                        ))}
                      </tr>
                    ))
                  : orders.data?.map((order) => (
                      <tr key={order.order_number}>
                        <td data-label="Order ID">
                          <Link to={`/order/details/${encodeURIComponent(order.order_number)}`} className="fw-semibold text-nowrap">
                            {order.order_number}
                          </Link>
                        </td>
                        <td data-label="Course name" className="order-course">
                          {courseNameOf(order)}
                        </td>
                        <td data-label="Date" className="text-nowrap">
                          {formatOrderDate(order.order_date)}
                        </td>
                        <td data-label="Amount" className="text-nowrap">
                          <span>
                            {orderAmount(order)} <span className="small text-body-secondary">{order.currency.toUpperCase()}</span>
                          </span>
                        </td>
                        <td data-label="Status">
                          <StatusBadge status={order.order_status} />
                        </td>
                        <td data-label="Payment">{paymentMethodLabel(order.payment_method)}</td>
                      </tr>
                    ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
    </div>
  );
}
