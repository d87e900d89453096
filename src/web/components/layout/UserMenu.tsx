import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import { formatPersonName } from '../../../shared/text';
import { initials, pictureUrl, useUserDetails } from '../../api/accounts';
import { signOut } from '../../lib/signOut';

const items = [
  { to: '/dashboard/', label: 'Dashboard', icon: 'speedometer2' },
  { to: '/my-profile/', label: 'Your Profile', icon: 'person' },
  { to: '/question-answer/', label: 'Q&A', icon: 'chat-left-text' },
];

const themes = [
  { value: 'light', label: 'Light', icon: 'sun', available: true },
  { value: 'dark', label: 'Dark', icon: 'moon-stars', available: false },
  { value: 'auto', label: 'Auto', icon: 'circle-half', available: false },
] as const;

function MenuAvatar({ src, name, fallback }: { src?: string; name: string; fallback: string }) {
  if (src) return <img src={src} alt="" width={32} height={32} className="rounded-circle object-fit-cover flex-shrink-0" />;
  return (
    <span
      className="rounded-circle d-inline-flex align-items-center justify-content-center fw-semibold flex-shrink-0"
      style={{ width: 32, height: 32, fontSize: '0.8rem', background: 'var(--lectern-primary-soft)', color: 'var(--bs-primary)' }}
      aria-hidden="true"
    >
      {initials(name, fallback) || <i className="bi bi-person" />}
    </span>
  );
}

/** The signed-in header menu: avatar and name, Dashboard, Your Profile, Q&A, the theme switch (Light only for now) and Sign Out. */
export function UserMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { data: user } = useUserDetails();
  const name = formatPersonName(user?.full_name);
  const src = pictureUrl(user?.profile_picture);

  return (
    <Dropdown align="end" className="user-menu">
      <Dropdown.Toggle variant="link" id="user-menu-toggle" className="d-flex align-items-center gap-2 text-decoration-none text-body px-1 py-1">
        <MenuAvatar src={src} name={name} fallback={user?.email ?? ''} />
        <span className="visually-hidden">{name ? `Account menu for ${name}` : 'Account menu'}</span>
        <span className="d-none d-md-inline fw-semibold text-truncate" style={{ maxWidth: 160 }} aria-hidden="true">
          {name || 'My account'}
        </span>
      </Dropdown.Toggle>
      <Dropdown.Menu className="shadow-sm border-0 py-2" style={{ minWidth: 240 }}>
        {user && (
          <>
            <div className="px-3 pt-1 pb-2">
              <div className="fw-semibold text-truncate">{name}</div>
              <div className="small text-body-secondary text-truncate">{user.email}</div>
            </div>
            <Dropdown.Divider />
          </>
        )}
        {items.map((item) => (
          <Dropdown.Item as={Link} to={item.to} key={item.to} onClick={onNavigate} className="d-flex align-items-center gap-2">
            <i className={`bi bi-${item.icon}`} aria-hidden="true" />
            {item.label}
          </Dropdown.Item>
        ))}
        <Dropdown.Divider />
        <Dropdown.Header id="user-menu-theme" aria-level={2}>
          Theme
        </Dropdown.Header>
        <div role="group" aria-labelledby="user-menu-theme">
          {themes.map((theme) => (
            <Dropdown.Item
              as="button"
              key={theme.value}
              disabled={!theme.available}
              aria-current={theme.value === 'light' ? 'true' : undefined}
              className={`d-flex align-items-center gap-2 ${theme.value === 'light' ? 'text-primary fw-semibold' : ''}`}
            >
              <i className={`bi bi-${theme.icon}`} aria-hidden="true" />
              <span className="flex-grow-1">{theme.label}</span>
              {theme.available ? (
                <i className="bi bi-check2" aria-hidden="true" />
              ) : (
                <span className="badge rounded-pill text-bg-light border fw-normal">Coming Soon</span>
              )}
            </Dropdown.Item>
          ))}
        </div>
        <Dropdown.Divider />
        <Dropdown.Item as="button" onClick={() => void signOut()} className="d-flex align-items-center gap-2 text-danger">
          <i className="bi bi-box-arrow-right" aria-hidden="true" />
          Sign Out
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
