import { Link } from 'react-router';
import type { MembershipPlan } from '../../../shared/catalog';
import { formatPrice } from '../../../shared/money';
import { subscriptionMessages } from '../../../shared/subscription-messages';
import { percentOff } from '../../../shared/pricing';
import { useHydrated } from '../../lib/hydrated';

const period: Record<MembershipPlan['plan_type'], string> = { monthly: '/month', yearly: '/year', lifetime: 'one-time' };

/** Percent saved against the regular price, rounded; 0 when there is no discount. */
export function savingPercent(plan: MembershipPlan): number {
  return percentOff(plan.country_price.amount, plan.country_price.regular_amount);
}

function billing(plan: MembershipPlan): string {
  const currency = plan.country_price.currency.toUpperCase();
  if (plan.plan_type === 'lifetime') return `One payment in ${currency}, no renewals`;
  return `Billed ${plan.plan_type} in ${currency}, cancel any time`;
}

function ctaLabel(plan: MembershipPlan): string {
  if (plan.plan_type === 'lifetime') {
    const saving = savingPercent(plan);
    return saving > 0 ? `Get Lifetime Access (Save ${saving}%)` : 'Get Lifetime Access';
  }
  return plan.plan_type === 'yearly' ? 'Subscribe Yearly' : 'Subscribe Monthly';
}

export interface PlanCardProps {
  plan: MembershipPlan;
  featured?: boolean;
  badge?: string | undefined;
  /** The viewer's membership is current: the button reads 'Already Subscribed' and is disabled. */
  subscribed?: boolean;
  /** A member on another plan: the button leads to the subscription page's plan change (Stripe's proration, the lifetime upgrade). */
  changeable?: boolean;
  onChoose: (plan: MembershipPlan) => void;
}

/** One membership plan: name, price (intro price with the regular one struck through), description, features and its button. */
export function PlanCard({ plan, featured = false, badge, subscribed = false, changeable = false, onChoose }: PlanCardProps) {
  const price = plan.country_price;
  const discounted = price.regular_amount > price.amount;
  const headingId = `plan-${plan.id}-name`;
  const hydrated = useHydrated();
  return (
    <article className={`card plan-card h-100 ${featured ? 'plan-card-featured' : ''}`} aria-labelledby={headingId}>
      {badge && <span className="plan-badge">{badge}</span>}
      <div className="card-body d-flex flex-column">
        <h3 id={headingId} className="h5 mb-1">
          {plan.name}
        </h3>
        <p className="text-body-secondary small mb-4">{plan.subscription_data.description}</p>
        <div className="plan-price mb-1">
          <span className="plan-amount">{formatPrice(price.amount, price.symbol, price.currency)}</span>
          <span className="plan-period">{period[plan.plan_type]}</span>
          {discounted && (
            <s className="plan-regular" aria-label={`Regular price ${formatPrice(price.regular_amount, price.symbol, price.currency)}`}>
              {formatPrice(price.regular_amount, price.symbol, price.currency)}
            </s>
          )}
        </div>
        {discounted && (
          <p className="plan-note small mb-1">
            <i className="bi bi-graph-up-arrow me-1" aria-hidden="true" />
            Intro price: {subscriptionMessages.willIncrease}
          </p>
        )}
        <p className="small text-body-secondary mb-4">{billing(plan)}</p>
        <ul className="list-unstyled plan-features mb-4">
          {plan.subscription_data.features.map((feature) => (
            <li key={feature}>
              <i className="bi bi-check-circle-fill" aria-hidden="true" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        {changeable ? (
          <Link
            to="/subscription#change-plan"
            className={`btn btn-lg w-100 mt-auto ${featured ? 'btn-accent' : 'btn-primary'}`}
            data-plan-type={plan.plan_type}
          >
            {plan.plan_type === 'lifetime' ? 'Upgrade to Lifetime' : `Switch to ${plan.plan_type === 'yearly' ? 'Yearly' : 'Monthly'}`}
          </Link>
        ) : (
          <button
            type="button"
            className={`btn btn-lg w-100 mt-auto ${featured ? 'btn-accent' : 'btn-primary'}`}
            disabled={subscribed || !hydrated}
            onClick={() => onChoose(plan)}
            data-plan-type={plan.plan_type}
          >
            {subscribed ? (
              <>
                <i className="bi bi-check2-circle me-2" aria-hidden="true" />
                {subscriptionMessages.alreadySubscribed}
              </>
            ) : (
              ctaLabel(plan)
            )}
          </button>
        )}
      </div>
    </article>
  );
}

export function PlanCardSkeleton() {
  return (
    <div className="card plan-card h-100" aria-hidden="true">
      <div className="card-body">
        <div className="skeleton skeleton-text w-50 mb-2" />
        <div className="skeleton skeleton-text w-75 mb-4" />
        <div className="skeleton mb-4" style={{ height: '2.5rem', width: '60%' }} />
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="skeleton skeleton-text w-100 mb-3" />
        ))}
        <div className="skeleton mt-4" style={{ height: '3rem' }} />
      </div>
    </div>
  );
}
