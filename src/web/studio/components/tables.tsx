import { useEffect, useLayoutEffect, useRef, type MouseEvent, type ReactElement, type ReactNode } from 'react';
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

/**
 * What a stacked row shows above each cell: its column's heading (`data-label`), read from the
 * table's own headings, so no page repeats them. A heading that is only for screen readers (the
 * visually hidden 'Details' over a row's buttons) labels nothing; a cell spanning several columns
 * (a row's expanded details) neither. The table keeps its roles when phones stack it (a table,
 * rows, cells and column headings that are laid out as blocks lose them in some browsers).
 */
export function labelCells(table: HTMLTableElement) {
  table.setAttribute('role', 'table');
  const headings = [...(table.tHead?.rows[0]?.cells ?? [])].map((th) => {
    th.setAttribute('role', 'columnheader');
    const text = th.textContent?.trim() ?? '';
    const hidden = [...th.querySelectorAll('.visually-hidden')].map((e) => e.textContent?.trim() ?? '').join('');
    return hidden === text ? '' : text;
  });
  for (const group of table.querySelectorAll(':scope > thead, :scope > tbody')) group.setAttribute('role', 'rowgroup');
  for (const row of table.rows) {
    row.setAttribute('role', 'row');
    if (row.parentElement?.tagName !== 'TBODY') continue;
    let column = 0;
    for (const cell of row.cells) {
      cell.setAttribute('role', cell.tagName === 'TH' ? 'rowheader' : 'cell');
      const label = cell.colSpan > 1 ? '' : (headings[column] ?? '');
      if (label) cell.dataset.label = label;
      else delete cell.dataset.label;
      column += cell.colSpan;
    }
  }
}

/**
 * A table in its scrolling region: an optional hidden caption, the column headings, and the rows.
 * On a phone (below 576 px) every row is a card: its cells one under another or side by side as
 * they fit, each under its column's heading (`labelCells`), the first one the card's title; the
 * columns a page hides on small screens (`d-none d-md-table-cell`) stay hidden. One mechanism for
 * every studio table (studio.scss, `.studio-table-stack`), checked by the page checks at 375 px.
 */
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
  const table = useRef<HTMLTableElement>(null);
  // Every render labels the rows it drew; a row that redraws alone (its own state) is labelled when its cells change.
  useLayoutEffect(() => {
    if (table.current) labelCells(table.current);
  });
  useEffect(() => {
    const element = table.current;
    if (!element) return;
    const observer = new MutationObserver(() => labelCells(element));
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <ScrollTable label={label} busy={busy} className={frame}>
      <table ref={table} className={`${className} studio-table-stack`}>
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
