import { Suspense, useEffect, useRef } from 'react';
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
];

/** On a phone the links form a strip that scrolls sideways: the current page's link is brought into view (the strip alone scrolls). */
function useActiveLinkInView(pathname: string) {
  const strip = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = strip.current;
    const active = list?.querySelector<HTMLElement>('.nav-link.active');
    if (!list || !active || list.scrollWidth <= list.clientWidth) return;
    const box = list.getBoundingClientRect();
    const link = active.getBoundingClientRect();
    if (link.left >= box.left && link.right <= box.right) return;
    list.scrollLeft += link.left - box.left - (box.width - link.width) / 2;
  }, [pathname]);
  return strip;
}

/** The signed-in area: a sidebar (Dashboard, My Profile, Enrolled Courses, Subscription, Order History, Sign Out) beside the page. */
/** The links carry the spec's trailing slash; the pages answer with and without it, and both are the current page. */
const withoutSlash = (path: string) => path.replace(/\/+$/, '');
const isCurrent = (pathname: string, to: string) => withoutSlash(pathname) === withoutSlash(to) || pathname.startsWith(`${withoutSlash(to)}/`);

export function AccountLayout() {
  const { pathname } = useLocation();
  const strip = useActiveLinkInView(pathname);
  return (
    <div className="container py-4 py-lg-5">
      <div className="row g-4">
        <aside className="col-12 col-lg-3">
          <nav className="card account-nav" aria-label="Account">
            <ul ref={strip} className="nav flex-lg-column p-2 gap-1 flex-nowrap overflow-auto">
              {links.map((link) => (
                <li className="nav-item" key={link.to}>
                  <Link
                    to={link.to}
                    className={`nav-link rounded d-flex align-items-center gap-2 text-nowrap${isCurrent(pathname, link.to) ? ' active' : ''}`}
                    aria-current={isCurrent(pathname, link.to) ? 'page' : undefined}
                  >
                    <i className={`bi bi-${link.icon}`} aria-hidden="true" />
                    {link.label}
                  </Link>
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
