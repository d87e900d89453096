import { Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { signOut } from '../../lib/signOut';
import { PageSpinner } from '../States';

const links = [
  { to: '/dashboard/', label: 'Dashboard', icon: 'speedometer2' },
  { to: '/my-profile/', label: 'My Profile', icon: 'person' },
  { to: '/enrolled-courses/', label: 'Enrolled Courses', icon: 'journal-bookmark' },
  { to: '/subscription', label: 'Subscription', icon: 'gem' },
  { to: '/order-history/', label: 'Order History', icon: 'receipt' },
  { to: '/question-answer/', label: 'Q&A', icon: 'chat-left-text' },
  { to: '/certificate-download/', label: 'Certificates', icon: 'award' },
  { to: '/projects/', label: 'Projects', icon: 'kanban' },
];

/** The links carry the spec's trailing slash; the pages answer with and without it, and both are the current page. */
const withoutSlash = (path: string) => path.replace(/\/+$/, '');
const isCurrent = (pathname: string, to: string) => withoutSlash(pathname) === withoutSlash(to) || pathname.startsWith(`${withoutSlash(to)}/`);

/**
 * The signed-in area: a sidebar (Dashboard, My Profile, Enrolled Courses, Subscription, Order
 * History, Q&A, Certificates, Sign Out) beside the page. On a phone the same vertical menu folds
 * behind a button that names the current page (a sideways strip cut its links mid-word).
 */
export function AccountLayout() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  // Choosing a page folds the menu again.
  useEffect(() => setOpen(false), [pathname]);
  const current = links.find((link) => isCurrent(pathname, link.to));
  return (
    <div className="container py-4 py-lg-5">
      <div className="row g-4">
        <aside className="col-12 col-lg-3">
          <nav className="card account-nav" aria-label="Account">
            <button
              type="button"
              className="account-nav-toggle btn d-flex d-lg-none align-items-center gap-2 w-100 text-start"
              aria-expanded={open}
              aria-controls="account-nav-links"
              onClick={() => setOpen((value) => !value)}
            >
              <i className={`bi bi-${current?.icon ?? 'list'}`} aria-hidden="true" />
              <span className="flex-grow-1">
                <span className="visually-hidden">Account menu: </span>
                {current?.label ?? 'Account'}
              </span>
              <i className={`bi ${open ? 'bi-chevron-up' : 'bi-chevron-down'}`} aria-hidden="true" />
            </button>
            <ul id="account-nav-links" className={`nav flex-column p-2 gap-1 ${open ? 'd-flex account-nav-open' : 'd-none'} d-lg-flex`}>
              {links.map((link) => (
                <li className="nav-item" key={link.to}>
                  <Link
                    to={link.to}
                    className={`nav-link rounded d-flex align-items-center gap-2${isCurrent(pathname, link.to) ? ' active' : ''}`}
                    aria-current={isCurrent(pathname, link.to) ? 'page' : undefined}
                  >
                    <i className={`bi bi-${link.icon}`} aria-hidden="true" />
                    {link.label}
                  </Link>
                </li>
              ))}
              <li className="nav-item">
                <button type="button" className="nav-link rounded d-flex align-items-center gap-2 w-100 text-start" onClick={() => void signOut()}>
                  <i className="bi bi-box-arrow-right" aria-hidden="true" />
                  Sign Out
                </button>
              </li>
            </ul>
          </nav>
        </aside>
        <div className="col-12 col-lg-9">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
