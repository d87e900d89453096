import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { adminErrorText, adminQueries, type AdminMe } from '../api/admin';
import { ApiError } from '../api/client';
import { ErrorState, PageSpinner } from '../components/States';
import { useIsLoggedIn } from '../lib/auth';

const AdminContext = createContext<AdminMe | null>(null);

/** The signed-in admin or reviewer (inside the guard); `role` says which. */
export function useAdmin(): AdminMe {
  const admin = useContext(AdminContext);
  if (!admin) throw new Error('useAdmin outside the studio guard');
  return admin;
}

/** The pages a reviewer may open: the project queue and reviews (the server refuses them everything else). */
export const REVIEWER_HOME = '/admin/projects';

/** The studio's pages for admins only: a reviewer is sent to the project queue. */
export function AdminOnly() {
  const me = useAdmin();
  return me.role === 'admin' ? <Outlet /> : <Navigate to={REVIEWER_HOME} replace />;
}

/** A visitor goes to sign in (and comes back); a signed-in account that is neither an admin nor a reviewer sees a 403 page. */
export function StudioGuard() {
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  const me = useQuery({ ...adminQueries.me(), enabled: loggedIn });
  const next = encodeURIComponent(location.pathname + location.search);

  if (!loggedIn || (me.error instanceof ApiError && me.error.status === 401)) return <Navigate to={`/login?next=${next}`} replace />;
  if (me.error instanceof ApiError && me.error.status === 403) return <Forbidden />;
  if (me.isError) return <ErrorState message={adminErrorText(me.error)} onRetry={() => void me.refetch()} />;
  if (!me.data) return <PageSpinner />;
  return (
    <AdminContext.Provider value={me.data}>
      <Outlet />
    </AdminContext.Provider>
  );
}

function Forbidden() {
  return (
    <main className="container py-5 text-center" style={{ maxWidth: 560 }}>
      <i className="bi bi-shield-lock fs-1 text-body-secondary d-block mb-3" aria-hidden="true" />
      <p className="text-body-secondary mb-1">Error 403</p>
      <h1 className="h3">This is the instructor studio</h1>
      <p className="mb-4">Your account does not have access to it. Sign in with the instructor&apos;s account, or go back to your learning.</p>
      <div className="d-flex flex-wrap gap-2 justify-content-center">
        <Link to="/dashboard" className="btn btn-primary">
          My dashboard
        </Link>
        <Link to="/" className="btn btn-outline-secondary">
          Home
        </Link>
      </div>
    </main>
  );
}
