import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { inboxQueries } from '../api/inbox';
import { adminProjectQueries } from '../api/adminProjects';
import { PageSpinner } from '../components/States';
import { signOut } from '../lib/signOut';
import { REVIEWER_HOME, useAdmin } from './StudioGuard';

interface NavItem {
  to: string;
  label: string;
  icon: string;
  badge?: 'questions' | 'messages' | 'projects';
  /** Shown to a reviewer too (a reviewer may review projects and nothing else). */
  reviewer?: boolean;
}
const groups: { heading: string; items: NavItem[] }[] = [
  {
    heading: 'Sell',
    items: [
      { to: '/admin', label: 'Overview', icon: 'graph-up' },
      { to: '/admin/courses', label: 'Courses', icon: 'collection-play' },
      { to: '/admin/bundles', label: 'Bundles', icon: 'collection' },
      { to: '/admin/plans', label: 'Plans', icon: 'stars' },
      { to: '/admin/orders', label: 'Orders', icon: 'receipt' },
      { to: '/admin/coupons', label: 'Coupons', icon: 'ticket-perforated' },
      { to: '/admin/payments', label: 'Payments log', icon: 'activity' },
    ],
  },
  {
    heading: 'People',
    items: [
      { to: '/admin/students', label: 'Students', icon: 'people' },
      { to: '/admin/members', label: 'Members', icon: 'person-badge' },
      { to: '/admin/emails', label: 'Emails', icon: 'send' },
    ],
  },
  {
    heading: 'Inbox',
    items: [
      { to: '/admin/projects', label: 'Projects', icon: 'award', badge: 'projects', reviewer: true },
      { to: '/admin/questions', label: 'Questions', icon: 'patch-question', badge: 'questions' },
      { to: '/admin/messages', label: 'Messages', icon: 'envelope', badge: 'messages' },
      { to: '/admin/reviews', label: 'Reviews', icon: 'star-half' },
    ],
  },
  {
    heading: 'Studio',
    items: [
      { to: '/admin/audit-log', label: 'Audit log', icon: 'clock-history' },
      { to: '/admin/settings', label: 'Settings', icon: 'gear' },
    ],
  },
];

function CountBadge({ count, text }: { count: number | undefined; text: string }) {
  if (!count) return null;
  return (
    <span className="badge rounded-pill text-bg-warning ms-auto">
      {count > 99 ? '99+' : count}
      <span className="visually-hidden"> {text}</span>
    </span>
  );
}

/** How many questions wait for an answer, or messages to be handled, beside their nav entry. */
function NavBadge({ kind }: { kind: 'questions' | 'messages' | 'projects' }) {
  const questions = useQuery({ ...inboxQueries.unansweredCount(), enabled: kind === 'questions' }).data;
  const messages = useQuery({ ...inboxQueries.unhandledCount(), enabled: kind === 'messages' }).data;
  const projects = useQuery({ ...adminProjectQueries.waitingCount(), enabled: kind === 'projects' }).data;
  if (kind === 'projects') return <CountBadge count={projects} text="waiting for a review" />;
  return kind === 'questions' ? <CountBadge count={questions} text="waiting for an answer" /> : <CountBadge count={messages} text="waiting to be handled" />;
}

function StudioNav({ onNavigate }: { onNavigate?: () => void }) {
  const { role } = useAdmin();
  const shown = role === 'reviewer' ? groups.map((g) => ({ ...g, items: g.items.filter((item) => item.reviewer) })).filter((g) => g.items.length > 0) : groups;
  return (
    <nav className="studio-nav px-2 pb-3" aria-label="Studio">
      {shown.map((group) => (
        <div key={group.heading}>
          <p className="studio-nav-heading">{group.heading}</p>
          <ul className="nav flex-column gap-1">
            {group.items.map((item) => (
              <li className="nav-item" key={item.to}>
                <NavLink to={item.to} end={item.to === '/admin'} className="nav-link" onClick={onNavigate}>
                  <i className={`bi bi-${item.icon}`} aria-hidden="true" />
                  {item.label}
                  {item.badge && <NavBadge kind={item.badge} />}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <p className="studio-nav-heading">Site</p>
      <ul className="nav flex-column gap-1">
        <li className="nav-item">
          <Link to="/" className="nav-link">
            <i className="bi bi-shop" aria-hidden="true" />
            View storefront
          </Link>
        </li>
        <li className="nav-item">
          <button type="button" className="nav-link w-100 border-0 bg-transparent text-start" onClick={() => void signOut()}>
            <i className="bi bi-box-arrow-right" aria-hidden="true" />
            Sign out
          </button>
        </li>
      </ul>
    </nav>
  );
}

function Brand() {
  const { role } = useAdmin();
  return (
    <Link to={role === 'admin' ? '/admin' : REVIEWER_HOME} className="d-flex align-items-center gap-2 text-decoration-none fw-bold text-body">
      <i className="bi bi-mortarboard-fill text-primary fs-5" aria-hidden="true" />
      Lectern Studio
    </Link>
  );
}

/** Side navigation on wide screens; below 992 px a top bar whose menu button opens it as an offcanvas. */
export function StudioLayout() {
  const admin = useAdmin();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className="studio d-flex">
      <a href="#studio-main" className="skip-link visually-hidden-focusable">
        Skip to content
      </a>
      <aside className="studio-sidebar d-none d-lg-flex flex-column">
        <div className="p-3 border-bottom">
          <Brand />
          <div className="small text-body-secondary mt-2 text-truncate" title={admin.email}>
            <i className="bi bi-person-circle me-1" aria-hidden="true" />
            {admin.full_name}
          </div>
        </div>
        <StudioNav />
      </aside>
      <div className="studio-main d-flex flex-column">
        <header className="studio-topbar d-flex d-lg-none align-items-center gap-2 px-2">
          <button
            type="button"
            className="btn btn-link text-body px-2"
            aria-label="Open the studio menu"
            aria-controls="studio-menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <i className="bi bi-list fs-4" aria-hidden="true" />
          </button>
          <Brand />
          <span className="ms-auto small text-body-secondary text-truncate" style={{ maxWidth: '40%' }}>
            {admin.full_name}
          </span>
        </header>
        <Offcanvas show={menuOpen} onHide={() => setMenuOpen(false)} id="studio-menu" aria-labelledby="studio-menu-title" responsive={undefined}>
          <Offcanvas.Header closeButton closeLabel="Close the menu">
            <Offcanvas.Title id="studio-menu-title" as="h2" className="h6 mb-0">
              <Brand />
            </Offcanvas.Title>
          </Offcanvas.Header>
          <Offcanvas.Body className="p-0">
            <div className="small text-body-secondary px-3 pb-2">
              <i className="bi bi-person-circle me-1" aria-hidden="true" />
              {admin.full_name} · {admin.email}
            </div>
            <StudioNav onNavigate={() => setMenuOpen(false)} />
          </Offcanvas.Body>
        </Offcanvas>
        <main id="studio-main" className="studio-content w-100" tabIndex={-1}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
