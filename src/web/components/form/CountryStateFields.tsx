import type { UseFormRegisterReturn } from 'react-hook-form';
import { useCountries, useStates } from '../../api/site';
import { SelectField, TextField } from './Field';

/** What a form gives for one of the two fields: its id, error and `register(name)` (see formFields). */
type BoundField = UseFormRegisterReturn & { id: string; error: string | undefined };

interface CountryStateFieldsProps {
  field: (name: 'country' | 'state') => BoundField;
  /** The form's current values (watch): the selects are controlled, so a saved value shows even before its option loads. */
  country: string;
  state: string;
  /** A new country: the form clears the state (and may mark itself changed). */
  onCountryChange: () => void;
  stateLabel: string;
  wrapperClassName: string;
  /**
   * The checkout asks for a country first: until one is chosen and its states load, the state is a
   * disabled select. Without it (the profile), the state is typed until a country's list arrives.
   * Either way a country without a list of states takes a typed state.
   */
  stateNeedsCountry?: boolean;
  /** The typed state's limit (the profile's contract: 100). */
  stateMaxLength?: number;
}

/** The country select (from /fetchCountries/) and the state that follows it (a select of its states, or typed). */
export function CountryStateFields({
  field,
  country,
  state,
  onCountryChange,
  stateLabel,
  wrapperClassName,
  stateNeedsCountry = false,
  stateMaxLength,
}: CountryStateFieldsProps) {
  const countries = useCountries();
  const states = useStates(country || undefined);
  const countryOptions = countries.data ?? [];
  const stateOptions = states.data ?? [];
  const hasStateList = Boolean(country) && states.isSuccess && stateOptions.length > 0;
  const noStateList = Boolean(country) && states.isSuccess && stateOptions.length === 0;
  const stateIsSelect = stateNeedsCountry ? !noStateList : hasStateList;
  const countryField = field('country');

  let statePrompt = 'Select a state';
  if (stateNeedsCountry && !country) statePrompt = 'Select a country first';
  else if (stateNeedsCountry && states.isLoading) statePrompt = 'Loading states…';

  let statePlaceholder: string | undefined;
  if (!stateNeedsCountry) statePlaceholder = country && states.isFetching ? 'Loading states…' : country ? 'State or region' : 'Select a country first';

  return (
    <>
      <SelectField
        label="Country"
        wrapperClassName={wrapperClassName}
        autoComplete="country-name"
        {...countryField}
        value={country}
        onChange={(event) => {
          onCountryChange();
          return countryField.onChange(event);
        }}
      >
        <option value="">{countries.isPending ? 'Loading countries…' : 'Select a country'}</option>
        {country && !countryOptions.some((c) => c.country_name === country) && <option value={country}>{country}</option>}
        {countryOptions.map((c) => (
          <option key={c.country_code} value={c.country_name}>
            {c.country_name}
          </option>
        ))}
      </SelectField>
      {stateIsSelect ? (
        <SelectField
          label={stateLabel}
          wrapperClassName={wrapperClassName}
          autoComplete="address-level1"
          {...field('state')}
          value={state}
          disabled={stateNeedsCountry && (!country || states.isLoading)}
        >
          <option value="">{statePrompt}</option>
          {state && !stateOptions.some((s) => s.state_name === state) && <option value={state}>{state}</option>}
          {stateOptions.map((s) => (
            <option key={s.state_name} value={s.state_name}>
              {s.state_name}
            </option>
          ))}
        </SelectField>
      ) : (
        <TextField
          label={stateLabel}
          wrapperClassName={wrapperClassName}
          autoComplete="address-level1"
          maxLength={stateMaxLength}
          placeholder={statePlaceholder}
          {...field('state')}
        />
      )}
    </>
  );
}
