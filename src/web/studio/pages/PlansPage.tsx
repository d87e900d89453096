import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AdminPlan } from '../../../shared/plans';
import { regionCodes, regions } from '../../../shared/regions';
import { adminErrorText } from '../../api/admin';
import { planQueries } from '../../api/adminPlans';
import { EmptyState, ErrorState } from '../../components/States';
import { formatMoney, PageHeader, TableSkeleton, useStudioTitle } from '../components/ui';
import { PlanOnOffButton } from '../plans/PlanOnOffButton';

const intervals = { monthly: 'Monthly', yearly: 'Yearly', lifetime: 'Lifetime' } as const;

/** Every price of a recurring plan has the provider ids its checkouts charge. */
const synced = (plan: AdminPlan) => plan.prices.every((p) => p.stripe_price_id && (p.region !== 'IN' || p.razorpay_plan_id));

function PlanCard({ plan }: { plan: AdminPlan }) {
  return (
    <article className="studio-card p-3 p-md-4 mb-3" aria-labelledby={`plan-${plan.id}-name`}>
      <div className="d-flex flex-wrap align-items-start justify-content-between gap-2 mb-2">
        <div className="min-w-0">
          <h2 id={`plan-${plan.id}-name`} className="h5 mb-1 text-break">
            <Link to={`/admin/plans/${plan.id}`}>{plan.name}</Link>
          </h2>
          <div className="d-flex flex-wrap gap-2 align-items-center small">
            <span className="badge text-bg-light border">{intervals[plan.plan_type]}</span>
            <span className={`badge ${plan.is_active ? 'text-bg-success' : 'text-bg-secondary'}`}>{plan.is_active ? 'On sale' : 'Off'}</span>
            <span className="text-body-secondary">
              {plan.members} current member{plan.members === 1 ? '' : 's'}
            </span>
          </div>
        </div>
        <div className="d-flex flex-wrap gap-2">
          <Link to={`/admin/plans/${plan.id}`} className="btn btn-sm btn-outline-primary" aria-label={`Edit ${plan.name}`}>
            <i className="bi bi-pencil me-1" aria-hidden="true" />
            Edit
          </Link>
          <PlanOnOffButton plan={plan} size="sm" />
        </div>
      </div>
      {plan.description && <p className="small text-body-secondary mb-3">{plan.description}</p>}
      <dl className="plan-prices mb-0">
        {regionCodes.map((region) => {
          const price = plan.prices.find((p) => p.region === region);
          return (
            <div key={region} className="plan-price">
              <dt className="small text-body-secondary fw-normal">
                {regions[region].currency} · {region}
              </dt>
              <dd className="mb-0 d-flex flex-wrap align-items-baseline column-gap-2">
                {price ? (
                  <>
                    <span className="fw-semibold">{formatMoney(price.amount, price.currency)}</span>
                    {price.regular_amount > price.amount && (
                      <del className="small text-body-secondary">
                        <span className="visually-hidden">regular price </span>
                        {formatMoney(price.regular_amount, price.currency)}
                      </del>
                    )}
                  </>
                ) : (
                  <span className="small text-body-secondary">pays {regions.US.currency}</span>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      {plan.plan_type !== 'lifetime' && (
        <p className="small text-body-secondary mt-2 mb-0">
          {synced(plan) ? (
            <>
              <i className="bi bi-check-circle text-success me-1" aria-hidden="true" />
              At Stripe{plan.prices.some((p) => p.region === 'IN') ? ' and Razorpay' : ''}: new checkouts charge these prices.
            </>
          ) : (
            <>
              <i className="bi bi-hourglass-split me-1" aria-hidden="true" />
              Not at the providers yet: the next checkout creates the missing Stripe Prices and Razorpay plan.
            </>
          )}
        </p>
      )}
    </article>
  );
}

/** /admin/plans: every membership plan with its prices per region side by side, on or off. */
export default function PlansPage() {
  useStudioTitle('Membership plans');
  const list = useQuery(planQueries.list());
  return (
    <div style={{ maxWidth: 1040 }}>
      <PageHeader
        title="Membership plans"
        actions={
          <Link to="/admin/plans/new" className="btn btn-primary">
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            New plan
          </Link>
        }
      />
      <p className="text-body-secondary small">
        The subscribe page offers one plan per interval. Price changes reach Stripe and Razorpay as new prices; members keep what they bought.
      </p>
      {list.isPending ? (
        <TableSkeleton label="Loading plans" rows={4} columns={4} />
      ) : list.isError ? (
        <ErrorState message={adminErrorText(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <EmptyState message="No plan yet: create the first one." action={{ to: '/admin/plans/new', label: 'New plan' }} />
      ) : (
        <div aria-busy={list.isFetching}>
          {list.data.results.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
      )}
    </div>
  );
}
