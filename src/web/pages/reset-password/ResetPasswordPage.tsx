import { Link, Navigate, useSearchParams } from 'react-router';
import { useIsLoggedIn } from '../../lib/auth';
import { usePageMeta } from '../../lib/usePageMeta';
import { AuthShell } from '../login/AuthShell';
import { ResetPasswordForm } from './ResetPasswordForm';

/** /reset/password?uid=&token=: bare layout; logged in → /; no uid → /forget/password. */
export default function ResetPasswordPage() {
  usePageMeta('resetPassword');
  const loggedIn = useIsLoggedIn();
  const [params] = useSearchParams();
  const uid = params.get('uid');
  const token = params.get('token') ?? '';
  if (loggedIn) return <Navigate to="/" replace />;
  if (!uid) return <Navigate to="/forget/password" replace />;

  return (
    <AuthShell title="Choose a new password" subtitle="Pick a strong password you have not used here before.">
      <ResetPasswordForm uid={uid} token={token} />
      <p className="text-center small mt-4 mb-0">
        <Link to="/login" className="fw-semibold">
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          Back to sign in
        </Link>
      </p>
    </AuthShell>
  );
}
