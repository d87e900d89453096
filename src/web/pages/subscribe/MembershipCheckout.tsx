import Modal from 'react-bootstrap/Modal';
import type { MembershipPlan } from '../../../shared/catalog';
import { formatPrice } from '../../../shared/money';
import { offeredProviders } from '../../../shared/regions';
import type { RazorpaySubscriptionSuccess } from '../../api/orders';
import type { MembershipMethod } from '../../api/subscriptions';
import { SubmitButton } from '../../components/form/SubmitButton';
import { RazorpaySandboxModal } from '../../components/RazorpaySandboxModal';
import { useMembershipPayment } from './useMembershipPayment';

const period: Record<MembershipPlan['plan_type'], string> = { monthly: 'per month', yearly: 'per year', lifetime: 'one-time payment' };

/** The payment methods; which are offered, and in what order, is offeredProviders' (Razorpay first, only for a plan priced in India). */
const methods = {
  stripe: { value: 'stripe', icon: 'bi-credit-card', label: 'Card', detail: 'Secure checkout by Stripe' },
  razorpay: { value: 'razorpay', icon: 'bi-phone', label: 'Razorpay', detail: 'UPI, cards and netbanking' },
} as const satisfies Record<MembershipMethod, { value: MembershipMethod; icon: string; label: string; detail: string }>;

export interface MembershipCheckoutProps {
  plan: MembershipPlan | null;
  onClose: () => void;
  /** The plans page shows the failure (a verification the server refused). */
  onFailed: () => void;
  /** An upgrade (lifetime for a monthly or yearly member): what the server charges today, and what happens, instead of the plan's price. */
  upgrade?: { amountLabel: string; note: string } | undefined;
}

/**
 * The payment-confirm overlay (spec: Subscribe): the chosen plan, its price and the payment method
 * (Razorpay only for a plan priced in India), then the provider: Stripe's hosted checkout, or
 * Razorpay's popup (the local sandbox's stand-in when the server runs the sandbox), then the
 * server's verification and /pending-activation.
 */
export function MembershipCheckout({ plan, onClose, onFailed, upgrade }: MembershipCheckoutProps) {
  const { india, chosen, setMethod, working, error, popup, close, pay, subscriptionPaid, lifetimePaid, razorpayFailed, dismissed } = useMembershipPayment({
    plan,
    onClose,
    onFailed,
  });
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
                <p className="h4 mb-0" data-testid="confirm-plan-price">
                  {upgrade ? upgrade.amountLabel : formatPrice(price.amount, price.symbol, price.currency)}
                </p>
                <p className="small text-body-secondary mb-0">{upgrade ? 'today, one payment' : period[plan.plan_type]}</p>
              </div>
            </div>
            {upgrade && <p className="small text-body-secondary mb-4">{upgrade.note}</p>}
            <fieldset className="mb-3">
              <legend className="form-label fw-semibold fs-6">Payment method</legend>
              <div className="payment-methods">
                {offeredProviders(india)
                  .map((provider) => methods[provider])
                  .map((option) => (
                    <label key={option.value} className={`payment-method ${chosen === option.value ? 'is-active' : ''}`}>
                      <input
                        type="radio"
                        name="membership-method"
                        value={option.value}
                        checked={chosen === option.value}
                        onChange={() => setMethod(option.value)}
                        disabled={working}
                      />
                      <i className={`bi ${option.icon}`} aria-hidden="true" />
                      <span>
                        {option.label} <span className="small text-body-secondary d-block">{option.detail}</span>
                      </span>
                    </label>
                  ))}
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
