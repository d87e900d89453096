import { useState } from 'react';
import { Link } from 'react-router';
import type { CourseListItem } from '../../../shared/catalog';
import { subscriptionMessages as m, type SubscriptionDetail } from '../../../shared/subscriptions';
import { ApiError } from '../../api/client';
import { formatOrderDate } from '../../api/orders';
import { useMembershipPlans } from '../../api/catalog';
import {
  membershipMethodLabel,
  subscriptionErrorText,
  useCancelSubscription,
  useChangePlan,
  usePaymentMethodPage,
  usePlanChanges,
  useResumeSubscription,
  useSubscriptionCourses,
  useSubscriptionDetail,
  type PlanChanges,
} from '../../api/subscriptions';
import { SubmitButton } from '../../components/form/SubmitButton';
import { SearchBox } from '../../components/SearchBox';
import { MembershipCheckout } from '../subscribe/MembershipCheckout';
import { EmptyState } from '../../components/States';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { usePageMeta } from '../../lib/usePageMeta';
import './subscription.scss';

const statusTone: Record<string, string> = { Active: 'text-bg-success', Cancelled: 'text-bg-danger', Inactive: 'text-bg-secondary' };

function detailErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body as { message?: unknown } | null;
    if (typeof body?.message === 'string' && body.message) return body.message;
  }
  return m.detailFailed;
}

function cancelErrorText(error: unknown): string {
  return subscriptionErrorText(error) ?? m.cancelFailed;
}

