import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CourseListItem } from '../../shared/catalog';
import type { LifetimeResponse, PlanChanges, SubscribeResponse, SubscriptionDetail, SubscriptionHistoryRow } from '../../shared/subscriptions';
import { useIsLoggedIn } from '../lib/auth';
import { catalogKeys } from './catalog';
import { ApiError, apiFetch } from './client';
import { learningKeys } from './learning';
import { useVisitorIp } from './site';

export type { LifetimeResponse, PlanChanges, SubscribeResponse, SubscriptionDetail, SubscriptionHistoryRow };

/** Spec 9: the pending-activation page polls every 5 s and redirects 1.75 s after the activation. */
export const ACTIVATION_POLL_MS = 5000;
export const ACTIVATION_REDIRECT_MS = 1750;
/** Session storage: the id of the last processed lifetime-subscription session (spec 3). */
export const LIFETIME_SESSION_KEY = 'lifetimeSubscriptionSession';

/** Every key of the subscriptions module's queries. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  detail: () => [...subscriptionKeys.all, 'detail'] as const,
  courseLists: () => [...subscriptionKeys.all, 'courses'] as const,
  courses: (search: string) => [...subscriptionKeys.courseLists(), search] as const,
  history: () => [...subscriptionKeys.all, 'history'] as const,
};

export const subscriptionQueries = {
  /** GET /user/subscription-detail/: the current (else latest) membership; subscription_active false when there is none. */
  detail: () =>
    queryOptions({
      queryKey: subscriptionKeys.detail(),
      queryFn: ({ signal }) => apiFetch<SubscriptionDetail>('/user/subscription-detail/', { signal }),
      staleTime: 30_000,
      retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status < 500),
    }),

  /** GET /subscription/course/?search=: the courses the member may open through the membership (the server's access rule). */
  courses: (search: string, ip: string | undefined) =>
    queryOptions({
      queryKey: subscriptionKeys.courses(search),
      queryFn: ({ signal }) => apiFetch<{ courses: CourseListItem[] }>('/subscription/course/', { query: { search: search || undefined, ip }, signal }),
      select: (data) => data.courses,
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),

  history: () =>
    queryOptions({
      queryKey: subscriptionKeys.history(),
      queryFn: ({ signal }) => apiFetch<SubscriptionHistoryRow[]>('/subscription-history', { signal }),
      staleTime: 30_000,
    }),
};

export function useSubscriptionDetail(options: { refetchInterval?: number | false } = {}) {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...subscriptionQueries.detail(), enabled: loggedIn, refetchInterval: options.refetchInterval ?? false });
}

/**
 * Whether the signed-in viewer is a current member: the server decides it (the detail's is_active,
 * from the membership's dates and state); every place that asks (the header's Join, the plans)
 * asks here. False for a visitor and while the answer is on its way.
 */
export function useIsMember(): boolean {
  const loggedIn = useIsLoggedIn();
  const detail = useSubscriptionDetail();
  return loggedIn && detail.data?.is_active === true;
}

export function useSubscriptionCourses(search: string, enabled = true) {
  const loggedIn = useIsLoggedIn();
  const ip = useVisitorIp();
  return useQuery({ ...subscriptionQueries.courses(search.trim(), ip), enabled: loggedIn && enabled });
}

/** The ids of the courses the server says the viewer opens through a membership (empty for everyone else). */
export function useMembershipCourseIds(): ReadonlySet<number> {
  const { data } = useSubscriptionCourses('');
  return new Set(data?.map((course) => course.id));
}

export function useSubscriptionHistory() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...subscriptionQueries.history(), enabled: loggedIn });
}

/** A membership began or ended: who may open which lesson changed everywhere. */
export function membershipChanged(client: QueryClient): void {
  for (const queryKey of [subscriptionKeys.all, catalogKeys.courseDetails(), learningKeys.all]) void client.invalidateQueries({ queryKey });
}

/** The server's message for a refused subscription call (409 for a second membership, field errors, provider down). */
export function subscriptionErrorText(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status >= 500 || !error.body || typeof error.body !== 'object') return undefined;
  for (const field of ['error', 'detail', 'plan_id', 'payment_method', 'non_field_errors']) {
    const text = error.fieldError(field);
    if (text) return text;
  }
  return undefined;
}

export type MembershipMethod = 'stripe' | 'razorpay';

/** Stripe, Razorpay or Unknown (spec: Subscription). */
export function membershipMethodLabel(method: string | null | undefined): string {
  const value = method?.toLowerCase();
  if (value === 'stripe') return 'Stripe';
  if (value === 'razorpay') return 'Razorpay';
  return 'Unknown';
}

