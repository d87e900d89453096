import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { MembershipPlan } from '../../../shared/catalog';
import { subscriptionMessages as m } from '../../../shared/subscription-messages';
import { useMembershipPlans } from '../../api/catalog';
import { useIsMember, useSubscriptionDetail } from '../../api/subscriptions';
import { EmptyState, ErrorState } from '../../components/States';
import { useIsLoggedIn } from '../../lib/auth';
import { useHydrated } from '../../lib/hydrated';
import { isLoggedIn } from '../../lib/storage';
import { useOpenedOnce } from '../../lib/useOpenedOnce';
import { PlanCard, PlanCardSkeleton } from './PlanCard';

// The sign-in and payment dialogs load when first opened: their forms, schemas and providers stay out of the page's first load.
const LoginModal = lazy(() => import('../../components/LoginModal').then((m) => ({ default: m.LoginModal })));
const MembershipCheckout = lazy(() => import('./MembershipCheckout').then((m) => ({ default: m.MembershipCheckout })));

type Billing = 'monthly' | 'yearly';

/** Session storage: the plan a visitor chose before logging in through the modal (the page reloads after the login). */
const CHOSEN_PLAN_KEY = 'subscribePlan';

function readChosenPlan(): number | null {
  try {
    const value = Number(window.sessionStorage.getItem(CHOSEN_PLAN_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function forgetChosenPlan() {
  try {
    window.sessionStorage.removeItem(CHOSEN_PLAN_KEY);
  } catch {
    // nothing stored
  }
}

function rememberChosenPlan(plan: MembershipPlan) {
  try {
    window.sessionStorage.setItem(CHOSEN_PLAN_KEY, String(plan.id));
  } catch {
    // without storage the member chooses again after the reload
  }
}

/**
 * The plan chosen before the login modal, when this page was loaded signed in (after the modal's
 * reload). Read in an effect from storage itself: a server-rendered page hydrates as the server saw
 * it, signed out (useIsLoggedIn's server snapshot), so the first render cannot tell. And read only
 * once, at load: the page the visitor logs in on reloads, and must leave the plan to the next one.
 */
function useResumePlan(): number | null {
  const [plan, setPlan] = useState<number | null>(null);
  useEffect(() => {
    if (isLoggedIn()) setPlan(readChosenPlan());
  }, []);
  return plan;
}

/** The plans with the billing toggle; choosing one logs the visitor in first, then opens the payment overlay. */
export function Plans() {
  const { data, isPending, isError, refetch } = useMembershipPlans();
  const loggedIn = useIsLoggedIn();
  const detail = useSubscriptionDetail();
  const subscribed = useIsMember();
  // A member may move to another plan (from /subscription): only their own plan, or every plan for a lifetime member, reads 'Already Subscribed'.
  const ownPlan = (plan: MembershipPlan) => !subscribed || detail.data?.plan_type === plan.plan_type || detail.data?.plan_type === 'lifetime';
  const [params] = useSearchParams();
  const [billing, setBilling] = useState<Billing>('monthly');
  const hydrated = useHydrated();
  const [loginFor, setLoginFor] = useState<MembershipPlan | null>(null);
  const [paying, setPaying] = useState<MembershipPlan | null>(null);
  const loginOpened = useOpenedOnce(loginFor !== null);
  const payingOpened = useOpenedOnce(paying !== null);
  // A declined card at the provider comes back with ?payment=failed (the address is cleaned right after).
  const [failed, setFailed] = useState(() => params.get('payment') === 'failed');

  const resumePlan = useResumePlan();

  // Back from the login modal's reload: the plan chosen before goes straight to the payment overlay,
  // once the member's status is known (a member whose membership is active is not asked to pay).
  useEffect(() => {
    if (!resumePlan || !data || !detail.isFetched) return;
    forgetChosenPlan();
    const plan = data.find((p) => p.id === resumePlan);
    if (plan && !detail.data?.is_active) {
      if (plan.plan_type === 'yearly') setBilling('yearly');
      setPaying(plan);
    }
  }, [resumePlan, data, detail.isFetched, detail.data?.is_active]);

  const choose = (plan: MembershipPlan) => {
    setFailed(false);
    if (!loggedIn) {
      rememberChosenPlan(plan);
      setLoginFor(plan);
      return;
    }
    setPaying(plan);
  };
  const plans = data ?? [];
  const byType = (type: MembershipPlan['plan_type']) => plans.find((p) => p.plan_type === type);
  const monthly = byType('monthly');
  const yearly = byType('yearly');
  const lifetime = byType('lifetime');
  const recurring = billing === 'yearly' ? (yearly ?? monthly) : (monthly ?? yearly);

  if (isPending) {
    return (
      <div className="row g-4 justify-content-center" role="status" aria-label="Loading plans">
        {[0, 1].map((i) => (
          <div className="col-12 col-md-6 col-lg-5" key={i}>
            <PlanCardSkeleton />
          </div>
        ))}
      </div>
    );
  }
  if (isError) return <ErrorState message="Failed to load plans. Please try again." onRetry={() => void refetch()} />;
  if (!recurring && !lifetime)
    return (
      <EmptyState
        message="Membership plans are on their way. Meanwhile, every course can be bought on its own."
        action={{ to: '/courses', label: 'Browse courses' }}
      />
    );

  return (
    <>
      {failed && (
        <div className="alert alert-danger d-flex align-items-center gap-2 mx-auto mb-4" role="alert" style={{ maxWidth: 640 }}>
          <i className="bi bi-exclamation-octagon" aria-hidden="true" />
          {m.paymentFailed}
        </div>
      )}
      {subscribed && (
        <div className="alert alert-success d-flex flex-wrap align-items-center gap-2 mx-auto mb-4" role="status" style={{ maxWidth: 640 }}>
          <i className="bi bi-patch-check" aria-hidden="true" />
          <span className="me-auto">You are a member: every course is open to you.</span>
          <Link to="/subscription" className="alert-link">
            Manage subscription
          </Link>
        </div>
      )}
      {monthly && yearly && (
        <div className="d-flex justify-content-center mb-4">
          <div className="billing-toggle" role="radiogroup" aria-label="Billing period">
            {(['monthly', 'yearly'] as const).map((value) => (
              <label key={value} className={`billing-option ${billing === value ? 'is-active' : ''}`}>
                <input
                  type="radio"
                  name="billing"
                  value={value}
                  className="billing-input"
                  checked={billing === value}
                  // Switched on the server's HTML, the radio would be set back to monthly by hydration: it waits for it.
                  disabled={!hydrated}
                  onChange={() => setBilling(value)}
                />
                {value === 'monthly' ? 'Monthly' : 'Yearly'}
                {value === 'yearly' && <span className="billing-save">{m.yearlySave}</span>}
              </label>
            ))}
          </div>
        </div>
      )}
      <div className="row g-4 justify-content-center">
        {recurring && (
          <div className="col-12 col-md-6 col-lg-5">
            <PlanCard
              plan={recurring}
              badge={recurring.plan_type === 'yearly' ? m.yearlySave : undefined}
              subscribed={subscribed && ownPlan(recurring)}
              changeable={subscribed && !ownPlan(recurring)}
              onChoose={choose}
            />
          </div>
        )}
        {lifetime && (
          <div className="col-12 col-md-6 col-lg-5">
            <PlanCard
              plan={lifetime}
              featured
              badge="Best value"
              subscribed={subscribed && ownPlan(lifetime)}
              changeable={subscribed && !ownPlan(lifetime)}
              onChoose={choose}
            />
          </div>
        )}
      </div>
      <p className="text-center small text-body-secondary mt-4 mb-0">
        <i className="bi bi-shield-check me-1" aria-hidden="true" />
        Access starts right after payment. Cancel any time. 30-day money-back guarantee.
      </p>
      <Suspense fallback={null}>
        {loginOpened && (
          <LoginModal
            show={loginFor !== null}
            title="Log in to subscribe"
            onHide={() => {
              setLoginFor(null);
              forgetChosenPlan();
            }}
          />
        )}
        {payingOpened && <MembershipCheckout plan={paying} onClose={() => setPaying(null)} onFailed={() => setFailed(true)} />}
      </Suspense>
    </>
  );
}
