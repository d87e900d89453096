import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SectionHeading } from '../../components/SectionHeading';
import { achievements, industries, processSteps, reasons, services, technologies, trustedBy } from './content';

/** A page section under its heading; `soft` gives it the tinted background. */
export function Section({
  soft = false,
  children,
  ...heading
}: {
  id: string;
  eyebrow: string;
  title: string;
  subtitle: string;
  soft?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={soft ? 'section section-soft' : 'section'} aria-labelledby={heading.id}>
      <div className="container">
        <SectionHeading {...heading} />
        {children}
      </div>
    </section>
  );
}

export function ServiceCards() {
  return (
    <div className="row g-4">
      {services.map((service) => (
        <div className="col-12 col-md-6 col-lg-4" key={service.title}>
          <article className="card service-card h-100">
            <div className="card-body">
              <span className="icon-tile" aria-hidden="true">
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
  );
}

export function ProcessSteps() {
  return (
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
  );
}

export function Industries() {
  return (
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
  );
}

export function TrustedBy() {
  return (
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
  );
}

export function WhyUs() {
  return (
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
                    <span className="icon-tile icon-tile-sm" aria-hidden="true">
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
  );
}

export function Technologies() {
  return (
    <ul className="tech-pills list-unstyled d-flex flex-wrap justify-content-center gap-2 gap-md-3 mb-0 mx-auto">
      {technologies.map((tech) => (
        <li key={tech} className="tech-pill">
          {tech}
        </li>
      ))}
    </ul>
  );
}

export function Achievements() {
  return (
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
  );
}

export function ServicesCallToAction() {
  return (
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
  );
}
