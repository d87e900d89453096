import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '../../../shared/money';
import { subscriptionMessages as m, type SubscriptionHistoryRow } from '../../../shared/subscriptions';
import { currencySymbol, formatOrderDate } from '../../api/orders';
import { membershipMethodLabel, useSubscriptionHistory } from '../../api/subscriptions';
import { EmptyState, ErrorState } from '../../components/States';
import { usePageMeta } from '../../lib/usePageMeta';
import '../order-history/order-history.scss';
import '../subscription/subscription.scss';

/** Spec 9: the copy button shows its check mark for 2 seconds. */
export const COPIED_MS = 2000;

/** Distinct styling for created, active, cancelled, expired, failed and renewed; anything else is neutral. */
const statusTone: Record<string, string> = {
  created: 'text-bg-info',
  active: 'text-bg-success',
  renewed: 'text-bg-primary',
  cancelled: 'text-bg-warning',
  expired: 'text-bg-secondary',
  failed: 'text-bg-danger',
};

export function HistoryStatus({ status }: { status: string }) {
  return <span className={`badge rounded-pill text-capitalize ${statusTone[status] ?? 'text-bg-light border'}`}>{status}</span>;
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return;
    }
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
  };
  return (
    <button
      type="button"
      className={`btn btn-sm btn-link p-0 copy-button ${copied ? 'text-success' : ''}`}
      onClick={() => void copy()}
      aria-label={copied ? 'Copied' : `Copy transaction ID ${text}`}
      title={copied ? 'Copied' : 'Copy'}
    >
      <i className={`bi ${copied ? 'bi-check2' : 'bi-copy'}`} aria-hidden="true" />
    </button>
  );
}

function amountOf(row: SubscriptionHistoryRow): string {
  return formatPrice(row.amount, currencySymbol(row.currency), row.currency.toUpperCase());
}

/** /subscription/history: one row per charge, renewal, failure, refund, cancellation and expiry. */
export default function SubscriptionHistoryPage() {
  usePageMeta('account', { title: 'Subscription History | Lectern' });
  const history = useSubscriptionHistory();

  return (
    <div className="subscription-history">
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-3 mb-4">
        <div>
          <h1 className="h3 mb-1">Subscription History</h1>
          <p className="text-body-secondary mb-0">Every membership payment, renewal and change.</p>
        </div>
        <Link to="/subscription" className="btn btn-outline-primary btn-sm">
          <i className="bi bi-gem me-2" aria-hidden="true" />
          Your subscription
        </Link>
      </div>
      <div className="card">
        <div className="card-body p-3 p-md-4">
          {history.isError ? (
            <ErrorState message={m.historyFailed} onRetry={() => void history.refetch()} />
          ) : history.data?.length === 0 ? (
            <EmptyState message={m.historyEmpty} action={{ to: '/subscribe?scrollTo=plans', label: 'See membership plans' }} />
          ) : (
            <table className="table align-middle mb-0 order-table history-table" aria-busy={history.isPending}>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Plan</th>
                  <th scope="col">Method</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                  <th scope="col">Date</th>
                  <th scope="col">Transaction ID</th>
                </tr>
              </thead>
              <tbody>
                {history.isPending
                  ? [0, 1, 2].map((i) => (
                      <tr key={i} aria-hidden="true" className="order-row-skeleton">
                        {[0, 1, 2, 3, 4, 5, 6].map((j) => (
                          <td key={j}>
                            <div className="skeleton skeleton-text" style={{ width: j === 0 ? '1.5rem' : '70%' }} />
                          </td>
                        ))}
                      </tr>
                    ))
                  : history.data?.map((row, index) => (
                      <tr key={row.id} data-status={row.status}>
                        <td data-label="#" className="text-body-secondary">
                          {index + 1}
                        </td>
                        <td data-label="Plan" className="fw-semibold text-nowrap">
                          {row.plan_name}
                        </td>
                        <td data-label="Method">{membershipMethodLabel(row.payment_method)}</td>
                        <td data-label="Amount" className="text-nowrap">
                          <span>
                            {amountOf(row)} <span className="small text-body-secondary">{row.currency.toUpperCase()}</span>
                          </span>
                        </td>
                        <td data-label="Status">
                          <HistoryStatus status={row.status} />
                        </td>
                        <td data-label="Date" className="text-nowrap">
                          {formatOrderDate(row.created_at)}
                        </td>
                        <td data-label="Transaction ID">
                          {row.transaction_id ? (
                            <span className="d-inline-flex align-items-center gap-2 transaction-id">
                              <code>{row.transaction_id}</code>
                              <CopyButton text={row.transaction_id} />
                            </span>
                          ) : (
                            <span className="text-body-secondary">N/A</span>
                          )}
                        </td>
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
