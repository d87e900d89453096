import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { pricesBodySchema, type AdminCourse } from '../../../shared/admin';
import { DEFAULT_REGION, regionCodes, regions, type Region } from '../../../shared/regions';
import { useSetPrices } from '../../api/admin';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { notify } from '../components/notify';
import { formatMoney } from '../components/ui';
import { useStudioSubmit } from '../components/useStudioSubmit';

type Values = z.input<typeof pricesBodySchema>;
const regionNames: Record<Region, string> = { US: 'United States and the rest of the world', IN: 'India', GB: 'United Kingdom', EU: 'Euro area' };

function valuesOf(course: AdminCourse): Values {
  return {
    prices: regionCodes
      .map((region) => course.prices.find((p) => p.region === region))
      .filter((p) => p !== undefined)
      .map((p) => ({ region: p.region as Region, amount: p.amount, regular_amount: p.regular_amount })),
  };
}

/** A price and a regular (struck-through) price per region, side by side; a region without one pays the USD price. */
export default function PricesTab({ course }: { course: AdminCourse }) {
  const save = useSetPrices(course.id);
  const form = useForm<Values, unknown, z.output<typeof pricesBodySchema>>({ resolver: zodResolver(pricesBodySchema), defaultValues: valuesOf(course) });
  const {
    register,
    control,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'prices' });
  useEffect(() => reset(valuesOf(course)), [course, reset]);

  // No fields: every server error shows above the grid, none under a price.
  const { formError, submit } = useStudioSubmit(form, [], async (values) => {
    await save.mutateAsync(values);
    notify('Prices saved: the storefront shows them now.');
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Prices">
      {course.course_type === 'free' && (
        <FormAlert kind="success">This is a free course: prices are kept but nobody is charged. Change its type in Details to sell it.</FormAlert>
      )}
      {formError && <FormAlert kind="error">{formError}</FormAlert>}
      {errors.prices?.root?.message && <FormAlert kind="error">{errors.prices.root.message}</FormAlert>}
      <div className="price-grid mb-3">
        {regionCodes.map((region) => {
          const index = fields.findIndex((f) => f.region === region);
          const { currency, symbol } = regions[region];
          const rowErrors = index >= 0 ? errors.prices?.[index] : undefined;
          return (
            <section key={region} className="studio-card p-3" aria-labelledby={`price-${region}-title`}>
              <h2 id={`price-${region}-title`} className="h6 mb-1">
                {currency} <span className="text-body-secondary fw-normal">· {region}</span>
              </h2>
              <p className="small text-body-secondary mb-3">{regionNames[region]}</p>
              {index >= 0 ? (
                <>
                  <label htmlFor={`price-${region}-amount`} className="form-label small mb-1">
                    Price
                  </label>
                  <div className="input-group mb-2">
                    <span className="input-group-text">{symbol}</span>
                    <input
                      id={`price-${region}-amount`}
                      type="number"
                      inputMode="decimal"
                      step="0.01"
                      min={0}
                      className={`form-control${rowErrors?.amount ? ' is-invalid' : ''}`}
                      aria-invalid={rowErrors?.amount ? true : undefined}
                      aria-describedby={rowErrors?.amount ? `price-${region}-amount-error` : undefined}
                      {...register(`prices.${index}.amount`, { valueAsNumber: true })}
                    />
                  </div>
                  {rowErrors?.amount && (
                    <div id={`price-${region}-amount-error`} className="invalid-feedback d-block mb-2">
                      {rowErrors.amount.message}
                    </div>
                  )}
                  <label htmlFor={`price-${region}-regular`} className="form-label small mb-1">
                    Regular price (shown struck through)
                  </label>
                  <div className="input-group mb-2">
                    <span className="input-group-text">{symbol}</span>
                    <input
                      id={`price-${region}-regular`}
                      type="number"
                      inputMode="decimal"
                      step="0.01"
                      min={0}
                      className={`form-control${rowErrors?.regular_amount ? ' is-invalid' : ''}`}
                      aria-invalid={rowErrors?.regular_amount ? true : undefined}
                      aria-describedby={rowErrors?.regular_amount ? `price-${region}-regular-error` : undefined}
                      {...register(`prices.${index}.regular_amount`, { valueAsNumber: true })}
                    />
                  </div>
                  {rowErrors?.regular_amount && (
                    <div id={`price-${region}-regular-error`} className="invalid-feedback d-block mb-2">
                      {rowErrors.regular_amount.message}
                    </div>
                  )}
                  <button type="button" className="btn btn-sm btn-link text-danger px-0" onClick={() => remove(index)}>
                    {region === DEFAULT_REGION ? 'Remove the default price' : `Remove (buyers here pay the ${regions[DEFAULT_REGION].currency} price)`}
                  </button>
                </>
              ) : (
                <>
                  <p className="small mb-2">
                    {region === DEFAULT_REGION ? (
                      <span className="text-danger">No default price: a paid course cannot be published without one.</span>
                    ) : (
                      <>Not set: buyers here pay the {regions[DEFAULT_REGION].currency} price.</>
                    )}
                  </p>
                  <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => append({ region, amount: 0, regular_amount: 0 })}>
                    Set a {currency} price
                  </button>
                </>
              )}
            </section>
          );
        })}
      </div>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <SubmitButton busy={isSubmitting} busyLabel="Saving..." disabled={!isDirty}>
          Save prices
        </SubmitButton>
        <button type="button" className="btn btn-outline-secondary" disabled={!isDirty || isSubmitting} onClick={() => reset(valuesOf(course))}>
          Discard changes
        </button>
        <span className="small text-body-secondary">
          Now: {course.prices.length ? course.prices.map((p) => formatMoney(p.amount, p.currency)).join(' · ') : 'no price'}
        </span>
      </div>
    </form>
  );
}
