import { Country, State } from 'country-state-city';

let countryCache: { country_name: string; country_code: string }[] | undefined;

export function listCountries() {
  countryCache ??= Country.getAllCountries()
    .map((c) => ({ country_name: c.name, country_code: c.isoCode }))
    .sort((a, b) => a.country_name.localeCompare(b.country_name));
  return countryCache;
}

/** States of a country given by its name (as the checkout form sends it) or its ISO code. */
export function listStates(country: string) {
  const needle = country.trim().toLowerCase();
  const match = listCountries().find((c) => c.country_name.toLowerCase() === needle || c.country_code.toLowerCase() === needle);
  if (!match) return undefined;
  return State.getStatesOfCountry(match.country_code)
    .map((s) => ({ state_name: s.name }))
    .sort((a, b) => a.state_name.localeCompare(b.state_name));
}
