import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accountMessages, normalizeEmail, type TokenPair, type UserDetails } from '../../shared/accounts';
import { setTokens, setUserId, useIsLoggedIn } from '../lib/auth';
import { ApiError, apiFetch, NetworkError } from './client';

export type { UserDetails };

export const userDetailsKey = ['user-details'] as const;

/** GET /user-details/: only for a signed-in user; a failure is logged, never shown (spec 8). */
export function fetchUserDetails(signal?: AbortSignal): Promise<UserDetails> {
  return apiFetch<UserDetails>('/user-details/', { signal });
}

export function useUserDetails() {
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  // Signed out (here, in another tab, or after a failed token refresh): forget the previous user's details.
  useEffect(() => {
    if (!loggedIn) queryClient.removeQueries({ queryKey: userDetailsKey });
  }, [loggedIn, queryClient]);
  return useQuery({
    queryKey: userDetailsKey,
    queryFn: async ({ signal }) => {
      try {
        const user = await fetchUserDetails(signal);
        setUserId(user.user_id);
        return user;
      } catch (error) {
        if ((error as Error).name !== 'AbortError') console.warn('Could not load the user details', error);
        throw error;
      }
    },
    enabled: loggedIn,
    staleTime: 60_000,
    retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status < 500),
  });
}

/**
 * After any login (email or Google): store the tokens (the client then sends the bearer), fetch the
 * user details and save the user id. A details failure is logged only: the login still succeeded.
 */
export async function completeLogin(tokens: TokenPair, queryClient?: QueryClient): Promise<UserDetails | undefined> {
  setTokens(tokens);
  try {
    const user = await fetchUserDetails();
    setUserId(user.user_id);
    queryClient?.setQueryData(userDetailsKey, user);
    return user;
  } catch (error) {
    console.warn('Could not load the user details', error);
    return undefined;
  }
}

/** POST /token/ with the email trimmed and lower-cased; then as completeLogin. */
export async function login(email: string, password: string, queryClient?: QueryClient): Promise<UserDetails | undefined> {
  const tokens = await apiFetch<TokenPair>('/token/', { method: 'POST', body: { email: normalizeEmail(email), password } });
  return completeLogin(tokens, queryClient);
}

/** POST /rest-auth/google/ with Google's ID token; errors arrive in non_field_errors. */
export async function googleLogin(idToken: string, queryClient?: QueryClient): Promise<UserDetails | undefined> {
  const tokens = await apiFetch<TokenPair>('/rest-auth/google/', { method: 'POST', body: { provider: 'google', id_token: idToken } });
  return completeLogin(tokens, queryClient);
}

export function googleErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return accountMessages.noResponse;
  if (error instanceof ApiError) return error.fieldError('non_field_errors') ?? (error.status === 429 ? error.message : accountMessages.googleFailed);
  return accountMessages.googleFailed;
}

/** True for the 403 a not yet verified account gets from /token/. */
export function isEmailNotVerified(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && (error.body as { code?: string } | null)?.code === 'email_not_verified';
}

/**
 * The login error texts (spec 8): 401 → invalid credentials; no response → network text; an
 * unverified account → the server's explanation; rate limited → the server's message; anything
 * else → the generic server error.
 */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return accountMessages.noResponse;
  if (error instanceof ApiError) {
    if (error.status === 401) return accountMessages.invalidCredentials;
    if (isEmailNotVerified(error)) return error.message;
    if (error.status === 429) return error.message;
  }
  return accountMessages.serverError;
}

export interface RegisterInput {
  full_name: string;
  email: string;
  password: string;
}

/**
 * POST /register/. The captcha was already checked by the widget (POST /verify-recaptcha/ leaves a
 * single-use pass cookie the server spends here), so its token is not sent again.
 */
export function register(input: RegisterInput): Promise<{ message: string }> {
  return apiFetch('/register/', {
    method: 'POST',
    body: { full_name: input.full_name.trim().replace(/\s+/g, ' '), email: normalizeEmail(input.email), password: input.password },
  });
}

export function resendVerification(email: string): Promise<{ message: string }> {
  return apiFetch('/resend-verification/', { method: 'POST', body: { email: normalizeEmail(email) } });
}

export function forgotPassword(email: string): Promise<{ message: string }> {
  return apiFetch('/forget-password-request/', { method: 'POST', body: { normalizedEmail: normalizeEmail(email) } });
}

export interface ResetPasswordInput {
  uid: string;
  token: string;
  password: string;
  confirmPassword: string;
}

export function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  return apiFetch('/reset-password/', { method: 'POST', body: input });
}

/** The server's own error text of a failed call, if it sent one ({error}, {detail} or a field message). */
export function serverErrorText(error: unknown, fields: string[] = []): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body as { error?: unknown; detail?: unknown } | null;
  if (typeof body?.error === 'string') return body.error;
  if (typeof body?.detail === 'string') return body.detail;
  for (const field of [...fields, 'non_field_errors']) {
    const message = error.fieldError(field);
    if (message) return message;
  }
  return undefined;
}

/** PUT /edit-user-details/ as multipart (full_name, phone_number, ..., optional profile_picture, remove_picture). */
export function updateProfile(form: FormData): Promise<UserDetails> {
  return apiFetch<UserDetails>('/edit-user-details/', { method: 'PUT', body: form });
}

/** A relative picture path is served by this site; an absolute http(s) address is kept as is. */
export function pictureUrl(path: string | null | undefined, origin = window.location.origin): string | undefined {
  if (!path) return undefined;
  if (/^https?:\/\//i.test(path)) return path;
  if (/^(blob|data):/i.test(path)) return path;
  return `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** Initials from the first letters of the first and last name words: 'priya natarajan' → 'PN'. */
export function initials(fullName: string | null | undefined, fallback = ''): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return fallback.slice(0, 1).toUpperCase();
  const first = words[0]![0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]![0] ?? '') : '';
  return (first + last).toUpperCase();
}

export interface Country {
  country_name: string;
  country_code: string;
}

export function useCountries() {
  return useQuery({
    queryKey: ['countries'],
    queryFn: ({ signal }) => apiFetch<{ countries: Country[] }>('/fetchCountries/', { signal }).then((r) => r.countries),
    staleTime: Infinity,
  });
}

export function useStates(country: string) {
  return useQuery({
    queryKey: ['states', country],
    queryFn: ({ signal }) => apiFetch<{ states: { state_name: string }[] }>(`/fetchStates/${encodeURIComponent(country)}`, { signal }).then((r) => r.states),
    enabled: Boolean(country.trim()),
    staleTime: Infinity,
    retry: false,
  });
}
