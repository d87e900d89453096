import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { planBodySchema, type AdminPlan } from '../../../shared/plans';
import type { Region } from '../../../shared/regions';
import { adminErrorText } from '../../api/admin';
import { planQueries, useCreatePlan, useSavePlan } from '../../api/adminPlans';
import { Breadcrumb } from '../../components/Breadcrumb';
import { ErrorState } from '../../components/States';
import { SelectField, TextAreaField, TextField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { ListEditorField } from '../components/ListEditor';
import { notify } from '../components/notify';
import { CardSkeleton, PageHeader, useStudioTitle } from '../components/ui';
import { useStudioSubmit } from '../components/useStudioSubmit';
import { PlanPriceFields, type PlanValues } from '../plans/PlanPriceFields';
import { PlanOnOffButton } from '../plans/PlanOnOffButton';

const serverFields = ['name', 'description', 'features', 'plan_type', 'prices'] as const;
export const intervalLabels = { monthly: 'Monthly', yearly: 'Yearly', lifetime: 'Lifetime (one payment)' } as const;

const valuesOf = (plan: AdminPlan | undefined): PlanValues =>
  plan
    ? {
        name: plan.name,
        description: plan.description,
        features: plan.features,
        plan_type: plan.plan_type,
        prices: plan.prices.map((p) => ({ region: p.region as Region, amount: p.amount, regular_amount: p.regular_amount })),
      }
    : { name: '', description: '', features: [], plan_type: 'monthly', prices: [{ region: 'US', amount: 0, regular_amount: 0 }] };

function PlanForm({ plan }: { plan: AdminPlan | undefined }) {
  const navigate = useNavigate();
  const create = useCreatePlan();
  const save = useSavePlan();
  const form = useForm<PlanValues, unknown, z.output<typeof planBodySchema>>({ resolver: zodResolver(planBodySchema), defaultValues: valuesOf(plan) });
  const {
    register,
    control,
    reset,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  useEffect(() => reset(valuesOf(plan)), [plan, reset]);

  const { formError, submit } = useStudioSubmit(form, serverFields, async (values) => {
    if (plan) {
      await save.mutateAsync({ id: plan.id, body: values });
      notify('Plan saved: the storefront and new checkouts use it now.');
    } else {
      const created = await create.mutateAsync(values);
      notify(created.is_active ? 'Plan created and on sale.' : 'Plan created. It is off: another plan of its interval is on sale.');
      void navigate(`/admin/plans/${created.id}`, { replace: true });
    }
  });

  const recurring = watch('plan_type') !== 'lifetime';
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={plan ? `Edit ${plan.name}` : 'New plan'}>
      {formError && <FormAlert kind="error">{formError}</FormAlert>}
      <div className="studio-card p-3 p-md-4 mb-3">
        <div className="row g-3">
          <div className="col-12 col-md-7">
            <TextField id="plan-name" label="Name" maxLength={80} error={errors.name?.message} {...register('name')} />
          </div>
          <div className="col-12 col-md-5">
            <SelectField
              id="plan-type"
              label="Billing interval"
              error={errors.plan_type?.message}
              hint={plan && plan.members > 0 ? 'Members have bought this plan: its interval stays.' : undefined}
              {...register('plan_type')}
            >
              {Object.entries(intervalLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectField>
          </div>
          <div className="col-12">
            <TextAreaField
              id="plan-description"
              label="Description"
              rows={3}
              maxLength={1000}
              error={errors.description?.message}
              {...register('description')}
            />
          </div>
          <div className="col-12">
            <ListEditorField
              control={control}
              name="features"
              id="plan-features"
              label="Features (one per line, shown on the plan's card)"
              errors={errors.features}
              placeholder="Every course, new ones included"
            />
          </div>
        </div>
      </div>
      <PlanPriceFields control={control} register={register} errors={errors} saved={plan?.prices ?? []} recurring={recurring} />
      <p className="small text-body-secondary">
        {recurring
          ? 'A new price creates a new Stripe Price (the old one is archived) and, for India, a new Razorpay plan. Members keep the price they subscribed at.'
          : 'Lifetime is one payment, charged at the price shown when the member buys.'}
      </p>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <SubmitButton busy={isSubmitting} busyLabel="Saving..." disabled={Boolean(plan) && !isDirty}>
          {plan ? 'Save plan' : 'Create plan'}
        </SubmitButton>
        {plan && (
          <button type="button" className="btn btn-outline-secondary" disabled={!isDirty || isSubmitting} onClick={() => reset(valuesOf(plan))}>
            Discard changes
          </button>
        )}
      </div>
    </form>
  );
}

/** /admin/plans/new and /admin/plans/:planId: a plan's name, interval, features and prices in one form. */
export default function PlanEditorPage() {
  const { planId } = useParams();
  const id = planId === 'new' ? undefined : Number(planId);
  const valid = id === undefined || (Number.isInteger(id) && id > 0);
  const plan = useQuery({ ...planQueries.one(id ?? 0), enabled: id !== undefined && valid });
  const title = id === undefined ? 'New plan' : (plan.data?.name ?? 'Plan');
  useStudioTitle(title);

  return (
    <div style={{ maxWidth: 1040 }}>
      <PageHeader title={title} actions={plan.data ? <PlanOnOffButton plan={plan.data} /> : undefined}>
        <Breadcrumb trail={[{ label: 'Plans', to: '/admin/plans' }]} current={title} className="small mb-1" />
      </PageHeader>
      {id === undefined ? (
        <PlanForm plan={undefined} />
      ) : !valid ? (
        <ErrorState message="Not found: it may have been deleted." />
      ) : plan.isPending ? (
        <CardSkeleton label="Loading the plan" lines={8} />
      ) : plan.isError ? (
        <ErrorState message={adminErrorText(plan.error)} onRetry={() => void plan.refetch()} />
      ) : (
        <PlanForm plan={plan.data} />
      )}
    </div>
  );
}
