import { Link } from 'react-router';
import { Logo } from '../../components/layout/Logo';
import { usePageMeta } from '../../lib/usePageMeta';

/** This phase: a clear notice that accounts open soon (sign-in arrives in a later issue). Bare layout: no header or footer. */
export default function LoginPage() {
  usePageMeta('login');
  return (
    <div className="container d-flex flex-column align-items-center justify-content-center py-5" style={{ minHeight: '100vh' }}>
      <div className="card border-0 shadow-sm w-100" style={{ maxWidth: 440, borderRadius: '1rem' }}>
        <div className="card-body p-4 p-sm-5 text-center">
          <div className="mb-4">
            <Logo />
          </div>
          <h1 className="h3 mb-3">Sign in</h1>
          <div className="alert alert-info d-flex gap-2 text-start small mb-4" role="status">
            <i className="bi bi-info-circle-fill" aria-hidden="true" />
            <span>Student accounts are opening soon. You will be able to sign in here to follow your courses, track progress and download certificates.</span>
          </div>
          <p className="text-body-secondary mb-4">Until then, you can browse every course and watch free lesson previews without an account.</p>
          <div className="d-grid gap-2">
            <Link to="/courses" className="btn btn-primary btn-lg">
              Browse courses
            </Link>
            <Link to="/" className="btn btn-outline-secondary">
              <i className="bi bi-arrow-left me-2" aria-hidden="true" />
              Back to home
            </Link>
          </div>
        </div>
      </div>
      <p className="small text-body-secondary mt-4 mb-0">
        Questions? <Link to="/contact">Contact us</Link>
      </p>
    </div>
  );
}
