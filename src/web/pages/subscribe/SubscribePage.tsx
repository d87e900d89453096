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
          <div className="text-center mx-auto mb-4" style={{ maxWidth: 640 }}>
            <p className="eyebrow mb-2">Pricing</p>
            <h2 id="plans-title" className="section-title">
              Choose your plan
            </h2>
            <p className="section-subtitle mx-auto mb-0">Same courses on every plan. Pick how you would like to pay.</p>
          </div>
          <Plans />
        </div>
      </section>

      <JourneySection />
      <MasterySection />
    </div>
  );
}
