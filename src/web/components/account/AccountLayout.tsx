import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
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
];

/** The signed-in area: a sidebar (Dashboard, My Profile, Enrolled Courses, Subscription, Order History, Sign Out) beside the page. */
export function AccountLayout() {
  return (
    <div className="container py-4 py-lg-5">
      <div className="row g-4">
        <aside className="col-12 col-lg-3">
          <nav className="card account-nav" aria-label="Account">
            <ul className="nav flex-lg-column p-2 gap-1 flex-nowrap overflow-auto">
              {links.map((link) => (
                <li className="nav-item" key={link.to}>
                  <NavLink to={link.to} className="nav-link rounded d-flex align-items-center gap-2 text-nowrap">
                    <i className={`bi bi-${link.icon}`} aria-hidden="true" />
                    {link.label}
                  </NavLink>
                </li>
              ))}
              <li className="nav-item">
                <button type="button" className="nav-link rounded d-flex align-items-center gap-2 text-nowrap w-100 text-start" onClick={() => void signOut()}>
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
