import { Link } from 'react-router';
import { useSiteConfig } from '../../api/site';

/** The site's mark and name as set in the studio's Settings (the default mark and 'Lectern' until then). */
export function Logo({ to = '/' }: { to?: string }) {
  const config = useSiteConfig().data;
  const name = config?.site_name || 'Lectern';
  return (
    <Link to={to} className="navbar-brand d-inline-flex align-items-center gap-2 fw-bold site-logo" aria-label={`${name} home`}>
      <img src={config?.logo_url ?? '/media/favicon.svg'} alt="" width={32} height={32} className="object-fit-contain" />
      <span className="text-truncate">{name}</span>
    </Link>
  );
}
