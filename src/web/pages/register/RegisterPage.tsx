import { Link, Navigate, useNavigate } from 'react-router';
import { GoogleSignInButton } from '../../components/GoogleSignInButton';
import { useIsLoggedIn } from '../../lib/auth';
import { usePageMeta } from '../../lib/usePageMeta';
import { AuthShell } from '../login/AuthShell';
import { RegisterForm } from './RegisterForm';

/** /register: bare layout; redirects to / when logged in; success goes to /login/?action=verification. */
export default function RegisterPage() {
  usePageMeta('register');
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  if (loggedIn) return <Navigate to="/" replace />;

  return (
    <AuthShell title="Create your account" subtitle="Start learning with free and premium project-based courses.">
      <RegisterForm onRegistered={() => void navigate('/login/?action=verification')} />
      <GoogleSignInButton text="signup_with" onSignedIn={() => void navigate('/', { replace: true })} />
      <p className="text-center small text-body-secondary mt-4 mb-0">
        Already have an account?{' '}
        <Link to="/login" className="fw-semibold">
          Sign in
        </Link>
      </p>
    </AuthShell>
  );
}
