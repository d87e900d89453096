import { Link } from 'react-router';
import { useClientReviews } from '../../api/catalog';
import { ErrorState } from '../../components/States';
import { usePageMeta } from '../../lib/usePageMeta';
import { ReviewCard, ReviewCardSkeleton } from '../../components/ReviewCard';
import { achievements, industries, processSteps, reasons, services, technologies, trustedBy } from './content';
import './services.scss';

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

function SectionHeading({ id, eyebrow, title, subtitle, center = true }: { id: string; eyebrow: string; title: string; subtitle?: string; center?: boolean }) {
  return (
    <div className={center ? 'text-center mx-auto services-heading' : 'services-heading'}>
      <p className="eyebrow mb-2">{eyebrow}</p>
      <h2 id={id} className="section-title" tabIndex={-1}>
        {title}
      </h2>
      {subtitle && <p className={`section-subtitle ${center ? 'mx-auto' : ''}`}>{subtitle}</p>}
    </div>
  );
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

function ClientReviews() {
  const { data, isPending, isError, refetch } = useClientReviews();
  const reviews = data?.results.slice(0, 6) ?? [];
  if (isPending) {
    return (
      <div className="row g-4" role="status" aria-label="Loading client reviews">
        {[0, 1, 2].map((i) => (
          <div className="col-12 col-md-6 col-lg-4" key={i}>
            <ReviewCardSkeleton />
          </div>
        ))}
      </div>
    );
  }
  if (isError) return <ErrorState message="Failed to load reviews. Please try again." onRetry={() => void refetch()} />;
  if (reviews.length === 0) {
    return <p className="text-center text-body-secondary">Client stories are on their way. Ask us for references on your discovery call.</p>;
  }
  return (
    <>
      <div className="row g-4">
        {reviews.map((review) => (
          <div className="col-12 col-md-6 col-lg-4" key={review.id}>
            <ReviewCard review={review} />
          </div>
        ))}
      </div>
      <div className="text-center mt-4">
        <Link to="/course-reviews" className="btn btn-outline-primary">
          Read all reviews
        </Link>
      </div>
    </>
  );
}

export default function ServicesPage() {
  usePageMeta('services');

  return (
    <div className="services-page">
      <section className="services-hero section">
        <div className="container">
          <div className="row align-items-center g-4 g-lg-5">
            <div className="col-12 col-lg-6">
              <p className="eyebrow mb-3">Custom software development</p>
              <h1 className="mb-3">Software that runs your business, built by people who teach it</h1>
              <p className="lead text-body-secondary mb-4">
                We design, build and look after web applications, APIs, AI features and automations for startups and growing companies, with the same care we
                put into our courses.
              </p>
              <div className="d-flex flex-wrap gap-3">
                <Link to="/contact" className="btn btn-accent btn-lg">
                  <i className="bi bi-calendar-check me-2" aria-hidden="true" />
                  Free Consultation
                </Link>
                <button type="button" className="btn btn-outline-primary btn-lg" onClick={() => scrollToSection('services')}>
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

      <section className="section services-section" id="services" aria-labelledby="services-title">
        <div className="container">
          <SectionHeading
            id="services-title"
            eyebrow="What we build"
            title="Services for every stage of your product"
            subtitle="From a first prototype to keeping a busy platform healthy, pick one service or let us handle the whole thing."
          />
          <div className="row g-4">
            {services.map((service) => (
              <div className="col-12 col-md-6 col-lg-4" key={service.title}>
                <article className="card service-card h-100">
                  <div className="card-body">
                    <span className="service-icon" aria-hidden="true">
                      <i className={`bi ${service.icon}`} />
                    </span>
                    <h3 className="h5 mt-3 mb-2">{service.title}</h3>
                    <p className="text-body-secondary mb-3">{service.text}</p>
                    <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
                      {service.tags.map((tag) => (
                        <li key={tag} className="badge rounded-pill service-tag">
                          {tag}
                        </li>
                      ))}
                    </ul>
                  </div>
                </article>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="process-title">
        <div className="container">
          <SectionHeading
            id="process-title"
            eyebrow="How we work"
            title="A simple, transparent process"
            subtitle="Five steps from first call to a product your customers use every day."
          />
          <ol className="process-list list-unstyled row g-4 mb-0">
            {processSteps.map((step, index) => (
              <li className="col-12 col-md-6 col-lg" key={step.title}>
                <div className="process-step h-100">
                  <span className="process-number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <i className={`bi ${step.icon} process-icon`} aria-hidden="true" />
                  <h3 className="h6 mt-3 mb-2">
                    <span className="visually-hidden">Step {index + 1}: </span>
                    {step.title}
                  </h3>
                  <p className="small text-body-secondary mb-0">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section" aria-labelledby="industries-title">
        <div className="container">
          <SectionHeading
            id="industries-title"
            eyebrow="Industries"
            title="Experience across industries"
            subtitle="We learn your domain quickly because we have shipped software in it before."
          />
          <div className="row g-3 g-md-4">
            {industries.map((industry) => (
              <div className="col-12 col-sm-6 col-lg-4" key={industry.title}>
                <div className="industry-card h-100">
                  <i className={`bi ${industry.icon}`} aria-hidden="true" />
                  <div>
                    <h3 className="h6 mb-1">{industry.title}</h3>
                    <p className="small text-body-secondary mb-0">{industry.text}</p>
                  </div>
                </div>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="section section-soft py-5" aria-labelledby="trusted-title">
        <div className="container">
          <h2 id="trusted-title" className="h6 text-center text-body-secondary text-uppercase fw-semibold mb-4 trusted-title">
            Trusted by growing businesses
          </h2>
          <ul className="list-unstyled row g-3 mb-0 justify-content-center">
            {trustedBy.map((brand) => (
              <li className="col-6 col-md-4 col-lg-2" key={brand.name}>
                <div className={`wordmark ${brand.style}`} role="img" aria-label={brand.name}>
                  <i className={`bi ${brand.icon}`} aria-hidden="true" />
                  <span aria-hidden="true">
                    {brand.short}
                    {brand.sub && <small>{brand.sub}</small>}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="why-title">
        <div className="container">
          <div className="row g-4 g-lg-5 align-items-center">
            <div className="col-12 col-lg-5">
              <SectionHeading
                id="why-title"
                eyebrow="Why choose us"
                title="A partner, not just a vendor"
                subtitle="We have taught tens of thousands of developers how to build software properly. We hold our own projects to the same standard."
                center={false}
              />
              <Link to="/contact" className="btn btn-primary">
                Talk to an engineer
              </Link>
            </div>
            <div className="col-12 col-lg-7">
              <div className="row g-4">
                {reasons.map((reason) => (
                  <div className="col-12 col-sm-6" key={reason.title}>
                    <div className="reason-card h-100">
                      <span className="service-icon service-icon-sm" aria-hidden="true">
                        <i className={`bi ${reason.icon}`} />
                      </span>
                      <h3 className="h6 mt-3 mb-2">{reason.title}</h3>
                      <p className="small text-body-secondary mb-0">{reason.text}</p>
                    </div>
                  </div>
                ))}
              </div>
            </div>
          </div>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="reviews-title">
        <div className="container">
          <SectionHeading
            id="reviews-title"
            eyebrow="Client stories"
            title="What our clients say"
            subtitle="Real feedback from founders and teams we have built software with."
          />
          <ClientReviews />
        </div>
      </section>

      <section className="section" aria-labelledby="tech-title">
        <div className="container">
          <SectionHeading
            id="tech-title"
            eyebrow="Technology"
            title="Proven tools, chosen for your project"
            subtitle="Mature, well-supported technology that is easy to hire for and cheap to run."
          />
          <ul className="tech-pills list-unstyled d-flex flex-wrap justify-content-center gap-2 gap-md-3 mb-0 mx-auto">
            {technologies.map((tech) => (
              <li key={tech} className="tech-pill">
                {tech}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="services-achievements" aria-labelledby="achievements-title">
        <div className="container">
          <h2 id="achievements-title" className="visually-hidden">
            Our track record
          </h2>
          <ul className="list-unstyled row g-4 mb-0 text-center">
            {achievements.map((item) => (
              <li className="col-6 col-lg-3" key={item.label}>
                <i className={`bi ${item.icon} achievement-icon`} aria-hidden="true" />
                <strong className="achievement-value d-block mb-1">{item.value}</strong>
                <span className="achievement-label d-block">{item.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="cta-title">
        <div className="container">
          <div className="services-cta text-center">
            <h2 id="cta-title" className="mb-3">
              Have an idea? Let&apos;s make it real.
            </h2>
            <p className="mb-4 mx-auto">
              Tell us what you want to build. In a free 30-minute call we will suggest an approach, a timeline and a budget range. No obligation.
            </p>
            <div className="d-flex flex-wrap justify-content-center gap-3">
              <Link to="/contact" className="btn btn-accent btn-lg">
                Book a free consultation
              </Link>
              <Link to="/contact" className="btn btn-outline-light btn-lg">
                Send us your project details
              </Link>
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}
