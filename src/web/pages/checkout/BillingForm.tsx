import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { CountryStateFields } from '../../components/form/CountryStateFields';
import { formFields } from '../../components/form/Field';
import type { BillingField, BillingValues } from './checkoutSchema';

interface BillingFormProps {
  form: UseFormReturn<BillingValues>;
  guest: boolean;
  /** A signed-in buyer's email is their account's: shown, not edited. */
  emailLocked: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  disabled: boolean;
}

const labels: Record<BillingField, string> = {
  full_name: 'Full name',
  email: 'Email address',
  phone_number: 'Phone number',
  address_line_1: 'Address',
  country: 'Country',
  state: 'State / Province',
  city: 'City',
  pin_code: 'PIN / Postal code',
  password: 'Password',
};

/** Personal details: full_name, email, phone_number, address_line_1, country → state, city, pin_code, and a password for guests. */
export function BillingForm({ form, guest, emailLocked, onSubmit, disabled }: BillingFormProps) {
  const {
    register,
    watch,
    setValue,
    clearErrors,
    formState: { errors },
  } = form;
  const bound = formFields(form, 'billing');

  /** Every input: its label, the error under it (aria-describedby), and editing clears a server error. */
  const field = (name: BillingField) => ({
    id: `billing-${name}`,
    className: `form-control${errors[name] ? ' is-invalid' : ''}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `billing-${name}-error` : undefined,
    ...register(name, { onChange: () => clearErrors(name) }),
  });

  const wrap = (name: BillingField, control: ReactNode, cols = 'col-md-6', hint?: ReactNode) => (
    <div className={cols}>
      <label htmlFor={`billing-${name}`} className="form-label">
        {labels[name]}
      </label>
      {control}
      {errors[name]?.message ? (
        <div id={`billing-${name}-error`} className="invalid-feedback d-block">
          {errors[name].message}
        </div>
      ) : (
        hint
      )}
    </div>
  );

  return (
    <form id="checkout-form" className="billing-form" onSubmit={onSubmit} noValidate aria-label="Personal details">
      <fieldset disabled={disabled} className="row g-3">
        <legend className="visually-hidden">Personal details</legend>
        {wrap('full_name', <input {...field('full_name')} autoComplete="name" />, 'col-12')}
        {wrap('email', <input {...field('email')} type="email" autoComplete="email" inputMode="email" readOnly={emailLocked} />)}
        {wrap('phone_number', <input {...field('phone_number')} type="tel" autoComplete="tel" inputMode="tel" />)}
        {wrap('address_line_1', <input {...field('address_line_1')} autoComplete="address-line1" />, 'col-12')}
        <CountryStateFields
          field={(name) => bound(name, { onChange: () => clearErrors(name) })}
          country={watch('country')}
          state={watch('state')}
          onCountryChange={() => setValue('state', '')}
          stateLabel={labels.state}
          stateNeedsCountry
          wrapperClassName="col-md-6"
        />
        {wrap('city', <input {...field('city')} autoComplete="address-level2" />)}
        {wrap('pin_code', <input {...field('pin_code')} autoComplete="postal-code" />)}
        {guest &&
          wrap(
            'password',
            <input {...field('password')} type="password" autoComplete="new-password" />,
            'col-12',
            <div className="form-text">
              Use 8+ characters with uppercase, lowercase, number &amp; symbol. Your account is created with this email so you can start learning right away.
            </div>,
          )}
      </fieldset>
    </form>
  );
}
