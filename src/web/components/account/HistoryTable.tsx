import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The title of an account history page, its one-line intro, and the way to its sibling page. */
export function HistoryPageHeader({ title, intro, link }: { title: string; intro: string; link: { to: string; icon: string; label: string } }) {
  return (
    <div className="d-flex flex-wrap align-items-end justify-content-between gap-3 mb-4">
      <div>
        <h1 className="h3 mb-1">{title}</h1>
        <p className="text-body-secondary mb-0">{intro}</p>
      </div>
      <Link to={link.to} className="btn btn-outline-primary btn-sm">
        <i className={`bi ${link.icon} me-2`} aria-hidden="true" />
        {link.label}
      </Link>
    </div>
  );
}

export interface HistoryColumn<Row> {
  /** The header, and each cell's data-label (the stacked layout on a phone shows it). */
  label: string;
  className?: string;
  /** The width of this column's placeholder bar while the rows load. */
  skeletonWidth: string;
  cell: (row: Row, index: number) => ReactNode;
}

interface HistoryTableProps<Row> {
  columns: HistoryColumn<Row>[];
  rows: Row[] | undefined;
  /** While true: three placeholder rows instead of the rows. */
  loading: boolean;
  /** aria-busy: loading, or refreshing rows already shown. */
  busy: boolean;
  rowKey: (row: Row) => string | number;
  /** The row's data-status, for styling by status. */
  rowStatus?: (row: Row) => string;
  className?: string;
}

/** An account history table (orders, subscription payments): a row per entry, placeholder rows while loading. */
export function HistoryTable<Row>({ columns, rows, loading, busy, rowKey, rowStatus, className = '' }: HistoryTableProps<Row>) {
  return (
    <table className={`table align-middle mb-0 order-table ${className}`.trim()} aria-busy={busy}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {loading
          ? [0, 1, 2].map((i) => (
              <tr key={i} aria-hidden="true" className="order-row-skeleton">
                {columns.map((column) => (
                  <td key={column.label}>
                    <div className="skeleton skeleton-text" style={{ width: column.skeletonWidth }} />
                  </td>
                ))}
              </tr>
            ))
          : rows?.map((row, index) => (
              <tr key={rowKey(row)} data-status={rowStatus?.(row)}>
                {columns.map((column) => (
                  <td key={column.label} data-label={column.label} className={column.className}>
                    {column.cell(row, index)}
                  </td>
                ))}
              </tr>
            ))}
      </tbody>
    </table>
  );
}

/** An amount with its currency code after it, quieter. */
export function AmountWithCode({ amount, currency }: { amount: string; currency: string }) {
  return (
    <span>
      {amount} <span className="small text-body-secondary">{currency.toUpperCase()}</span>
    </span>
  );
}