/** POST /membership-subscription-api/?ip=: a monthly or yearly plan (Stripe checkout_url, or a Razorpay subscription_id). */
export function useSubscribe() {
  const ip = useVisitorIp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, method }: { planId: number; method: MembershipMethod }) =>
      apiFetch<SubscribeResponse>('/membership-subscription-api/', {
        method: 'POST',
        query: { ip },
        body: { plan_id: planId, payment_method: method, auto_renew: true },
      }),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: subscriptionKeys.detail() });
    },
  });
}

/** POST /subscription-lifetime/?ip=: Stripe checkout_url and session_id, or a Razorpay order. */
export function useSubscribeLifetime() {
  const ip = useVisitorIp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ method }: { method: MembershipMethod }) =>
      apiFetch<LifetimeResponse>('/subscription-lifetime/', { method: 'POST', query: { ip }, body: { payment_method: method } }),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: subscriptionKeys.detail() });
    },
  });
}

export type UpdateLifetimeBody =
  | { payment_method: 'stripe'; session_id: string }
  | { payment_method: 'razorpay'; payment_id: string; order_id: string; signature: string; total: number; payment_status: 'Success'; currency: string };

interface ConfirmResult {
  success: boolean;
  message: string;
  subscription: SubscriptionDetail;
}

/** POST /update-lifetime-subscription/: the server asks the provider, then activates. */
export function useUpdateLifetime() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateLifetimeBody) => apiFetch<ConfirmResult>('/update-lifetime-subscription/', { method: 'POST', body }),
    onSuccess: (result) => {
      client.setQueryData(subscriptionKeys.detail(), result.subscription);
      membershipChanged(client);
    },
  });
}

/** POST /razorpay-subscription-verify/: the popup's result for a recurring plan. */
export function useVerifyRazorpaySubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { razorpay_payment_id: string; razorpay_subscription_id: string; razorpay_signature: string }) =>
      apiFetch<ConfirmResult>('/razorpay-subscription-verify/', { method: 'POST', body }),
    onSuccess: (result) => {
      client.setQueryData(subscriptionKeys.detail(), result.subscription);
      membershipChanged(client);
    },
  });
}

/** POST /cancel-subscription/: auto-renewal off; the membership stays active until its end date. */
export function useCancelSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionId: number) =>
      apiFetch<{ success: boolean; message: string; subscription?: SubscriptionDetail }>('/cancel-subscription/', {
        method: 'POST',
        body: { subscription_id: subscriptionId },
      }),
    onSuccess: (result) => {
      if (result.subscription) client.setQueryData(subscriptionKeys.detail(), result.subscription);
      membershipChanged(client);
    },
  });
}

/** POST emails/create-abandoned-email/ with sending_reason 'subscription'; failures are ignored (spec 8). */
export function useSubscriptionReminder() {
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch('/emails/create-abandoned-email/', { method: 'POST', body: { email: email.trim().toLowerCase(), sending_reason: 'subscription' } }).catch(
        () => undefined,
      ),
  }).mutate;
}

type OwnChangeResult = { success: boolean; message: string; subscription: SubscriptionDetail };

/** GET /subscription/plan-changes/: the plans the current membership may move to, priced by the server (Stripe's proration, the lifetime credit). */
export function usePlanChanges(enabled: boolean) {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: [...subscriptionKeys.all, 'plan-changes'] as const,
    queryFn: ({ signal }) => apiFetch<PlanChanges>('/subscription/plan-changes/', { signal }),
    enabled: loggedIn && enabled,
    staleTime: 30_000,
  });
}

/** POST /resume-subscription/: auto-renewal back on before the period ends. */
export function useResumeSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionId: number) => apiFetch<OwnChangeResult>('/resume-subscription/', { method: 'POST', body: { subscription_id: subscriptionId } }),
    onSuccess: (result) => {
      client.setQueryData(subscriptionKeys.detail(), result.subscription);
      membershipChanged(client);
    },
  });
}

/** POST /subscription/change-plan/: monthly to yearly now, with Stripe's proration. */
export function useChangePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ subscriptionId, planId }: { subscriptionId: number; planId: number }) =>
      apiFetch<OwnChangeResult>('/subscription/change-plan/', { method: 'POST', body: { subscription_id: subscriptionId, plan_id: planId } }),
    onSuccess: (result) => {
      client.setQueryData(subscriptionKeys.detail(), result.subscription);
      membershipChanged(client);
    },
  });
}

/** POST /subscription/payment-method/: the provider's page where the member updates the card (the caller goes there). */
export function usePaymentMethodPage() {
  return useMutation({
    mutationFn: (subscriptionId: number) =>
      apiFetch<{ url: string; provider: 'stripe' | 'razorpay' }>('/subscription/payment-method/', {
        method: 'POST',
        body: { subscription_id: subscriptionId },
      }),
  });
}
