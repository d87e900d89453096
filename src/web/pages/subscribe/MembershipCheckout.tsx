import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router';
import type { MembershipPlan } from '../../../shared/catalog';
import { formatPrice } from '../../../shared/money';
import { toMajor } from '../../../shared/pricing';
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
import { SubmitButton } from '../../components/form/SubmitButton';
import { RazorpaySandboxModal } from '../../components/RazorpaySandboxModal';
import { openRazorpay } from '../../lib/razorpay';

const period: Record<MembershipPlan['plan_type'], string> = { monthly: 'per month', yearly: 'per year', lifetime: 'one-time payment' };

/** The Razorpay popup in progress: a recurring plan pays a subscription, the lifetime plan an order. */
type Popup =
  | { kind: 'subscription'; id: string; amount: number; currency: string; name: string; email: string }
  | { kind: 'lifetime'; id: string; amount: number; currency: string; name: string; email: string };

export interface MembershipCheckoutProps {
  plan: MembershipPlan | null;
  onClose: () => void;
  /** The plans page shows the failure (a verification the server refused). */
  onFailed: () => void;
}

/**
 * The payment-confirm overlay (spec: Subscribe): the chosen plan, its price and the payment method
 * (Razorpay only for a plan priced in India), then the provider: Stripe's hosted checkout, or
 * Razorpay's popup (the local sandbox's stand-in when the server runs the sandbox), then the
 * server's verification and /pending-activation.
 */
export function MembershipCheckout({ plan, onClose, onFailed }: MembershipCheckoutProps) {
  const navigate = useNavigate();
  const { data: user } = useUserDetails();
  const subscribe = useSubscribe();
  const subscribeLifetime = useSubscribeLifetime();
  const verify = useVerifyRazorpaySubscription();
  const updateLifetime = useUpdateLifetime();
  const remind = useSubscriptionReminder();
  const india = plan?.country_price.country_code === 'IN';
  const [method, setMethod] = useState<MembershipMethod>('stripe');
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [popup, setPopup] = useState<Popup | null>(null);
  const chosen: MembershipMethod = india ? method : 'stripe';

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
      if (plan.plan_type === 'lifetime') {
        const res = await subscribeLifetime.mutateAsync({ method: chosen });
        if (chosen === 'stripe') {
          if (!res.checkout_url) throw new Error(m.unexpectedResponse);
          window.location.assign(res.checkout_url);
          return;
        }
        if (!res.order_id) throw new Error(m.unexpectedResponse);
        const name = formatPersonName(res.user_info.name);
        await openPopup(
          { kind: 'lifetime', id: res.order_id, amount: res.amount, currency: res.currency, name, email: res.user_info.email },
          res.key_id,
          res.sandbox,
        );
        return;
      }
      const res = await subscribe.mutateAsync({ planId: plan.id, method: chosen });
      if (chosen === 'stripe') {
        if (!res.checkout_url) throw new Error(m.unexpectedResponse);
        window.location.assign(res.checkout_url);
        return;
      }
      if (!res.subscription_id) throw new Error(m.unexpectedResponse);
      const name = formatPersonName(res.user_info.name);
      await openPopup(
        { kind: 'subscription', id: res.subscription_id, amount: res.amount, currency: res.currency, name, email: res.user_info.email },
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

  const price = plan?.country_price;
  return (
    <>
      <Modal show={Boolean(plan) && !popup} onHide={close} centered aria-labelledby="payment-confirm-title" className="payment-confirm">
        <Modal.Header closeButton={!working} closeLabel="Close">
          <Modal.Title id="payment-confirm-title" as="h2" className="h5 mb-0">
            Confirm your plan
          </Modal.Title>
        </Modal.Header>
        {plan && price && (
          <Modal.Body className="p-4">
            <div className="payment-confirm-plan mb-4">
              <div>
                <p className="fw-semibold mb-0" data-testid="confirm-plan-name">
                  {plan.name}
                </p>
                <p className="small text-body-secondary mb-0">
                  {plan.plan_type === 'lifetime' ? 'Lifetime access, no renewals' : `Renews ${plan.plan_type}, cancel any time`}
                </p>
              </div>
              <div className="text-end">
                <p className="h4 mb-0">{formatPrice(price.amount, price.symbol, price.currency)}</p>
                <p className="small text-body-secondary mb-0">{period[plan.plan_type]}</p>
              </div>
            </div>
            <fieldset className="mb-3">
              <legend className="form-label fw-semibold fs-6">Payment method</legend>
              <div className="payment-methods">
                <label className={`payment-method ${chosen === 'stripe' ? 'is-active' : ''}`}>
                  <input
                    type="radio"
                    name="membership-method"
                    value="stripe"
                    checked={chosen === 'stripe'}
                    onChange={() => setMethod('stripe')}
                    disabled={working}
                  />
                  <i className="bi bi-credit-card" aria-hidden="true" />
                  <span>
                    Card <span className="small text-body-secondary d-block">Secure checkout by Stripe</span>
                  </span>
                </label>
                {india && (
                  <label className={`payment-method ${chosen === 'razorpay' ? 'is-active' : ''}`}>
                    <input
                      type="radio"
                      name="membership-method"
                      value="razorpay"
                      checked={chosen === 'razorpay'}
                      onChange={() => setMethod('razorpay')}
                      disabled={working}
                    />
                    <i className="bi bi-phone" aria-hidden="true" />
                    <span>
                      Razorpay <span className="small text-body-secondary d-block">UPI, cards and netbanking</span>
                    </span>
                  </label>
                )}
              </div>
            </fieldset>
            {error && (
              <div className="alert alert-danger small" role="alert">
                {error}
              </div>
            )}
            <SubmitButton type="button" className="btn btn-accent btn-lg w-100" busy={working} busyLabel="Please wait..." onClick={() => void pay()}>
              {chosen === 'stripe' ? 'Continue to secure payment' : 'Pay with Razorpay'}
            </SubmitButton>
            <p className="small text-body-secondary text-center mt-3 mb-0">
              <i className="bi bi-shield-lock me-1" aria-hidden="true" />
              {plan.plan_type === 'lifetime' ? 'One payment. ' : 'Access starts right after payment. '}30-day money-back guarantee.
            </p>
          </Modal.Body>
        )}
      </Modal>
      {popup?.kind === 'subscription' && (
        <RazorpaySandboxModal<RazorpaySubscriptionSuccess>
          show
          target="subscriptions"
          description="Membership"
          order={popup}
          prefill={{ name: popup.name, email: popup.email }}
          onSuccess={subscriptionPaid}
          onFailure={razorpayFailed('subscription')}
          onDismiss={dismissed}
        />
      )}
      {popup?.kind === 'lifetime' && (
        <RazorpaySandboxModal
          show
          description="Lifetime membership"
          order={popup}
          prefill={{ name: popup.name, email: popup.email }}
          onSuccess={(response) => lifetimePaid(popup, response)}
          onFailure={razorpayFailed('lifetime')}
          onDismiss={dismissed}
        />
      )}
    </>
  );
}
