import { SectionHeading } from '../../components/SectionHeading';
import { usePageMeta } from '../../lib/usePageMeta';
import { Plans } from './Plans';
import { useScrollToPlansOnArrival } from './scrollToPlans';
import { SubscribeHero } from './SubscribeHero';
import { JourneySection, MasterySection } from './SubscribeSections';
import './subscribe.scss';

export default function SubscribePage() {
  usePageMeta('subscribe');
  useScrollToPlansOnArrival();

  return (
    <div className="subscribe-page">
      <SubscribeHero />
      <section className="section section-soft plans-section" id="plans" aria-labelledby="plans-title">
        <div className="container">
          <SectionHeading id="plans-title" eyebrow="Pricing" title="Choose your plan" subtitle="Same courses on every plan. Pick how you would like to pay." />
          <Plans />
        </div>
      </section>

      <JourneySection />
      <MasterySection />
    </div>
  );
}
