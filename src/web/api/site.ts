import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { SiteFigures } from '../../shared/site';
import type { SiteConfig } from '../../shared/site';
import { getCookie, setIpCookie } from '../lib/storage';
import { ApiError, apiFetch } from './client';

export interface Country {
  country_name: string;
  country_code: string;
}
export interface State {
  state_name: string;
}

/** Every key of the site module's queries (server module `site`). */
export const siteKeys = {
  all: ['site'] as const,
  config: () => [...siteKeys.all, 'config'] as const,
  figures: () => [...siteKeys.all, 'figures'] as const,
  visitorIp: () => [...siteKeys.all, 'visitor-ip'] as const,
  countries: () => [...siteKeys.all, 'countries'] as const,
  states: (country: string) => [...siteKeys.all, 'states', country] as const,
};

export const siteQueries = {
  config: () => queryOptions({ queryKey: siteKeys.config(), queryFn: ({ signal }) => apiFetch<SiteConfig>('/site-config/', { signal }), staleTime: Infinity }),

  /** GET /site-figures/: the home page's stats strip, the subscribe page's claims and the testimonials' wording (Settings, else the database's). */
  figures: () =>
    queryOptions({ queryKey: siteKeys.figures(), queryFn: ({ signal }) => apiFetch<SiteFigures>('/site-figures/', { signal }), staleTime: 5 * 60_000 }),

  /** GET /save-ip/, stored in the user_ip cookie. A failure is only logged: the visitor's IP is then unknown (''). */
  visitorIp: () =>
    queryOptions({
      queryKey: siteKeys.visitorIp(),
      queryFn: async () => {
        try {
          const { ip } = await apiFetch<{ ip: string }>('/save-ip/');
          setIpCookie(ip);
          return ip;
        } catch (error) {
          console.warn('Could not read the visitor IP', error);
          return '';
        }
      },
      staleTime: Infinity,
    }),

  countries: () =>
    queryOptions({
      queryKey: siteKeys.countries(),
      queryFn: ({ signal }) => apiFetch<{ countries: Country[] }>('/fetchCountries/', { signal }).then((r) => r.countries),
      staleTime: Infinity,
    }),

  states: (country: string) =>
    queryOptions({
      queryKey: siteKeys.states(country),
      queryFn: ({ signal }) => apiFetch<{ states: State[] }>(`/fetchStates/${encodeURIComponent(country)}`, { signal }).then((r) => r.states),
      enabled: Boolean(country.trim()),
      staleTime: Infinity,
      retry: false,
    }),
};

export function useSiteConfig() {
  return useQuery(siteQueries.config());
}

export function useSiteFigures() {
  return useQuery(siteQueries.figures());
}

/**
 * The support address to show, or undefined when there is none: the server decides it (the studio's
 * setting, then SUPPORT_EMAIL, then the first admin; see the settings module's supportAddress) and
 * answers '' before any of those exists. Every place that shows an address uses this and hides its
 * line when there is none; no page has an address of its own.
 */
export function useSupportEmail(): string | undefined {
  const { data } = useSiteConfig();
  return data?.support_email || undefined;
}

export function useCountries() {
  return useQuery(siteQueries.countries());
}

/** The states of a country ('' or undefined: none asked for). */
export function useStates(country: string | undefined) {
  return useQuery(siteQueries.states(country ?? ''));
}

/**
 * The visitor's IP, kept in the user_ip cookie and fetched from /save-ip/ when missing. It is sent
 * as `?ip=` for compatibility; the server prices from the connection itself. Failure is only logged.
 */
export function useVisitorIp(): string | undefined {
  return useVisitorIpState().ip;
}

/** The IP and whether the lookup has settled (cookie present, or /save-ip/ answered or failed). */
export function useVisitorIpState(): { ip: string | undefined; ready: boolean } {
  const cookie = typeof document === 'undefined' ? undefined : getCookie('user_ip');
  const { data, isFetched } = useQuery({ ...siteQueries.visitorIp(), enabled: !cookie });
  return { ip: cookie ?? (data || undefined), ready: Boolean(cookie) || isFetched };
}

export type CaptchaCheck = 'verified' | 'failed' | 'unavailable';

/**
 * POST /verify-recaptcha/: the server checks a captcha token and leaves a single-use pass cookie.
 * Answers 'verified', 'failed' (rejected) or 'unavailable' (network, 429, 5xx); it never throws.
 */
export function useVerifyCaptcha() {
  return useMutation({
    mutationFn: async (token: string): Promise<CaptchaCheck> => {
      try {
        const result = await apiFetch<{ success?: boolean } | null>('/verify-recaptcha/', { method: 'POST', body: { token } });
        return result?.success === true ? 'verified' : 'failed';
      } catch (error) {
        if (error instanceof ApiError && error.status < 500 && error.status !== 429) return 'failed';
        return 'unavailable';
      }
    },
  });
}
