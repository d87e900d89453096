import { Link } from 'react-router';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="navbar-brand d-inline-flex align-items-center gap-2 fw-bold" aria-label="Lectern home">
      <img src="/media/favicon.svg" alt="" width={32} height={32} />
      <span>Lectern</span>
    </Link>
  );
}
