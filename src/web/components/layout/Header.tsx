import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useSiteConfig } from '../../api/site';
import { useIsMember } from '../../api/subscriptions';
import { useIsLoggedIn } from '../../lib/auth';
import { useCartCount } from '../../lib/cartCount';
import { useHydrated } from '../../lib/hydrated';
import { Logo } from './Logo';

// Only signed-in users need the menu (and the dropdown code behind it): visitors never download it.
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));

const links = [
  { to: '/roadmap', label: 'Roadmap' },
  { to: '/courses', label: 'Courses' },
  { to: '/services', label: 'Services' },
  { to: '/contact', label: "Let's Talk" },
];

export function Header() {
  const [open, setOpen] = useState(false);
  const count = useCartCount();
  const { data: site } = useSiteConfig();
  const loggedIn = useIsLoggedIn();
  // A current member has nothing to join.
  const member = useIsMember();
  const close = () => setOpen(false);
  // The menu opens through React: in the server's HTML, a tap before the page's script runs would be lost.
  const hydrated = useHydrated();

  return (
    <header className="site-header sticky-top">
      <nav className="navbar navbar-expand-lg" aria-label="Main">
        <div className="container">
          <Logo />
          <div className="d-flex align-items-center gap-2 order-lg-last">
            <Link to="/checkout" className="btn btn-link cart-link position-relative px-2" aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}>
              <i className="bi bi-cart3 fs-5" aria-hidden="true" />
              <span className="cart-count badge rounded-pill bg-accent" data-testid="cart-count">
                {count}
              </span>
            </Link>
            {loggedIn ? (
              <Suspense fallback={<span className="d-inline-block rounded-circle skeleton" style={{ width: 32, height: 32 }} aria-hidden="true" />}>
                <UserMenu onNavigate={close} />
              </Suspense>
            ) : (
              <Link to="/login" className="btn btn-primary btn-sm px-3 d-none d-sm-inline-block">
                Sign In
              </Link>
            )}
            <button
              className="navbar-toggler border-0"
              type="button"
              aria-controls="main-nav"
              aria-expanded={open}
              aria-label="Toggle navigation"
              disabled={!hydrated}
              onClick={() => setOpen((v) => !v)}
            >
              <span className="navbar-toggler-icon" />
            </button>
          </div>
          <div className={`collapse navbar-collapse ${open ? 'show' : ''}`} id="main-nav">
            <ul className="navbar-nav mx-auto gap-lg-2">
              {links.map((link) => (
                <li className="nav-item" key={link.to}>
                  <NavLink to={link.to} className="nav-link" onClick={close}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
              <li className="nav-item">
                <a
                  className="nav-link"
                  href={site?.community_url ?? 'https://discord.com/invite/lectern'}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={close}
                >
                  <i className="bi bi-discord me-1" aria-hidden="true" />
                  Community
                </a>
              </li>
            </ul>
            {!member && (
              <div className="d-flex gap-2 pb-3 pb-lg-0 me-lg-3">
                <Link to="/subscribe" className="btn btn-accent btn-sm px-3" onClick={close}>
                  Join
                </Link>
                {!loggedIn && (
                  <Link to="/login" className="btn btn-primary btn-sm px-3 d-sm-none" onClick={close}>
                    Sign In
                  </Link>
                )}
              </div>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}
