import { Link } from 'react-router';
import { usePageMeta } from '../../lib/usePageMeta';
import './not-found.scss';

const destinations = [
  { to: '/', icon: 'bi-house', title: 'Home', text: 'Start again from the home page.' },
  { to: '/courses', icon: 'bi-collection-play', title: 'Courses', text: 'Browse free and premium project-based courses.' },
  { to: '/contact', icon: 'bi-chat-dots', title: 'Contact', text: 'Tell us what you were looking for.' },
];

export default function NotFoundPage() {
  usePageMeta('notFound');
  return (
    <section className="section not-found">
      <div className="container text-center">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1 className="h2 mb-3">Page not found</h1>
        <p className="text-body-secondary mx-auto mb-5" style={{ maxWidth: 520 }}>
          The page you are looking for does not exist or has moved. Check the address, or pick up from one of these pages.
        </p>
        <ul className="list-unstyled row g-3 justify-content-center mb-0 not-found-links">
          {destinations.map((d) => (
            <li className="col-12 col-sm-4 col-lg-3" key={d.to}>
              <Link to={d.to} className="not-found-link h-100">
                <i className={`bi ${d.icon}`} aria-hidden="true" />
                <span className="fw-semibold d-block">{d.title}</span>
                <span className="small text-body-secondary d-block">{d.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
