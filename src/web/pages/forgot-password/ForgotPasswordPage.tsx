import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { GoogleSignInButton } from '../../components/GoogleSignInButton';
import { useIsLoggedIn } from '../../lib/auth';
import { usePageMeta } from '../../lib/usePageMeta';
import { AuthShell, Banner } from '../login/AuthShell';
import { ForgotPasswordForm } from './ForgotPasswordForm';

/** /forget/password: bare layout; redirects to / when logged in; ?linkExpriedMassage (sic, as the spec names it) is shown as an error banner. */
export default function ForgotPasswordPage() {
  usePageMeta('forgotPassword');
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const expiredMessage = params.get('linkExpriedMassage');
  if (loggedIn) return <Navigate to="/" replace />;

  return (
    <AuthShell title="Forgot your password?" subtitle="Enter the email you signed up with and we will send you a link to choose a new password.">
      {expiredMessage && <Banner kind="danger">{expiredMessage}</Banner>}
      <ForgotPasswordForm />
      <GoogleSignInButton text="signin_with" onSignedIn={() => void navigate('/', { replace: true })} />
      <p className="text-center small mt-4 mb-0">
        <Link to="/login" className="fw-semibold">
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          Back to sign in
        </Link>
      </p>
    </AuthShell>
  );
}
