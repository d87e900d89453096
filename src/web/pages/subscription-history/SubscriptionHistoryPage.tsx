import { useEffect, useRef, useState } from 'react';
import { formatPrice } from '../../../shared/money';
import { subscriptionMessages as m, type SubscriptionHistoryRow } from '../../../shared/subscriptions';
import { currencySymbol, formatOrderDate } from '../../api/orders';
import { membershipMethodLabel, useSubscriptionHistory } from '../../api/subscriptions';
import { AmountWithCode, HistoryPageHeader, HistoryTable, type HistoryColumn } from '../../components/account/HistoryTable';
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

const columns: HistoryColumn<SubscriptionHistoryRow>[] = [
  { label: '#', className: 'text-body-secondary', skeletonWidth: '1.5rem', cell: (_row, index) => index + 1 },
  { label: 'Plan', className: 'fw-semibold text-nowrap', skeletonWidth: '70%', cell: (row) => row.plan_name },
  { label: 'Method', skeletonWidth: '70%', cell: (row) => membershipMethodLabel(row.payment_method) },
  { label: 'Amount', className: 'text-nowrap', skeletonWidth: '70%', cell: (row) => <AmountWithCode amount={amountOf(row)} currency={row.currency} /> },
  { label: 'Status', skeletonWidth: '70%', cell: (row) => <HistoryStatus status={row.status} /> },
  { label: 'Date', className: 'text-nowrap', skeletonWidth: '70%', cell: (row) => formatOrderDate(row.created_at) },
  {
    label: 'Transaction ID',
    skeletonWidth: '70%',
    cell: (row) =>
      row.transaction_id ? (
        <span className="d-inline-flex align-items-center gap-2 transaction-id">
          <code>{row.transaction_id}</code>
          <CopyButton text={row.transaction_id} />
        </span>
      ) : (
        <span className="text-body-secondary">N/A</span>
      ),
  },
];

/** /subscription/history: one row per charge, renewal, failure, refund, cancellation and expiry. */
export default function SubscriptionHistoryPage() {
  usePageMeta('account', { title: 'Subscription History | Lectern' });
  const history = useSubscriptionHistory();

  return (
    <div className="subscription-history">
      <HistoryPageHeader
        title="Subscription History"
        intro="Every membership payment, renewal and change."
        link={{ to: '/subscription', icon: 'bi-gem', label: 'Your subscription' }}
      />
      <div className="card">
        <div className="card-body p-3 p-md-4">
          {history.isError ? (
            <ErrorState message={m.historyFailed} onRetry={() => void history.refetch()} />
          ) : history.data?.length === 0 ? (
            <EmptyState message={m.historyEmpty} action={{ to: '/subscribe?scrollTo=plans', label: 'See membership plans' }} />
          ) : (
            <HistoryTable
              className="history-table"
              columns={columns}
              rows={history.data}
              loading={history.isPending}
              busy={history.isPending}
              rowKey={(row) => row.id}
              rowStatus={(row) => row.status}
            />
          )}
        </div>
      </div>
    </div>
  );
}
