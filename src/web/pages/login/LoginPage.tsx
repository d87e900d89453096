import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '../../components/LoginForm';
import { useIsLoggedIn } from '../../lib/auth';
import { usePageMeta } from '../../lib/usePageMeta';
import { AuthShell, Banner } from './AuthShell';

export const loginBanners = {
  activated: 'Your account is activated. You can sign in now.',
  verificationSent: 'We sent you a verification email. Open the link in it to activate your account, then sign in here.',
  invalidLink: 'This activation link is invalid or has expired. Sign in with your email and password to get a new one.',
} as const;

/** ?next= sends the user back where they were (a path on this site only, never another origin). */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

/** /login: bare layout. Redirects to ?next= (else /) when logged in; banners for ?status=success, ?status=invalid-link and ?action=verification. */
export default function LoginPage() {
  usePageMeta('login');
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const status = params.get('status');
  const action = params.get('action');
  const flash = (location.state as { message?: unknown } | null)?.message;
  const next = safeNext(params.get('next'));

  if (loggedIn) return <Navigate to={next} replace />;

  return (
    <AuthShell title="Welcome back" subtitle="Sign in to continue learning.">
      {status === 'success' && <Banner kind="success">{loginBanners.activated}</Banner>}
      {status === 'invalid-link' && <Banner kind="danger">{loginBanners.invalidLink}</Banner>}
      {action === 'verification' && <Banner kind="warning">{loginBanners.verificationSent}</Banner>}
      {typeof flash === 'string' && flash && <Banner kind="success">{flash}</Banner>}
      <LoginForm variant="page" onSuccess={() => void navigate(next, { replace: true })} />
    </AuthShell>
  );
}
