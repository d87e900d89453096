import { Link } from 'react-router';
import { useCourses, useInstructor } from '../../api/catalog';
import { useSiteConfig, useSupportEmail } from '../../api/site';
import { Logo } from './Logo';

export function Footer() {
  const { data: courses } = useCourses();
  const { data: instructor } = useInstructor();
  const supportEmail = useSupportEmail();
  const siteName = useSiteConfig().data?.site_name || 'Lectern';
  const bestSelling = (courses ?? []).filter((c) => c.course_type === 'paid').slice(0, 4);
  const socials = [
    { href: instructor?.youtube_link, icon: 'youtube', label: 'YouTube' },
    { href: instructor?.linkedin_link, icon: 'linkedin', label: 'LinkedIn' },
    { href: instructor?.github_link, icon: 'github', label: 'GitHub' },
    { href: instructor?.facebook_link, icon: 'facebook', label: 'Facebook' },
  ].filter((s): s is { href: string; icon: string; label: string } => Boolean(s.href));

  return (
    <footer className="site-footer mt-auto">
      <div className="container py-5">
        <div className="row g-4">
          <div className="col-12 col-lg-4">
            <Logo />
            <p className="mt-3 text-body-secondary small pe-lg-5">
              Project-based programming courses in Python, Django, REST APIs, machine learning and AI, from an instructor who builds software for a living.
            </p>
            <div className="footer-social d-flex gap-1 fs-5">
              {socials.map((s) => (
                <a key={s.icon} href={s.href} target="_blank" rel="noopener noreferrer" aria-label={s.label} className="link-secondary">
                  <i className={`bi bi-${s.icon}`} aria-hidden="true" />
                </a>
              ))}
            </div>
          </div>
          <div className="col-6 col-lg-3">
            <h2 className="footer-heading">Best-selling courses</h2>
            <ul className="list-unstyled small">
              {bestSelling.map((c) => (
                <li key={c.id} className="mb-2">
                  <Link to={`/courses/${c.slug}`}>{c.title}</Link>
                </li>
              ))}
              <li>
                <Link to="/courses">All courses</Link>
              </li>
            </ul>
          </div>
          <div className="col-6 col-lg-2">
            <h2 className="footer-heading">Policies</h2>
            <ul className="list-unstyled small">
              <li className="mb-2">
                <Link to="/terms-and-conditions">Terms and Conditions</Link>
              </li>
              <li className="mb-2">
                <Link to="/privacy-policy">Privacy Policy</Link>
              </li>
              <li className="mb-2">
                <Link to="/cancellation-refund-policy">Cancellation &amp; Refund</Link>
              </li>
            </ul>
          </div>
          <div className="col-12 col-lg-3">
            <h2 className="footer-heading">Contact</h2>
            <ul className="list-unstyled small">
              {supportEmail && (
                <li className="mb-2">
                  <i className="bi bi-envelope me-2" aria-hidden="true" />
                  <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
                </li>
              )}
              <li className="mb-2">
                <i className="bi bi-chat-dots me-2" aria-hidden="true" />
                <Link to="/contact">Send us a message</Link>
              </li>
              <li className="mb-2">
                <i className="bi bi-briefcase me-2" aria-hidden="true" />
                <Link to="/services">Hire us for a project</Link>
              </li>
            </ul>
          </div>
        </div>
        <hr className="my-4" />
        <p className="small text-body-secondary mb-0">
          © {new Date().getFullYear()} {siteName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
