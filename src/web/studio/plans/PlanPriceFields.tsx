import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import type { AdminPlanPrice, planBodySchema } from '../../../shared/plans';
import { DEFAULT_REGION, regionCodes, regions, type Region } from '../../../shared/regions';

export type PlanValues = z.input<typeof planBodySchema>;
export const regionNames: Record<Region, string> = { US: 'United States and the rest of the world', IN: 'India', GB: 'United Kingdom', EU: 'Euro area' };

/** Where a price stands at the providers: the ids checkouts use, or that the next checkout creates them. */
function ProviderIds({ saved, recurring }: { saved: AdminPlanPrice | undefined; recurring: boolean }) {
  if (!recurring) return <p className="small text-body-secondary mb-0">One-time payment: no provider plan needed.</p>;
  if (!saved) return <p className="small text-body-secondary mb-0">Stripe and Razorpay get it when you save.</p>;
  return (
    <dl className="small mb-0 plan-provider-ids">
      <dt>Stripe Price</dt>
      <dd className="text-break">{saved.stripe_price_id ?? <span className="pending text-warning-emphasis">created at the next checkout</span>}</dd>
      {saved.region === 'IN' && (
        <>
          <dt>Razorpay plan</dt>
          <dd className="text-break">{saved.razorpay_plan_id ?? <span className="pending text-warning-emphasis">created at the next checkout</span>}</dd>
        </>
      )}
    </dl>
  );
}

function MoneyInput({
  id,
  label,
  symbol,
  error,
  ...input
}: { id: string; label: string; symbol: string; error: string | undefined } & ReturnType<UseFormRegister<PlanValues>>) {
  return (
    <>
      <label htmlFor={id} className="form-label small mb-1">
        {label}
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
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
      </div>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block mb-2">
          {error}
        </div>
      )}
    </>
  );
}

/** A price and a regular (struck-through) price per region, side by side, with the provider ids a checkout uses. */
export function PlanPriceFields({
  control,
  register,
  errors,
  saved,
  recurring,
}: {
  control: Control<PlanValues>;
  register: UseFormRegister<PlanValues>;
  errors: FieldErrors<PlanValues>;
  saved: AdminPlanPrice[];
  recurring: boolean;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'prices' });
  return (
    <fieldset>
      <legend className="h6">Prices</legend>
      {errors.prices?.root?.message && <div className="invalid-feedback d-block mb-2">{errors.prices.root.message}</div>}
      {errors.prices?.message && <div className="invalid-feedback d-block mb-2">{errors.prices.message}</div>}
      <div className="price-grid mb-3">
        {regionCodes.map((region) => {
          const index = fields.findIndex((f) => f.region === region);
          const { currency, symbol } = regions[region];
          const rowErrors = index >= 0 ? errors.prices?.[index] : undefined;
          return (
            <section key={region} className="studio-card p-3" aria-labelledby={`plan-price-${region}-title`}>
              <h3 id={`plan-price-${region}-title`} className="h6 mb-1">
                {currency} <span className="text-body-secondary fw-normal">· {region}</span>
              </h3>
              <p className="small text-body-secondary mb-3">{regionNames[region]}</p>
              {index >= 0 ? (
                <>
                  <MoneyInput
                    id={`plan-price-${region}-amount`}
                    label="Price"
                    symbol={symbol}
                    error={rowErrors?.amount?.message}
                    {...register(`prices.${index}.amount`, { valueAsNumber: true })}
                  />
                  <MoneyInput
                    id={`plan-price-${region}-regular`}
                    label="Regular price (shown struck through)"
                    symbol={symbol}
                    error={rowErrors?.regular_amount?.message}
                    {...register(`prices.${index}.regular_amount`, { valueAsNumber: true })}
                  />
                  <ProviderIds saved={saved.find((p) => p.region === region)} recurring={recurring} />
                  <button type="button" className="btn btn-sm btn-link text-danger px-0 mt-1" onClick={() => remove(index)}>
                    {region === DEFAULT_REGION ? 'Remove the default price' : `Remove (buyers here pay the ${regions[DEFAULT_REGION].currency} price)`}
                  </button>
                </>
              ) : (
                <>
                  <p className="small mb-2">
                    {region === DEFAULT_REGION ? (
                      <span className="text-danger">No default price: every plan needs one.</span>
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
    </fieldset>
  );
}
