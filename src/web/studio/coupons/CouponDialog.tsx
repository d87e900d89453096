import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Controller, useForm } from 'react-hook-form';
import { couponBodySchema, couponCurrencies, type AdminCoupon, type CouponBody, type CouponBodyInput, type CouponPatch } from '../../../shared/coupons';
import { adminErrorText, adminQueries } from '../../api/admin';
import { bundleQueries } from '../../api/adminBundles';
import { useCreateCoupon, useUpdateCoupon } from '../../api/coupons';
import { regions } from '../../../shared/regions';
import { Field, FieldError, TextField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { notify } from '../components/notify';
import { useStudioSubmit } from '../components/useStudioSubmit';

const fields = [
  'code',
  'discount_type',
  'percentage',
  'amount_off',
  'expires_at',
  'max_uses',
  'max_uses_per_user',
  'course_ids',
  'bundle_ids',
  'is_active',
] as const;

/** null: closed; 'new': a new coupon; a coupon: edit it. */
export type CouponTarget = 'new' | AdminCoupon | null;

function valuesOf(target: CouponTarget): CouponBodyInput {
  if (target && target !== 'new')
    return {
      code: target.code,
      discount_type: target.discount_type,
      percentage: target.discount_type === 'percent' ? target.percentage : undefined,
      amount_off: target.amount_off,
      expires_at: target.expires_at ? target.expires_at.slice(0, 10) : null,
      max_uses: target.max_uses,
      max_uses_per_user: target.max_uses_per_user,
      course_ids: target.courses.map((c) => c.id),
      bundle_ids: (target.bundles ?? []).map((b) => b.id),
      is_active: target.is_active,
    };
  return {
    code: '',
    discount_type: 'percent',
    percentage: 10,
    amount_off: null,
    expires_at: null,
    max_uses: null,
    max_uses_per_user: null,
    course_ids: [],
    bundle_ids: [],
    is_active: true,
  };
}

const currencySymbols: Record<string, string> = Object.fromEntries(Object.values(regions).map((r) => [r.currency, r.symbol]));

const englishPlural = new Intl.PluralRules('en-US');

/** An empty number box means "no limit" (null); anything else is sent as typed and checked by the schema. */
const numberOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/** Creates or edits a coupon with the API's own schema; an edit sends only the fields changed. */
export function CouponDialog({ target, onHide }: { target: CouponTarget; onHide: () => void }) {
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const editing = target !== null && target !== 'new' ? target : null;
  const courses = useQuery({ ...adminQueries.courseChoices(), enabled: target !== null });
  // Draft and published bundles (a studio has a handful; archived ones cannot be bought).
  const bundles = useQuery({ ...bundleQueries.list({ page: 1 }), enabled: target !== null });
  const form = useForm<CouponBodyInput, unknown, CouponBody>({ resolver: zodResolver(couponBodySchema), defaultValues: valuesOf(target) });
  const {
    register,
    control,
    reset,
    watch,
    formState: { errors, isSubmitting, dirtyFields },
  } = form;
  const { formError, clearFormError, submit } = useStudioSubmit(form, fields, async (values) => {
    if (editing) {
      const changed = Object.fromEntries(fields.filter((f) => dirtyFields[f]).map((f) => [f, values[f]])) as CouponPatch;
      await update.mutateAsync({ id: editing.id, body: changed });
      notify(`Coupon ${values.code} saved.`);
    } else {
      await create.mutateAsync(values);
      notify(`Coupon ${values.code} created.`);
    }
    onHide();
  });
  useEffect(() => {
    reset(valuesOf(target));
    clearFormError();
  }, [target, reset, clearFormError]);

  const fixed = watch('discount_type') === 'fixed';
  // A record's error sits on the record itself (one message for the whole list of amounts).
  const amountOffError = (errors.amount_off as { message?: string } | undefined)?.message;
  const choices = new Map<number, string>((editing?.courses ?? []).map((c) => [c.id, c.title]));
  for (const course of courses.data ?? []) choices.set(course.id, course.title);
  const bundleChoices = new Map<number, string>((editing?.bundles ?? []).map((b) => [b.id, b.title]));
  for (const bundle of bundles.data?.results ?? []) bundleChoices.set(bundle.id, bundle.title);
  const courseCount = (watch('course_ids') ?? []).length;
  const bundleCount = (watch('bundle_ids') ?? []).length;

  return (
    <Modal show={target !== null} onHide={isSubmitting ? () => undefined : onHide} aria-labelledby="coupon-dialog-title" backdrop="static">
      <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="coupon-dialog-title">
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="coupon-dialog-title" as="h2" className="h5 mb-0">
            {editing ? `Edit coupon ${editing.code}` : 'New coupon'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {formError && <FormAlert kind="error">{formError}</FormAlert>}
          <div className="row g-3 mb-3">
            <TextField
              id="coupon-code"
              label="Code"
              wrapperClassName="col-12 col-sm-7"
              className="form-control text-uppercase"
              autoComplete="off"
              maxLength={40}
              hint="Buyers type it in any case."
              error={errors.code?.message}
              {...register('code')}
            />
            <fieldset className="col-12 col-sm-5">
              <legend className="form-label fs-6 mb-1">Takes off</legend>
              {(
                [
                  ['percent', 'A percentage'],
                  ['fixed', 'A fixed amount'],
                ] as const
              ).map(([kind, label]) => (
                <div className="form-check" key={kind}>
                  <input className="form-check-input" type="radio" id={`coupon-kind-${kind}`} value={kind} {...register('discount_type')} />
                  <label className="form-check-label" htmlFor={`coupon-kind-${kind}`}>
                    {label}
                  </label>
                </div>
              ))}
            </fieldset>
            {fixed ? (
              <Controller
                control={control}
                name="amount_off"
                render={({ field }) => {
                  const amounts = field.value ?? {};
                  const setAmount = (currency: string, text: string) => {
                    const { [currency]: _dropped, ...rest } = amounts;
                    field.onChange(text === '' ? rest : { ...rest, [currency]: Number(text) });
                  };
                  return (
                    <fieldset className="col-12" aria-describedby={`coupon-amount_off-help${amountOffError ? ' coupon-amount_off-error' : ''}`}>
                      <legend className="form-label fs-6 mb-1">Amount off</legend>
                      <div id="coupon-amount_off-help" className="form-text mt-0 mb-2">
                        Per currency, in the buyer&apos;s currency. Leave one empty and the coupon does not work in it.
                      </div>
                      <div className="row g-2">
                        {couponCurrencies.map((currency) => (
                          <div className="col-6 col-sm-3" key={currency}>
                            <label className="visually-hidden" htmlFor={`coupon-amount-${currency}`}>
                              Amount off in {currency}
                            </label>
                            <div className="input-group">
                              <span className="input-group-text">{currencySymbols[currency]}</span>
                              <input
                                id={`coupon-amount-${currency}`}
                                type="number"
                                inputMode="decimal"
                                min={0}
                                step="0.01"
                                placeholder={currency}
                                className={`form-control${amountOffError ? ' is-invalid' : ''}`}
                                value={amounts[currency] ?? ''}
                                onChange={(e) => setAmount(currency, e.target.value)}
                                onBlur={field.onBlur}
                              />
                            </div>
                          </div>
                        ))}
                      </div>
                      <FieldError id="coupon-amount_off" message={amountOffError} />
                    </fieldset>
                  );
                }}
              />
            ) : (
              <Field id="coupon-percentage" label="Percentage off" wrapperClassName="col-12 col-sm-5" error={errors.percentage?.message}>
                <div className="input-group">
                  <input
                    id="coupon-percentage"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={100}
                    className={`form-control${errors.percentage ? ' is-invalid' : ''}`}
                    aria-invalid={errors.percentage ? true : undefined}
                    aria-describedby={errors.percentage ? 'coupon-percentage-error' : undefined}
                    {...register('percentage', { setValueAs: (v: unknown) => (v === '' || v === undefined ? undefined : Number(v)) })}
                  />
                  <span className="input-group-text">%</span>
                </div>
              </Field>
            )}
            <TextField
              id="coupon-expires_at"
              label="Expires after"
              type="date"
              wrapperClassName="col-12 col-sm-7"
              hint="Works through the end of that day (UTC). Empty: never expires."
              error={errors.expires_at?.message}
              {...register('expires_at', { setValueAs: (v: unknown) => (v ? v : null) })}
            />
            {(
              [
                ['max_uses', 'Total uses'],
                ['max_uses_per_user', 'Uses per buyer'],
              ] as const
            ).map(([name, label]) => (
              <TextField
                key={name}
                id={`coupon-${name}`}
                label={label}
                type="number"
                inputMode="numeric"
                min={1}
                wrapperClassName="col-6"
                placeholder="No limit"
                error={errors[name]?.message}
                {...register(name, { setValueAs: numberOrNull })}
              />
            ))}
          </div>
          <Controller
            control={control}
            name="course_ids"
            render={({ field }) => {
              const selected = new Set(field.value ?? []);
              const toggle = (id: number, on: boolean) => field.onChange([...choices.keys()].filter((c) => (c === id ? on : selected.has(c))));
              return (
                <fieldset className="mb-3" aria-describedby="coupon-courses-help">
                  <legend className="form-label fs-6 mb-1">Courses</legend>
                  <div id="coupon-courses-help" className="form-text mt-0 mb-2">
                    {selected.size === 0
                      ? bundleCount
                        ? 'None ticked: no course alone, only the ticked bundles.'
                        : 'None ticked: every course.'
                      : englishPlural.select(selected.size) === 'one'
                        ? 'Only the ticked course gets the discount.'
                        : `Only the ${selected.size} ticked courses get the discount.`}
                  </div>
                  <div className="coupon-courses border rounded p-2">
                    {courses.isPending && <p className="small text-body-secondary mb-0">Loading the courses...</p>}
                    {courses.isError && <p className="small text-danger mb-0">{adminErrorText(courses.error)}</p>}
                    {[...choices].map(([id, title]) => (
                      <div className="form-check" key={id}>
                        <input
                          className="form-check-input"
                          type="checkbox"
                          id={`coupon-course-${id}`}
                          checked={selected.has(id)}
                          onChange={(e) => toggle(id, e.target.checked)}
                          onBlur={field.onBlur}
                        />
                        <label className="form-check-label" htmlFor={`coupon-course-${id}`}>
                          {title}
                        </label>
                      </div>
                    ))}
                  </div>
                  {errors.course_ids && <div className="invalid-feedback d-block">{errors.course_ids.message}</div>}
                </fieldset>
              );
            }}
          />
          <Controller
            control={control}
            name="bundle_ids"
            render={({ field }) => {
              const selected = new Set(field.value ?? []);
              const toggle = (id: number, on: boolean) => field.onChange([...bundleChoices.keys()].filter((b) => (b === id ? on : selected.has(b))));
              return (
                <fieldset className="mb-3" aria-describedby="coupon-bundles-help">
                  <legend className="form-label fs-6 mb-1">Bundles</legend>
                  <div id="coupon-bundles-help" className="form-text mt-0 mb-2">
                    {selected.size === 0
                      ? courseCount
                        ? 'None ticked: no bundle (a coupon naming courses does not reach the bundles they are in).'
                        : 'None ticked: every bundle.'
                      : englishPlural.select(selected.size) === 'one'
                        ? 'Only the ticked bundle gets the discount.'
                        : `Only the ${selected.size} ticked bundles get the discount.`}
                  </div>
                  <div className="coupon-courses border rounded p-2">
                    {bundles.isPending && <p className="small text-body-secondary mb-0">Loading the bundles...</p>}
                    {bundles.isError && <p className="small text-danger mb-0">{adminErrorText(bundles.error)}</p>}
                    {bundles.isSuccess && bundleChoices.size === 0 && <p className="small text-body-secondary mb-0">No bundle yet.</p>}
                    {[...bundleChoices].map(([id, title]) => (
                      <div className="form-check" key={id}>
                        <input
                          className="form-check-input"
                          type="checkbox"
                          id={`coupon-bundle-${id}`}
                          checked={selected.has(id)}
                          onChange={(e) => toggle(id, e.target.checked)}
                          onBlur={field.onBlur}
                        />
                        <label className="form-check-label" htmlFor={`coupon-bundle-${id}`}>
                          {title}
                        </label>
                      </div>
                    ))}
                  </div>
                  {errors.bundle_ids && <div className="invalid-feedback d-block">{errors.bundle_ids.message}</div>}
                </fieldset>
              );
            }}
          />
          <div className="form-check form-switch">
            <input className="form-check-input" type="checkbox" role="switch" id="coupon-is_active" {...register('is_active')} />
            <label className="form-check-label" htmlFor="coupon-is_active">
              Active: buyers can use it now
            </label>
          </div>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onHide} disabled={isSubmitting}>
            Cancel
          </button>
          <SubmitButton busy={isSubmitting} busyLabel="Saving...">
            {editing ? 'Save coupon' : 'Create coupon'}
          </SubmitButton>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
