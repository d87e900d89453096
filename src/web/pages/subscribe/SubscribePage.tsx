import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { MembershipPlan } from '../../../shared/catalog';
import { subscriptionMessages as m } from '../../../shared/subscription-messages';
import { parseVideoUrl } from '../../../shared/video';
import { useCourse, useCourses, useMembershipPlans } from '../../api/catalog';
import { useSubscriptionDetail } from '../../api/subscriptions';
import { LoginModal } from '../../components/LoginModal';
import { EmptyState, ErrorState } from '../../components/States';
import { useIsLoggedIn } from '../../lib/auth';
import { isLoggedIn } from '../../lib/storage';
import { usePageMeta } from '../../lib/usePageMeta';
import { MembershipCheckout } from './MembershipCheckout';
import { PlanCard, PlanCardSkeleton } from './PlanCard';
import './subscribe.scss';

/** Spec section 9: scroll to the plans after 300 ms, clean the address after 800 ms. */
export const SCROLL_TO_PLANS_DELAY_MS = 300;
export const CLEAN_ADDRESS_DELAY_MS = 800;

/** Shown when no paid course has a YouTube promo. */
const FALLBACK_VIDEO = 'https://www.youtube.com/watch?v=F5mRW0jo-U4';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function scrollToPlans() {
  document.getElementById('plans')?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
}

/** The promo of the first paid course (YouTube or Vimeo), else a standing preview. */
function usePreviewVideo(): { src: string | null; title: string } {
  const courses = useCourses();
  const firstPaid = courses.data?.find((c) => c.course_type === 'paid');
  const detail = useCourse(firstPaid?.slug);
  const settled = courses.isError || (courses.isSuccess && (!firstPaid || detail.isSuccess || detail.isError));
  if (!settled) return { src: null, title: '' };
  const video = parseVideoUrl(detail.data?.promo_video) ?? parseVideoUrl(FALLBACK_VIDEO);
  return { src: video?.embedUrl ?? null, title: firstPaid?.title ?? 'a Lectern course' };
}

/** ?scrollTo=plans or #plans: scroll to the plans, then clean the address. */
function useScrollToPlansOnArrival() {
  const [params] = useSearchParams();
  const { hash, pathname } = useLocation();
  const navigate = useNavigate();
  const wanted = params.get('scrollTo') === 'plans' || hash === '#plans';

  useEffect(() => {
    if (!wanted) return;
    const scroll = window.setTimeout(scrollToPlans, SCROLL_TO_PLANS_DELAY_MS);
    const clean = window.setTimeout(() => {
      void navigate({ pathname, search: '', hash: '' }, { replace: true, preventScrollReset: true });
    }, CLEAN_ADDRESS_DELAY_MS);
    return () => {
      window.clearTimeout(scroll);
      window.clearTimeout(clean);
    };
  }, [wanted, pathname, navigate]);
}

function PreviewVideo() {
  const video = usePreviewVideo();
  return (
    <div className="subscribe-video">
      <div className="ratio ratio-16x9">
        {video.src ? (
          <iframe
            src={video.src}
            title={`Course preview: ${video.title}`}
            loading="lazy"
            allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        ) : (
          <div className="skeleton" aria-hidden="true" />
        )}
      </div>
    </div>
  );
}

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

function Plans() {
  const { data, isPending, isError, refetch } = useMembershipPlans();
  const loggedIn = useIsLoggedIn();
  const detail = useSubscriptionDetail();
  const subscribed = loggedIn && detail.data?.is_active === true;
  const [params] = useSearchParams();
  const [billing, setBilling] = useState<Billing>('monthly');
  const [loginFor, setLoginFor] = useState<MembershipPlan | null>(null);
  const [paying, setPaying] = useState<MembershipPlan | null>(null);
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
                <input type="radio" name="billing" value={value} className="billing-input" checked={billing === value} onChange={() => setBilling(value)} />
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
            <PlanCard plan={recurring} badge={recurring.plan_type === 'yearly' ? m.yearlySave : undefined} subscribed={subscribed} onChoose={choose} />
          </div>
        )}
        {lifetime && (
          <div className="col-12 col-md-6 col-lg-5">
            <PlanCard plan={lifetime} featured badge="Best value" subscribed={subscribed} onChoose={choose} />
          </div>
        )}
      </div>
      <p className="text-center small text-body-secondary mt-4 mb-0">
        <i className="bi bi-shield-check me-1" aria-hidden="true" />
        Access starts right after payment. Cancel any time. 30-day money-back guarantee.
      </p>
      <LoginModal
        show={loginFor !== null}
        title="Log in to subscribe"
        onHide={() => {
          setLoginFor(null);
          forgetChosenPlan();
        }}
      />
      <MembershipCheckout plan={paying} onClose={() => setPaying(null)} onFailed={() => setFailed(true)} />
    </>
  );
}

/** 'Subscribe Now' scrolls to the plans; a current member sees 'Already Subscribed', disabled. */
function HeroButton() {
  const loggedIn = useIsLoggedIn();
  const detail = useSubscriptionDetail();
  if (loggedIn && detail.data?.is_active)
    return (
      <button type="button" className="btn btn-accent btn-lg" disabled>
        <i className="bi bi-check2-circle me-2" aria-hidden="true" />
        {m.alreadySubscribed}
      </button>
    );
  return (
    <button type="button" className="btn btn-accent btn-lg" onClick={scrollToPlans}>
      {m.subscribeNow}
      <i className="bi bi-arrow-down ms-2" aria-hidden="true" />
    </button>
  );
}

