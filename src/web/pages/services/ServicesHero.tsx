import { Link } from 'react-router';
import { useHydrated } from '../../lib/hydrated';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Scrolls to a section and moves keyboard focus to its heading. */
function scrollToSection(id: string) {
  const section = document.getElementById(id);
  if (!section) return;
  section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}

function HeroPanel() {
  return (
    <div className="services-hero-panel" aria-hidden="true">
      <div className="panel-bar">
        <span />
        <span />
        <span />
        <code className="ms-2">deploy — acme-portal</code>
      </div>
      <pre className="panel-body mb-0">
        <code>
          <span className="t-muted">$</span> git push production main{'\n'}
          <span className="t-ok">✓</span> 412 tests passed <span className="t-muted">(38s)</span>
          {'\n'}
          <span className="t-ok">✓</span> Security checks clean{'\n'}
          <span className="t-ok">✓</span> Migrations applied: 3{'\n'}
          <span className="t-ok">✓</span> Released api.acme-portal.com{'\n'}
          <span className="t-info">→</span> p95 latency 84 ms · 0 errors
        </code>
      </pre>
      <div className="panel-stats">
        <div>
          <strong>99.98%</strong>
          <span>uptime</span>
        </div>
        <div>
          <strong>2 wk</strong>
          <span>sprints</span>
        </div>
        <div>
          <strong>24 h</strong>
          <span>response</span>
        </div>
      </div>
    </div>
  );
}

/** The page's first screen: what we build, the consultation call to action, and a deploy log as the picture. */
export function ServicesHero() {
  // 'Explore services' scrolls through React: disabled in the server's HTML until the page hydrates.
  const hydrated = useHydrated();
  return (
    <section className="services-hero section">
      <div className="container">
        <div className="row align-items-center g-4 g-lg-5">
          <div className="col-12 col-lg-6">
            <p className="eyebrow mb-3">Custom software development</p>
            <h1 className="mb-3">Software that runs your business, built by people who teach it</h1>
            <p className="lead text-body-secondary mb-4">
              We design, build and look after web applications, APIs, AI features and automations for startups and growing companies, with the same care we put
              into our courses.
            </p>
            <div className="d-flex flex-wrap gap-3">
              <Link to="/contact" className="btn btn-accent btn-lg">
                <i className="bi bi-calendar-check me-2" aria-hidden="true" />
                Free Consultation
              </Link>
              <button type="button" className="btn btn-outline-primary btn-lg" disabled={!hydrated} onClick={() => scrollToSection('services')}>
                Explore services
                <i className="bi bi-arrow-down ms-2" aria-hidden="true" />
              </button>
            </div>
            <ul className="list-inline small text-body-secondary mt-4 mb-0">
              <li className="list-inline-item me-3">
                <i className="bi bi-check2-circle text-success me-1" aria-hidden="true" />
                Fixed quotes
              </li>
              <li className="list-inline-item me-3">
                <i className="bi bi-check2-circle text-success me-1" aria-hidden="true" />
                You own the code
              </li>
              <li className="list-inline-item">
                <i className="bi bi-check2-circle text-success me-1" aria-hidden="true" />
                Reply within one business day
              </li>
            </ul>
          </div>
          <div className="col-12 col-lg-6">
            <HeroPanel />
          </div>
        </div>
      </div>
    </section>
  );
}
