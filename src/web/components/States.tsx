import { Link } from 'react-router';

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="state-box text-center py-5" role="alert">
      <i className="bi bi-exclamation-circle fs-2 text-danger d-block mb-2" aria-hidden="true" />
      <p className="mb-3">{message}</p>
      {onRetry && (
        <button type="button" className="btn btn-outline-primary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function EmptyState({ message, action }: { message: string; action?: { to: string; label: string } }) {
  return (
    <div className="state-box text-center py-5">
      <i className="bi bi-journal-x fs-2 text-body-secondary d-block mb-2" aria-hidden="true" />
      <p className="mb-3">{message}</p>
      {action && (
        <Link className="btn btn-outline-primary" to={action.to}>
          {action.label}
        </Link>
      )}
    </div>
  );
}

export function PageSpinner() {
  return (
    <div className="d-flex justify-content-center align-items-center py-5" style={{ minHeight: '50vh' }}>
      <div className="spinner-border text-primary" role="status">
        <span className="visually-hidden">Loading…</span>
      </div>
    </div>
  );
}
