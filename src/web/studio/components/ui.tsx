import { Fragment, useEffect, useState, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { adminErrorText } from '../../api/admin';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';

/** The tab's title and robots noindex for a studio page. */
export function useStudioTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | Lectern Studio`;
    let robots = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    if (!robots) {
      robots = document.createElement('meta');
      robots.name = 'robots';
      document.head.appendChild(robots);
    }
    robots.content = 'noindex, nofollow';
  }, [title]);
}

export function PageHeader({ title, actions, children }: { title: ReactNode; actions?: ReactNode; children?: ReactNode }) {
  return (
    <div className="d-flex flex-wrap align-items-start justify-content-between gap-2 mb-3">
      <div className="studio-page-head">
        {children}
        <h1 className="studio-page-title">{title}</h1>
      </div>
      {actions && <div className="d-flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** Rows of placeholders while a table loads. */
export function TableSkeleton({ rows = 6, columns = 5, label = 'Loading' }: { rows?: number; columns?: number; label?: string }) {
  return (
    <div className="studio-card p-3" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, r) => (
        <div key={r} className="d-flex gap-3 py-2 placeholder-glow" aria-hidden="true">
          {Array.from({ length: columns }, (_, c) => (
            <span key={c} className="placeholder rounded flex-grow-1" style={{ height: '1.1rem', opacity: 0.25 }} />
          ))}
        </div>
      ))}
    </div>
  );
}

export function CardSkeleton({ lines = 5, label = 'Loading' }: { lines?: number; label?: string }) {
  return (
    <div className="studio-card p-4 placeholder-glow" role="status" aria-label={label}>
      {Array.from({ length: lines }, (_, i) => (
        <span
          key={i}
          className="placeholder rounded d-block mb-3"
          style={{ height: '1.2rem', width: `${90 - ((i * 17) % 40)}%`, opacity: 0.25 }}
          aria-hidden="true"
        />
      ))}
    </div>
  );
}

export interface ConfirmOptions {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  variant?: 'danger' | 'primary' | 'warning';
}

/**
 * A destructive or public action asks first. `onConfirm` runs the mutation; the dialog stays open
 * with the server's error if it fails, and closes when it succeeds.
 */
export function ConfirmDialog({
  show,
  onHide,
  onConfirm,
  options,
}: {
  show: boolean;
  onHide: () => void;
  onConfirm: () => Promise<unknown>;
  options: ConfirmOptions | null;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (show) setError(null);
  }, [show]);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onHide();
    } catch (err) {
      setError(adminErrorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal show={show && options !== null} onHide={busy ? () => undefined : onHide} centered aria-labelledby="confirm-title">
      <Modal.Header closeButton={!busy} closeLabel="Cancel">
        <Modal.Title id="confirm-title" as="h2" className="h5 mb-0">
          {options?.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error && <FormAlert kind="error">{error}</FormAlert>}
        {options?.body}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onHide} disabled={busy}>
          Cancel
        </button>
        <SubmitButton
          type="button"
          busy={busy}
          busyLabel={options?.busyLabel}
          className={`btn btn-${options?.variant ?? 'danger'}`}
          onClick={() => void confirm()}
        >
          {options?.confirmLabel}
        </SubmitButton>
      </Modal.Footer>
    </Modal>
  );
}

/** The state a page keeps for one confirm dialog at a time. */
export function useConfirm() {
  const [pending, setPending] = useState<{ options: ConfirmOptions; run: () => Promise<unknown> } | null>(null);
  return {
    ask: (options: ConfirmOptions, run: () => Promise<unknown>) => setPending({ options, run }),
    dialog: (
      <ConfirmDialog
        show={pending !== null}
        options={pending?.options ?? null}
        onHide={() => setPending(null)}
        onConfirm={() => pending?.run() ?? Promise.resolve()}
      />
    ),
  };
}

/** Previous / next for server-paged lists, with where we are. */
export function Pager({ page, hasNext, onPage, summary }: { page: number; hasNext: boolean; onPage: (page: number) => void; summary?: ReactNode }) {
  return (
    <nav className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3" aria-label="Pages">
      <span className="small text-body-secondary">{summary}</span>
      <div className="btn-group">
        <button type="button" className="btn btn-outline-secondary btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <i className="bi bi-chevron-left me-1" aria-hidden="true" />
          Previous
        </button>
        <span className="btn btn-sm border-secondary-subtle text-body pe-none" aria-current="page">
          Page {page}
        </span>
        <button type="button" className="btn btn-outline-secondary btn-sm" disabled={!hasNext} onClick={() => onPage(page + 1)}>
          Next
          <i className="bi bi-chevron-right ms-1" aria-hidden="true" />
        </button>
      </div>
    </nav>
  );
}

const stateLooks = {
  draft: 'text-bg-secondary',
  published: 'text-bg-success',
  archived: 'text-bg-dark',
  Paid: 'text-bg-success',
  Pending: 'text-bg-warning',
  Failed: 'text-bg-danger',
  Cancelled: 'text-bg-light border',
  Refunded: 'text-bg-secondary',
} as Record<string, string>;

export function StateBadge({ state }: { state: string }) {
  return <span className={`badge ${stateLooks[state] ?? 'text-bg-light'} text-capitalize`}>{state}</span>;
}

/** An email address that wraps after its '@' and its dots when a column is narrow, never in the middle of a word. */
export function EmailText({ email }: { email: string }) {
  return (
    <>
      {email.split(/(?<=[@.])/).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}
