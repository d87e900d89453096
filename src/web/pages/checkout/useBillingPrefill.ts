import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { formatPersonName } from '../../../shared/text';
import { useUserDetails } from '../../api/accounts';
import { useCountries, useSiteConfig } from '../../api/site';
import { useIsLoggedIn } from '../../lib/auth';
import type { BillingValues } from './checkoutSchema';

/** Prefills the billing form: a signed-in buyer's saved details; otherwise the visitor's country. */
export function useBillingPrefill(form: UseFormReturn<BillingValues>) {
  const loggedIn = useIsLoggedIn();
  const userQuery = useUserDetails();
  const user = userQuery.data;
  const { data: site } = useSiteConfig();
  const { data: countries } = useCountries();
  // Whether the country came from the visitor's location (a signed-in buyer's saved country then wins).
  const countryFromDefault = useRef(false);

  useEffect(() => {
    const { getValues, setValue } = form;
    if (user) {
      if (!getValues('full_name') && user.full_name) setValue('full_name', formatPersonName(user.full_name));
      for (const field of ['phone_number', 'address_line_1', 'city', 'pin_code'] as const) if (!getValues(field) && user[field]) setValue(field, user[field]);
      if (user.email) setValue('email', user.email);
    }
    if (!countries || (loggedIn && userQuery.isPending)) return;
    const wanted = (user?.country || site?.country || '').trim().toLowerCase();
    const match = wanted ? countries.find((c) => c.country_code.toLowerCase() === wanted || c.country_name.toLowerCase() === wanted) : undefined;
    if (!match) return;
    if (!getValues('country') || (countryFromDefault.current && user?.country)) {
      setValue('country', match.country_name);
      setValue('state', user?.country ? user.state : '');
      countryFromDefault.current = !user?.country;
    }
  }, [form, user, countries, site?.country, loggedIn, userQuery.isPending]);
}
