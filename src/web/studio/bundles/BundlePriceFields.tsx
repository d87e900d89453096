import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { bundleMessages, type bundleBodySchema } from '../../../shared/bundles';
import { DEFAULT_REGION, regionCodes, regions, type Region } from '../../../shared/regions';
import { formatMoney } from '../components/ui';
import { regionNames } from '../plans/PlanPriceFields';
import { currencyOf, savingIn, type PricedCourse } from './bundleMoney';

export type BundleValues = z.input<typeof bundleBodySchema>;

/** Under a region's price: what the courses cost one by one there and what the bundle saves, as it is typed. */
export function SavingLine({ amount, courses, region }: { amount: number | undefined; courses: readonly PricedCourse[]; region: Region }) {
  const currency = currencyOf(region);
  const saving = savingIn(amount, courses, region);
  switch (saving.kind) {
    case 'none':
      return <p className="small text-body-secondary mb-0">Choose the courses and type a price to see the saving.</p>;
    case 'missing':
      return (
        <p className="small text-body-secondary mb-0">
          No {currency} price for {saving.titles.join(', ')}: no saving can be shown in {currency}.
        </p>
      );
    case 'no-saving':
      return (
        <p className="small text-warning-emphasis mb-0">
          <i className="bi bi-exclamation-triangle me-1" aria-hidden="true" />
          No saving: the courses cost {formatMoney(saving.separately, currency)} one by one.
        </p>
      );
    case 'saving':
      return (
        <p className="small text-success-emphasis mb-0">
          <i className="bi bi-tag me-1" aria-hidden="true" />
          Buyers save {formatMoney(saving.saving, currency)} ({saving.percent}%) on {formatMoney(saving.separately, currency)} one by one.
        </p>
      );
  }
}

/** The bundle's price per region (USD needed to publish; a region without one pays USD), each with its saving live. */
export function BundlePriceFields({
  control,
  register,
  errors,
  prices,
  courses,
}: {
  control: Control<BundleValues>;
  register: UseFormRegister<BundleValues>;
  errors: FieldErrors<BundleValues>;
  /** The prices as typed (watched), for the saving lines. */
  prices: BundleValues['prices'];
  courses: readonly PricedCourse[];
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'prices' });
  const listError = errors.prices?.root?.message ?? errors.prices?.message;
  return (
    <fieldset>
      <legend className="visually-hidden">Prices</legend>
      {listError && <div className="invalid-feedback d-block mb-2">{listError}</div>}
      <div className="price-grid">
        {regionCodes.map((region) => {
          const index = fields.findIndex((f) => f.region === region);
          const { currency, symbol } = regions[region];
          const id = `bundle-price-${region}`;
          const error = index >= 0 ? errors.prices?.[index]?.amount?.message : undefined;
          return (
            <section key={region} className="studio-card p-3" aria-labelledby={`${id}-title`}>
              <h3 id={`${id}-title`} className="h6 mb-1">
                {currency} <span className="text-body-secondary fw-normal">· {region}</span>
              </h3>
              <p className="small text-body-secondary mb-2">{regionNames[region]}</p>
              {index >= 0 ? (
                <>
                  <label htmlFor={id} className="form-label small mb-1">
                    Bundle price in {currency}
                  </label>
                  <div className="input-group mb-2">
                    <span className="input-group-text">{symbol}</span>
                    <input
                      id={id}
                      type="number"
                      inputMode="decimal"
                      step="0.01"
                      min={0}
                      className={`form-control${error ? ' is-invalid' : ''}`}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={`${id}-saving${error ? ` ${id}-error` : ''}`}
                      {...register(`prices.${index}.amount`, { valueAsNumber: true })}
                    />
                  </div>
                  {error && (
                    <div id={`${id}-error`} className="invalid-feedback d-block mb-2">
                      {error}
                    </div>
                  )}
                  <div id={`${id}-saving`} aria-live="polite">
                    <SavingLine amount={prices?.find((p) => p.region === region)?.amount} courses={courses} region={region} />
                  </div>
                  <button type="button" className="btn btn-sm btn-link text-danger px-0 mt-1" onClick={() => remove(index)}>
                    {region === DEFAULT_REGION ? `Remove the ${currency} price` : `Remove (buyers here pay the ${regions[DEFAULT_REGION].currency} price)`}
                  </button>
                </>
              ) : (
                <>
                  <p className="small mb-2">
                    {region === DEFAULT_REGION ? (
                      <span className="text-danger">{bundleMessages.needsUsdPrice}</span>
                    ) : (
                      <>Not set: buyers here pay the {regions[DEFAULT_REGION].currency} price.</>
                    )}
                  </p>
                  <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => append({ region, amount: Number.NaN })}>
                    Add a price in {currency}
                  </button>
                </>
              )}
            </section>
          );
        })}
      </div>
    </fieldset>
  );
}
