import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accountMessages, normalizeEmail } from '../../shared/account-messages';
import type { TokenPair, UserDetails } from '../../shared/accounts';
import { getUserId, setTokens, setUserId, useIsLoggedIn } from '../lib/auth';
import { ApiError, apiFetch, NetworkError } from './client';

export type { UserDetails };

/** Every key of the accounts module's queries. */
export const accountKeys = {
  all: ['accounts'] as const,
  userDetails: () => [...accountKeys.all, 'user-details'] as const,
};

/** GET /user-details/: only for a signed-in user; a failure is logged, never shown (spec 8). */
function fetchUserDetails(signal?: AbortSignal): Promise<UserDetails> {
  return apiFetch<UserDetails>('/user-details/', { signal });
}

export const accountQueries = {
  userDetails: () =>
    queryOptions({
      queryKey: accountKeys.userDetails(),
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
      staleTime: 60_000,
      retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status < 500),
    }),
};

export function useUserDetails() {
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  // Signed out (here, in another tab, or after a failed token refresh): forget the previous user's details.
  useEffect(() => {
    if (!loggedIn) queryClient.removeQueries({ queryKey: accountKeys.userDetails() });
  }, [loggedIn, queryClient]);
  return useQuery({ ...accountQueries.userDetails(), enabled: loggedIn });
}

/**
 * The signed-in user's id: stored at login; a buyer whose account was just created at checkout
 * has tokens but no stored id yet, so it comes from /user-details/ (which stores it).
 */
export function useCurrentUserId(): { userId: number | undefined; isLoading: boolean } {
  const loggedIn = useIsLoggedIn();
  const stored = getUserId();
  const { data, isLoading } = useUserDetails();
  if (stored) return { userId: stored, isLoading: false };
  return { userId: data?.user_id, isLoading: loggedIn && isLoading };
}

/**
 * After any login (email, Google, or the account a guest checkout creates): store the tokens (the
 * client then sends the bearer), fetch the user details and save the user id. A details failure is
 * logged only: the login still succeeded.
 */
export async function completeLogin(tokens: TokenPair, queryClient: QueryClient): Promise<UserDetails | undefined> {
  setTokens(tokens);
  try {
    const user = await fetchUserDetails();
    setUserId(user.user_id);
    queryClient.setQueryData(accountKeys.userDetails(), user);
    return user;
  } catch (error) {
    console.warn('Could not load the user details', error);
    return undefined;
  }
}

/**
 * POST /token/ with the email trimmed and lower-cased; then as completeLogin. `captcha`, only once
 * the server asked for it (isCaptchaRequired): the solved widget's payload (the widget's check also
 * left a pass cookie, which the server takes first).
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string; captcha?: string | undefined }) =>
      apiFetch<TokenPair>('/token/', {
        method: 'POST',
        body: { email: normalizeEmail(input.email), password: input.password, ...(input.captcha ? { captcha: input.captcha } : {}) },
      }),
    onSuccess: (tokens) => completeLogin(tokens, queryClient),
  });
}

/** POST /rest-auth/google/ with Google's ID token; errors arrive in non_field_errors. */
export function useGoogleLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idToken: string) => apiFetch<TokenPair>('/rest-auth/google/', { method: 'POST', body: { provider: 'google', id_token: idToken } }),
    onSuccess: (tokens) => completeLogin(tokens, queryClient),
  });
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
 * True when /token/ asks for a solved captcha first (400, code 'captcha_required': many recent
 * failed sign-ins to this account); the password was not checked. The form shows the captcha.
 */
export function isCaptchaRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 400 && (error.body as { code?: string } | null)?.code === 'captcha_required';
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
export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) =>
      apiFetch<{ message: string }>('/register/', {
        method: 'POST',
        body: { full_name: input.full_name.trim().replace(/\s+/g, ' '), email: normalizeEmail(input.email), password: input.password },
      }),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => apiFetch<{ message: string }>('/resend-verification/', { method: 'POST', body: { email: normalizeEmail(email) } }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch<{ message: string }>('/forget-password-request/', { method: 'POST', body: { normalizedEmail: normalizeEmail(email) } }),
  });
}

export interface ResetPasswordInput {
  uid: string;
  token: string;
  password: string;
  confirmPassword: string;
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => apiFetch<{ message: string }>('/reset-password/', { method: 'POST', body: input }),
  });
}

/** PUT /edit-user-details/ as multipart (full_name, phone_number, ..., optional profile_picture, remove_picture); the answer replaces the cached details. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiFetch<UserDetails>('/edit-user-details/', { method: 'PUT', body: form }),
    onSuccess: (updated) => queryClient.setQueryData(accountKeys.userDetails(), updated),
  });
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
