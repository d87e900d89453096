import type { MouseEvent, ReactElement, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';

/**
 * A table that may be wider than a phone: it scrolls sideways inside its card, and the scrolling
 * box is a labelled, focusable region so a keyboard can scroll it too.
 */
export function ScrollTable({ label, busy, className = 'studio-card', children }: { label: string; busy?: boolean; className?: string; children: ReactNode }) {
  return (
    <div
      className={className ? `${className} table-responsive` : 'table-responsive'}
      tabIndex={0}
      role="region"
      aria-label={label}
      aria-busy={busy || undefined}
    >
      {children}
    </div>
  );
}

/** A column heading: its text alone, or its text and the classes that align it or hide it on small screens. */
export type Column = string | ReactElement | readonly [ReactNode, string];

const isHeading = (column: Column): column is readonly [ReactNode, string] => Array.isArray(column);

/** A table in its scrolling region: an optional hidden caption, the column headings, and the rows. */
export function DataTable({
  label,
  caption,
  columns,
  busy,
  frame,
  className = 'table studio-table table-hover',
  children,
}: {
  /** The scrolling region's name. */
  label: string;
  caption?: string;
  columns: readonly Column[];
  busy?: boolean;
  /** The scrolling region's classes: a card by default, '' inside a card that is already there. */
  frame?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <ScrollTable label={label} busy={busy} className={frame}>
      <table className={className}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column, i) =>
              isHeading(column) ? (
                <th key={i} scope="col" className={column[1]}>
                  {column[0]}
                </th>
              ) : (
                <th key={i} scope="col">
                  {column}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollTable>
  );
}

/** A row that opens its item when clicked anywhere; its `RowLink` is what a keyboard and a screen reader use. */
export function LinkRow({ to, children }: { to: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <tr className="studio-row-link" onClick={() => void navigate(to)}>
      {children}
    </tr>
  );
}

/** The row's own link, its title (the click does not reach the row a second time). */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="fw-semibold" onClick={(e: MouseEvent) => e.stopPropagation()}>
      {children}
    </Link>
  );
}
