import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { MembershipPlan } from '../../../shared/catalog';
import { toMajor } from '../../../shared/pricing';
import { offeredProviders } from '../../../shared/regions';
import { subscriptionMessages as m } from '../../../shared/subscription-messages';
import { formatPersonName } from '../../../shared/text';
import { useUserDetails } from '../../api/accounts';
import type { RazorpayFailure, RazorpaySubscriptionSuccess, RazorpaySuccess } from '../../api/orders';
import {
  subscriptionErrorText,
  useSubscribe,
  useSubscribeLifetime,
  useSubscriptionReminder,
  useUpdateLifetime,
  useVerifyRazorpaySubscription,
  type MembershipMethod,
} from '../../api/subscriptions';
import { openRazorpay } from '../../lib/razorpay';

/** The Razorpay popup in progress: a recurring plan pays a subscription, the lifetime plan an order. */
export interface Popup {
  kind: 'subscription' | 'lifetime';
  id: string;
  amount: number;
  currency: string;
  name: string;
  email: string;
}

/**
 * Paying for a membership plan: the chosen method (Razorpay only for a plan priced in India), then
 * the provider: Stripe's hosted checkout, or Razorpay's popup (the `popup` the sandbox stands in
 * for when the server runs it), then the server's verification and /pending-activation.
 */
export function useMembershipPayment({ plan, onClose, onFailed }: { plan: MembershipPlan | null; onClose: () => void; onFailed: () => void }) {
  const navigate = useNavigate();
  const { data: user } = useUserDetails();
  const subscribe = useSubscribe();
  const subscribeLifetime = useSubscribeLifetime();
  const verify = useVerifyRazorpaySubscription();
  const updateLifetime = useUpdateLifetime();
  const remind = useSubscriptionReminder();
  const india = plan?.country_price.country_code === 'IN';
  // null until the member picks one: the region's default (offeredProviders: Razorpay first in India).
  const [method, setMethod] = useState<MembershipMethod | null>(null);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [popup, setPopup] = useState<Popup | null>(null);
  const offered = offeredProviders(india);
  const chosen: MembershipMethod = method && offered.includes(method) ? method : offered[0]!;

  const close = () => {
    if (working && !popup) return;
    setPopup(null);
    setWorking(false);
    setError(null);
    onClose();
  };

  const paymentFailed = () => {
    window.alert(m.paymentFailed);
    setPopup(null);
    setWorking(false);
    onClose();
  };

  const razorpayFailed = (kind: Popup['kind']) => (failure: RazorpayFailure) => {
    console.warn('Razorpay payment failed', failure);
    paymentFailed();
    if (kind === 'subscription') void navigate('/subscribe', { replace: true });
  };

  const verified = (kind: Popup['kind']) => {
    setPopup(null);
    void navigate(kind === 'lifetime' ? '/pending-activation?plan=lifetime' : '/pending-activation');
  };

  const verificationFailed = () => {
    setPopup(null);
    setWorking(false);
    onClose();
    onFailed();
    void navigate('/subscribe', { replace: true });
  };

  const subscriptionPaid = (response: RazorpaySubscriptionSuccess) =>
    verify.mutate(response, { onSuccess: () => verified('subscription'), onError: verificationFailed });

  const lifetimePaid = (popupOrder: Popup, response: RazorpaySuccess) =>
    updateLifetime.mutate(
      {
        payment_method: 'razorpay',
        payment_id: response.razorpay_payment_id,
        order_id: response.razorpay_order_id,
        signature: response.razorpay_signature,
        total: toMajor(popupOrder.amount),
        payment_status: 'Success',
        currency: popupOrder.currency,
      },
      { onSuccess: () => verified('lifetime'), onError: verificationFailed },
    );

  const dismissed = () => {
    setPopup(null);
    setWorking(false);
  };

  const openPopup = async (next: Popup, keyId: string | null, sandbox: boolean) => {
    if (sandbox || !keyId) {
      setPopup(next);
      return;
    }
    try {
      const prefill = { name: next.name, email: next.email, contact: '' };
      if (next.kind === 'subscription')
        await openRazorpay<RazorpaySubscriptionSuccess>({
          keyId,
          subscriptionId: next.id,
          description: 'Lectern membership',
          prefill,
          onSuccess: subscriptionPaid,
          onFailure: razorpayFailed('subscription'),
          onDismiss: dismissed,
        });
      else
        await openRazorpay<RazorpaySuccess>({
          keyId,
          orderId: next.id,
          amount: next.amount,
          currency: next.currency,
          description: 'Lectern lifetime membership',
          prefill,
          onSuccess: (response) => lifetimePaid(next, response),
          onFailure: razorpayFailed('lifetime'),
          onDismiss: dismissed,
        });
    } catch {
      setError('The payment window could not be opened. Check your connection and try again.');
      setWorking(false);
    }
  };

  const pay = async () => {
    if (!plan || working) return;
    setWorking(true);
    setError(null);
    if (user?.email) remind(user.email);
    try {
      const lifetime = plan.plan_type === 'lifetime';
      // Both starts answer alike: Stripe's page to go to, or what Razorpay's popup pays (an order for the lifetime plan).
      const res = lifetime
        ? await subscribeLifetime.mutateAsync({ method: chosen }).then((r) => ({ ...r, razorpayId: r.order_id }))
        : await subscribe.mutateAsync({ planId: plan.id, method: chosen }).then((r) => ({ ...r, razorpayId: r.subscription_id }));
      if (chosen === 'stripe') {
        if (!res.checkout_url) throw new Error(m.unexpectedResponse);
        window.location.assign(res.checkout_url);
        return;
      }
      const id = res.razorpayId;
      if (!id) throw new Error(m.unexpectedResponse);
      await openPopup(
        {
          kind: lifetime ? 'lifetime' : 'subscription',
          id,
          amount: res.amount,
          currency: res.currency,
          name: formatPersonName(res.user_info.name),
          email: res.user_info.email,
        },
        res.key_id,
        res.sandbox,
      );
    } catch (cause) {
      setWorking(false);
      const text = subscriptionErrorText(cause);
      if (text) setError(text);
      else if (cause instanceof Error && cause.message === m.unexpectedResponse) setError(m.unexpectedResponse);
      else paymentFailed();
    }
  };

  return { india, chosen, setMethod, working, error, popup, close, pay, subscriptionPaid, lifetimePaid, razorpayFailed, dismissed };
}