const journey = [
  { icon: 'bi-play-btn', title: 'Learn', text: 'Short, focused video lessons that explain the why as well as the how, at your own pace.' },
  { icon: 'bi-terminal', title: 'Practice', text: 'Build real projects step by step, with source code and resources for every lesson.' },
  { icon: 'bi-rocket-takeoff', title: 'Deploy', text: 'Put your work online, add it to your portfolio and earn a pre-experience letter.' },
];

const stats = [
  { value: '75k+', label: 'Students' },
  { value: '10+', label: 'Courses' },
  { value: '100+', label: 'Hours of content' },
  { value: '4.9', label: 'Average rating' },
  { value: '95%', label: 'Success rate' },
];

const mastery = [
  {
    icon: 'bi-filetype-py',
    title: 'Python & Django back ends',
    points: ['Clean, tested Python', 'Django models, views and admin', 'Authentication and payments', 'PostgreSQL in production'],
  },
  {
    icon: 'bi-braces',
    title: 'REST APIs & modern front ends',
    points: ['Django REST Framework', 'JWT auth and permissions', 'React front ends that consume your API', 'Docs with OpenAPI'],
  },
  {
    icon: 'bi-robot',
    title: 'AI & machine learning apps',
    points: ['NumPy, pandas and scikit-learn', 'Training and evaluating models', 'LLM-powered features', 'Shipping models behind an API'],
  },
];

export default function SubscribePage() {
  usePageMeta('subscribe');
  useScrollToPlansOnArrival();

  return (
    <div className="subscribe-page">
      <section className="section subscribe-hero">
        <div className="container">
          <div className="row g-4 g-lg-5 align-items-center">
            <div className="col-12 col-lg-5">
              <p className="eyebrow mb-3">Lectern membership</p>
              <h1 className="mb-3">Every course. One membership.</h1>
              <p className="lead text-body-secondary mb-4">
                Get unlimited access to every premium project-based course, plus every new course we release while you are a member.
              </p>
              <HeroButton />
              <ul className="list-unstyled subscribe-perks mt-4 mb-0">
                <li>
                  <i className="bi bi-check2-circle" aria-hidden="true" /> All premium courses and future releases
                </li>
                <li>
                  <i className="bi bi-check2-circle" aria-hidden="true" /> Source code and resources for every project
                </li>
                <li>
                  <i className="bi bi-check2-circle" aria-hidden="true" /> Certificates of completion
                </li>
              </ul>
            </div>
            <div className="col-12 col-lg-7">
              <PreviewVideo />
            </div>
          </div>
        </div>
      </section>

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

      <section className="section" aria-labelledby="journey-title">
        <div className="container">
          <div className="text-center mx-auto mb-5" style={{ maxWidth: 640 }}>
            <p className="eyebrow mb-2">How it works</p>
            <h2 id="journey-title" className="section-title">
              Learn, practice, deploy
            </h2>
            <p className="section-subtitle mx-auto mb-0">Every course follows the same loop, so you finish with skills and a project, not just notes.</p>
          </div>
          <ol className="journey list-unstyled row g-4 mb-5">
            {journey.map((step, index) => (
              <li className="col-12 col-md-4" key={step.title}>
                <div className="journey-step h-100">
                  <span className="journey-icon" aria-hidden="true">
                    <i className={`bi ${step.icon}`} />
                  </span>
                  <h3 className="h5 mt-3 mb-2">
                    <span className="journey-index">{String(index + 1).padStart(2, '0')}</span> {step.title}
                  </h3>
                  <p className="text-body-secondary mb-0">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <ul className="subscribe-stats list-unstyled mb-0">
            {stats.map((stat) => (
              <li key={stat.label}>
                <strong>{stat.value}</strong>
                <span>{stat.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="master-title">
        <div className="container">
          <div className="text-center mx-auto mb-5" style={{ maxWidth: 640 }}>
            <p className="eyebrow mb-2">Curriculum</p>
            <h2 id="master-title" className="section-title">
              What You&apos;ll Master
            </h2>
            <p className="section-subtitle mx-auto mb-0">Three tracks that take you from fundamentals to production-ready software.</p>
          </div>
          <div className="row g-4">
            {mastery.map((track) => (
              <div className="col-12 col-md-4" key={track.title}>
                <article className="card master-card h-100">
                  <div className="card-body">
                    <span className="journey-icon" aria-hidden="true">
                      <i className={`bi ${track.icon}`} />
                    </span>
                    <h3 className="h5 mt-3 mb-3">{track.title}</h3>
                    <ul className="list-unstyled mb-0 master-points">
                      {track.points.map((point) => (
                        <li key={point}>
                          <i className="bi bi-check2" aria-hidden="true" />
                          {point}
                        </li>
                      ))}
                    </ul>
                  </div>
                </article>
              </div>
            ))}
          </div>
          <div className="text-center mt-5">
            <button type="button" className="btn btn-primary btn-lg" onClick={scrollToPlans}>
              See plans
            </button>
          </div>
        </div>
      </section>
    </div>
  );
}
