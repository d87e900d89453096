import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Breadcrumb } from '../../components/Breadcrumb';
import './legal.scss';

/** Spec: the legal pages take effect on 31-03-2020 and are governed by the laws of India. */
export const EFFECTIVE_DATE = '31-03-2020';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export function EmailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}

/** Where to write: "at {address}", or "through our contact form" when the site has no support address. */
export function ReachUs({ email }: { email: string | undefined }) {
  return email ? (
    <>
      at <EmailLink email={email} />
    </>
  ) : (
    <>
      through our <Link to="/contact">contact form</Link>
    </>
  );
}

/** "Email us at {address} or use our contact form." or, with no support address, "Use our contact form." */
export function EmailOrForm({ email }: { email: string | undefined }) {
  return email ? (
    <>
      Email us at <EmailLink email={email} /> or use our <Link to="/contact">contact form</Link>.
    </>
  ) : (
    <>
      Use our <Link to="/contact">contact form</Link>.
    </>
  );
}

const related = [
  { to: '/terms-and-conditions', label: 'Terms and Conditions' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/cancellation-refund-policy', label: 'Cancellation & Refund Policy' },
];

/** A legal document: title, effective date, a table of contents and numbered sections. */
export function LegalLayout({ title, intro, sections, current }: { title: string; intro: ReactNode; sections: LegalSection[]; current: string }) {
  return (
    <div className="legal-page">
      <header className="legal-header">
        <div className="container">
          <Breadcrumb trail={[{ label: 'Home', to: '/' }]} current={title} className="small mb-3" />
          <h1 className="mb-2">{title}</h1>
          <p className="text-body-secondary mb-0">
            <i className="bi bi-calendar3 me-2" aria-hidden="true" />
            Effective date: <time dateTime="2020-03-31">{EFFECTIVE_DATE}</time>
          </p>
        </div>
      </header>

      <div className="container section pt-5">
        <div className="row g-4 g-lg-5">
          <aside className="col-12 col-lg-3">
            <nav className="legal-toc" aria-labelledby="legal-toc-title">
              <h2 id="legal-toc-title" className="legal-toc-title">
                On this page
              </h2>
              <ol className="list-unstyled mb-0">
                {sections.map((section, index) => (
                  <li key={section.id}>
                    <a href={`#${section.id}`}>
                      <span className="legal-toc-num">{index + 1}.</span> {section.title}
                    </a>
                  </li>
                ))}
              </ol>
              <h2 className="legal-toc-title mt-4">Related policies</h2>
              <ul className="list-unstyled mb-0">
                {related
                  .filter((r) => r.to !== current)
                  .map((r) => (
                    <li key={r.to}>
                      <Link to={r.to}>{r.label}</Link>
                    </li>
                  ))}
              </ul>
            </nav>
          </aside>

          <article className="col-12 col-lg-9 prose legal-body">
            <div className="legal-intro">{intro}</div>
            {sections.map((section, index) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
                <h2 id={`${section.id}-title`} className="h4">
                  {index + 1}. {section.title}
                </h2>
                {section.body}
              </section>
            ))}
          </article>
        </div>
      </div>
    </div>
  );
}