function CardSkeleton() {
  return (
    <div className="card subscription-card" aria-hidden="true">
      <div className="card-body p-4">
        <div className="skeleton skeleton-text w-50 mb-4" />
        <div className="row g-3">
          {[0, 1, 2, 3].map((i) => (
            <div className="col-6 col-md-3" key={i}>
              <div className="skeleton skeleton-text w-75 mb-2" />
              <div className="skeleton skeleton-text w-50" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** The badge: the spec's Active / Cancelled / Inactive, except a failed renewal, which says so. */
function badgeOf(detail: SubscriptionDetail): { label: string; tone: string } {
  if (detail.state === 'retrying') return { label: 'Payment failed — retrying', tone: 'text-bg-warning' };
  const status = detail.status ?? (detail.is_active ? 'Active' : 'Inactive');
  return { label: status, tone: statusTone[status] ?? 'text-bg-light border' };
}

/** The date fact: every date comes from the server's one rule (state, paid_through, grace_until, ended_on). */
function dateFact(detail: SubscriptionDetail): { label: string; value: string } {
  if (detail.state === 'ended' && detail.ended_on) return { label: 'Ended on', value: formatOrderDate(detail.ended_on) };
  if (detail.state === 'retrying') return { label: 'Paid through', value: detail.paid_through ? formatOrderDate(detail.paid_through) : '—' };
  return { label: 'End date', value: detail.end_date ? formatOrderDate(detail.end_date) : 'Lifetime' };
}

const providerName = (method: string | null) => (method === 'razorpay' ? 'Razorpay' : 'Stripe');

/** A membership the member still pays for (renewing, ending or retrying): its card can be updated. */
const paysByCard = (detail: SubscriptionDetail) =>
  (detail.state === 'renewing' || detail.state === 'ending' || detail.state === 'retrying') &&
  (detail.payment_method === 'stripe' || detail.payment_method === 'razorpay');

function SubscriptionCard({ detail }: { detail: SubscriptionDetail }) {
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const cardPage = usePaymentMethodPage();
  const onResume = () => {
    if (!detail.id) return;
    resume.mutate(detail.id, {
      onSuccess: (result) => window.alert(result.message),
      onError: (error) => window.alert(subscriptionErrorText(error) ?? m.cancelNotSuccessful),
    });
  };
  const onUpdateCard = () => {
    if (!detail.id) return;
    cardPage.mutate(detail.id, {
      onSuccess: (result) => window.location.assign(result.url),
      onError: (error) => window.alert(subscriptionErrorText(error) ?? m.cancelNotSuccessful),
    });
  };
  const badge = badgeOf(detail);
  const date = dateFact(detail);

  const onCancel = () => {
    if (!detail.id || !window.confirm(m.cancelConfirm)) return;
    cancel.mutate(detail.id, {
      onSuccess: (result) => window.alert(result.success ? result.message : m.cancelNotSuccessful),
      onError: (error) => window.alert(cancelErrorText(error)),
    });
  };

  return (
    <article className="card subscription-card" aria-labelledby="subscription-plan" data-testid="subscription-card">
      <div className="card-body p-4">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-4">
          <div className="d-flex align-items-center gap-3">
            <span className="subscription-icon" aria-hidden="true">
              <i className="bi bi-gem" />
            </span>
            <div>
              <p className="small text-body-secondary mb-0">Current plan</p>
              <h2 id="subscription-plan" className="h5 mb-0">
                {detail.name}
              </h2>
            </div>
          </div>
          <span className={`badge rounded-pill fs-6 text-wrap ${badge.tone}`} data-testid="subscription-status">
            {badge.label}
          </span>
        </div>

        <dl className="subscription-facts">
          <div>
            <dt>Payment method</dt>
            <dd>{membershipMethodLabel(detail.payment_method)}</dd>
          </div>
          <div>
            <dt>Start date</dt>
            <dd>{detail.start_date ? formatOrderDate(detail.start_date) : '—'}</dd>
          </div>
          <div>
            <dt data-testid="subscription-end-label">{date.label}</dt>
            <dd data-testid="subscription-end">{date.value}</dd>
          </div>
          <div>
            <dt>Auto renew</dt>
            <dd data-testid="subscription-auto-renew">{detail.auto_renew ? 'Enabled' : 'Disabled'}</dd>
          </div>
        </dl>

        {detail.state === 'retrying' && detail.grace_until && (
          <div className="alert alert-warning small d-flex gap-2 mb-3" role="status" data-testid="subscription-retry-notice">
            <i className="bi bi-exclamation-triangle" aria-hidden="true" />
            <span>
              Your renewal payment failed. {providerName(detail.payment_method)} retries your card until {formatOrderDate(detail.grace_until)}, and you keep
              full access until then. If no payment goes through by that day, your membership ends. Update your card to pay it now.
            </span>
          </div>
        )}
        {detail.state === 'ending' && detail.paid_through && (
          <div className="alert alert-info small d-flex gap-2 mb-3" role="status" data-testid="subscription-expiry-notice">
            <i className="bi bi-info-circle" aria-hidden="true" />
            <span>
              Auto-renewal is cancelled. Your subscription expires on {formatOrderDate(detail.paid_through)}; you keep full access until then.
              {detail.payment_method === 'razorpay'
                ? ' Razorpay cannot restart a subscription set to end: choose a plan again after that day to continue.'
                : ' Changed your mind? Turn auto-renew back on before that day.'}
            </span>
          </div>
        )}
        {detail.state === 'ended' && (
          <div className="alert alert-secondary small d-flex flex-wrap align-items-center gap-2 mb-3" role="status" data-testid="subscription-ended-notice">
            <span className="me-auto">
              Your membership ended{detail.ended_on ? ` on ${formatOrderDate(detail.ended_on)}` : ''}. Your progress is kept: subscribe again to pick up where
              you left off.
            </span>
            <Link to="/subscribe?scrollTo=plans" className="alert-link">
              See plans
            </Link>
          </div>
        )}

        <div className="d-flex flex-wrap align-items-center gap-2">
          {paysByCard(detail) && (
            <SubmitButton
              type="button"
              className={`btn ${detail.state === 'retrying' ? 'btn-warning' : 'btn-outline-primary'}`}
              busy={cardPage.isPending}
              busyLabel="Opening..."
              onClick={onUpdateCard}
            >
              <i className="bi bi-credit-card me-1" aria-hidden="true" />
              Update card
            </SubmitButton>
          )}
          {detail.state === 'ending' && detail.payment_method !== 'razorpay' && (
            <SubmitButton type="button" className="btn btn-primary" busy={resume.isPending} busyLabel="Please wait..." onClick={onResume}>
              Turn auto-renew back on
            </SubmitButton>
          )}
          {detail.auto_renew && (
            <SubmitButton type="button" className="btn btn-outline-danger" busy={cancel.isPending} busyLabel="Please wait..." onClick={onCancel}>
              Cancel Subscription
            </SubmitButton>
          )}
          <Link to="/subscription/history" className="btn btn-link">
            <i className="bi bi-clock-history me-1" aria-hidden="true" />
            Subscription history
          </Link>
          {detail.sandbox_url && (
            <a href={detail.sandbox_url} className="btn btn-link ms-md-auto small">
              <i className="bi bi-clock me-1" aria-hidden="true" />
              Sandbox: move the provider&apos;s clock
            </a>
          )}
        </div>
      </div>
    </article>
  );
}

/** The other plans: monthly to yearly now with Stripe's proration, lifetime as an upgrade, other moves at renewal (the server says which). */
function ChangePlan({ detail }: { detail: SubscriptionDetail }) {
  const changes = usePlanChanges(true);
  const plans = useMembershipPlans();
  const change = useChangePlan();
  const [upgrading, setUpgrading] = useState<PlanChanges['options'][number] | null>(null);
  const [failed, setFailed] = useState(false);
  const options = changes.data?.options ?? [];
  if (!options.length) return null;
  const lifetimePlan = plans.data?.find((p) => p.plan_type === 'lifetime') ?? null;

  const onSwitch = (option: PlanChanges['options'][number]) => {
    if (!detail.id || !window.confirm(`Switch to the ${option.name}? ${option.amount_due_label ?? ''} is charged today.`)) return;
    change.mutate(
      { subscriptionId: detail.id, planId: option.plan_id },
      {
        onSuccess: (result) => window.alert(result.message),
        onError: (error) => window.alert(subscriptionErrorText(error) ?? m.cancelNotSuccessful),
      },
    );
  };

  return (
    <section className="card mt-4" aria-labelledby="change-plan-title" id="change-plan" data-testid="change-plan">
      <div className="card-body p-3 p-md-4">
        <h2 id="change-plan-title" className="h5 mb-1">
          Change plan
        </h2>
        <p className="small text-body-secondary mb-3">Your access never pauses when you change.</p>
        {failed && (
          <div className="alert alert-danger small" role="alert">
            {m.paymentFailed}
          </div>
        )}
        <ul className="list-unstyled plan-changes mb-0">
          {options.map((option) => (
            <li key={option.plan_id} className="plan-change" data-plan-type={option.plan_type}>
              <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-1">
                <h3 className="h6 mb-0">{option.name}</h3>
                <span className="fw-semibold" data-testid={`plan-change-amount-${option.plan_type}`}>
                  {option.amount_due_label ? `${option.amount_due_label} today` : 'At renewal'}
                </span>
              </div>
              <p className="small text-body-secondary mb-2">{option.note}</p>
              {option.kind === 'now' && (
                <SubmitButton
                  type="button"
                  className="btn btn-sm btn-primary"
                  busy={change.isPending}
                  busyLabel="Please wait..."
                  onClick={() => onSwitch(option)}
                >
                  Switch to {option.plan_type === 'yearly' ? 'Yearly' : 'Monthly'}
                </SubmitButton>
              )}
              {option.kind === 'upgrade' && lifetimePlan && (
                <button
                  type="button"
                  className="btn btn-sm btn-accent"
                  onClick={() => {
                    setFailed(false);
                    setUpgrading(option);
                  }}
                >
                  Upgrade to Lifetime
                </button>
              )}
            </li>
          ))}
        </ul>
      </div>
      <MembershipCheckout
        plan={upgrading ? lifetimePlan : null}
        upgrade={upgrading ? { amountLabel: upgrading.amount_due_label ?? '', note: upgrading.note } : undefined}
        onClose={() => setUpgrading(null)}
        onFailed={() => setFailed(true)}
      />
    </section>
  );
}

function CourseRow({ course }: { course: CourseListItem }) {
  return (
    <li className="list-group-item subscription-course">
      <img src={course.course_image} alt="" width={96} height={54} loading="lazy" />
      <div className="flex-grow-1 min-w-0">
        <Link to={`/courses/${course.slug}`} className="fw-semibold text-reset subscription-course-title">
          {course.title}
        </Link>
        <p className="small text-body-secondary mb-0">
          {course.complexity} · {course.total_lessons} lessons · {course.total_video_duration}
        </p>
      </div>
      <Link to={`/lesson/${course.slug}/`} className="btn btn-sm btn-outline-primary text-nowrap" aria-label={`Open ${course.title}`}>
        Open
      </Link>
    </li>
  );
}

function MembershipCourses() {
  const [search, setSearch] = useState('');
  const courses = useSubscriptionCourses(useDebouncedValue(search));
  return (
    <section className="card mt-4" aria-labelledby="subscription-courses-title">
      <div className="card-body p-3 p-md-4">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
          <h2 id="subscription-courses-title" className="h5 mb-0">
            Your courses
          </h2>
          <SearchBox id="subscription-course-search" label="Search courses" value={search} onChange={setSearch} className="subscription-search" small />
        </div>
        {courses.isPending ? (
          <ul className="list-group list-group-flush" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <li className="list-group-item subscription-course" key={i}>
                <div className="skeleton" style={{ width: 96, height: 54 }} />
                <div className="skeleton skeleton-text w-50" />
              </li>
            ))}
          </ul>
        ) : courses.data?.length ? (
          <ul className="list-group list-group-flush" aria-busy={courses.isFetching}>
            {courses.data.map((course) => (
              <CourseRow course={course} key={course.id} />
            ))}
          </ul>
        ) : (
          <p className="text-body-secondary text-center py-4 mb-0">
            {search.trim() ? `No courses match “${search.trim()}”.` : 'No courses are open through your membership right now.'}
          </p>
        )}
      </div>
    </section>
  );
}

/** /subscription: the current (else latest) membership card, and the courses it opens, searchable. */
export default function SubscriptionPage() {
  usePageMeta('account', { title: 'Subscription | Lectern' });
  const detail = useSubscriptionDetail();
  const has = detail.data?.subscription_active === true;

  return (
    <div className="subscription-page">
      <div className="mb-4">
        <h1 className="h3 mb-1">Subscription</h1>
        <p className="text-body-secondary mb-0">Your membership, its renewal and the courses it opens.</p>
      </div>
      {detail.isPending ? (
        <CardSkeleton />
      ) : (
        <>
          {detail.isError && (
            <div className="alert alert-danger" role="alert">
              {detailErrorText(detail.error)}
            </div>
          )}
          {has && detail.data ? (
            <SubscriptionCard detail={detail.data} />
          ) : (
            <div className="card">
              <EmptyState message={m.noSubscription} action={{ to: '/subscribe?scrollTo=plans', label: 'See membership plans' }} />
            </div>
          )}
          {has && detail.data && paysByCard(detail.data) && <ChangePlan detail={detail.data} />}
          {has && detail.data?.is_active && <MembershipCourses />}
        </>
      )}
    </div>
  );
}
