import { Navigate, Outlet } from 'react-router';
import { useIsLoggedIn } from '../lib/auth';

/** Protected routes redirect to / when no access token is stored (spec). */
export function ProtectedRoute() {
  const loggedIn = useIsLoggedIn();
  return loggedIn ? <Outlet /> : <Navigate to="/" replace />;
}
