import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../States';
import { Footer } from './Footer';
import { Header } from './Header';
import { VerifyEmailBanner } from './VerifyEmailBanner';

export function MainLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#main" className="visually-hidden-focusable skip-link">
        Skip to content
      </a>
      <Header />
      <VerifyEmailBanner />
      <main id="main" className="flex-grow-1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}

/** /login, /register, /forget/password and /reset/password: no header or footer. */
export function BareLayout() {
  return (
    <main id="main" className="min-vh-100 bare-layout">
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
