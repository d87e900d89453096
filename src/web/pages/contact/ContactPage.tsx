import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSiteConfig, useSupportEmail } from '../../api/site';
import { usePageMeta } from '../../lib/usePageMeta';
import { ContactForm, type CaptchaSlotProps } from './ContactForm';
import './contact.scss';

const expectations = [
  { icon: 'bi-envelope-open', title: 'A personal reply', text: 'Every message is read by the instructor or a senior engineer — never an auto-responder.' },
  { icon: 'bi-clock-history', title: 'Within one business day', text: 'We answer every message Monday to Friday (IST, UTC+5:30).' },
  {
    icon: 'bi-camera-video',
    title: 'A free call for projects',
    text: 'Business enquiries get a free 30-minute consultation to scope the idea, timeline and budget.',
  },
];

export default function ContactPage({ captcha }: { captcha?: (props: CaptchaSlotProps) => ReactNode } = {}) {
  usePageMeta('contact');
  const { data: site } = useSiteConfig();
  const email = useSupportEmail();

  return (
    <section className="section contact-page">
      <div className="container">
        <div className="row g-4 g-lg-5 align-items-start">
          <div className="col-12 col-lg-5">
            <p className="eyebrow mb-2">Contact</p>
            <h1 className="mb-3">Let&apos;s talk</h1>
            <p className="lead text-body-secondary mb-4">
              A question about a course, a certificate or your account? An idea for a web app, an API or an AI feature? Send us a note and a real person will
              get back to you.
            </p>

            <ul className="list-unstyled contact-channels mb-4">
              {email && (
                <li>
                  <span className="contact-icon" aria-hidden="true">
                    <i className="bi bi-envelope" />
                  </span>
                  <div>
                    <span className="d-block small text-body-secondary">Email us directly</span>
                    <a href={`mailto:${email}`} className="fw-semibold">
                      {email}
                    </a>
                  </div>
                </li>
              )}
              <li>
                <span className="contact-icon" aria-hidden="true">
                  <i className="bi bi-stopwatch" />
                </span>
                <div>
                  <span className="d-block small text-body-secondary">Response time</span>
                  <span className="fw-semibold">Within one business day</span>
                </div>
              </li>
              {site?.community_url && (
                <li>
                  <span className="contact-icon" aria-hidden="true">
                    <i className="bi bi-discord" />
                  </span>
                  <div>
                    <span className="d-block small text-body-secondary">Quick questions from students</span>
                    <a href={site.community_url} target="_blank" rel="noopener noreferrer" className="fw-semibold">
                      Ask in the community
                    </a>
                  </div>
                </li>
              )}
            </ul>

            <h2 className="h5 mb-3">What to expect</h2>
            <ol className="list-unstyled contact-expect mb-4">
              {expectations.map((item) => (
                <li key={item.title}>
                  <i className={`bi ${item.icon}`} aria-hidden="true" />
                  <div>
                    <span className="fw-semibold d-block">{item.title}</span>
                    <span className="small text-body-secondary">{item.text}</span>
                  </div>
                </li>
              ))}
            </ol>
            <p className="small text-body-secondary mb-0">
              Planning a project? See what we build on the{' '}
              <Link to="/services" className="text-decoration-underline">
                services page
              </Link>
              .
            </p>
          </div>

          <div className="col-12 col-lg-7">
            <div className="card contact-card shadow-sm">
              <div className="card-body p-4 p-md-5">
                <h2 className="h4 mb-1">Send us a message</h2>
                <p className="text-body-secondary small mb-4">All fields are required.</p>
                <ContactForm captcha={captcha} />
              </div>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
