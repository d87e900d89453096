import { SectionHeading } from '../../components/SectionHeading';
import { usePageMeta } from '../../lib/usePageMeta';
import { ClientReviews } from './ClientReviews';
import { ServicesHero } from './ServicesHero';
import { Achievements, Industries, ProcessSteps, Section, ServiceCards, ServicesCallToAction, Technologies, TrustedBy, WhyUs } from './ServiceSections';
import './services.scss';

export default function ServicesPage() {
  usePageMeta('services');
  return (
    <div className="services-page">
      <ServicesHero />
      <section className="section services-section" id="services" aria-labelledby="services-title">
        <div className="container">
          <SectionHeading
            id="services-title"
            eyebrow="What we build"
            title="Services for every stage of your product"
            subtitle="From a first prototype to keeping a busy platform healthy, pick one service or let us handle the whole thing."
          />
          <ServiceCards />
        </div>
      </section>
      <Section
        soft
        id="process-title"
        eyebrow="How we work"
        title="A simple, transparent process"
        subtitle="Five steps from first call to a product your customers use every day."
      >
        <ProcessSteps />
      </Section>
      <Section
        id="industries-title"
        eyebrow="Industries"
        title="Experience across industries"
        subtitle="We learn your domain quickly because we have shipped software in it before."
      >
        <Industries />
      </Section>
      <TrustedBy />
      <WhyUs />
      <Section
        soft
        id="reviews-title"
        eyebrow="Client stories"
        title="What our clients say"
        subtitle="Real feedback from founders and teams we have built software with."
      >
        <ClientReviews />
      </Section>
      <Section
        id="tech-title"
        eyebrow="Technology"
        title="Proven tools, chosen for your project"
        subtitle="Mature, well-supported technology that is easy to hire for and cheap to run."
      >
        <Technologies />
      </Section>
      <Achievements />
      <ServicesCallToAction />
    </div>
  );
}
