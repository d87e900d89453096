import { useState } from 'react';
import { Link } from 'react-router';
import type { CartBundle, CartResponse } from '../../../shared/commerce';
import { formatPrice } from '../../../shared/money';
import { offeredProviders } from '../../../shared/regions';
import { bundleLabel } from '../../components/BundleCard';
import { SubmitButton } from '../../components/form/SubmitButton';
import { Price } from '../../components/Price';
import { CouponBox, type AppliedCoupon, type CouponMessage } from './CouponBox';

export type ChosenMethod = 'Stripe' | 'RazorPay';

const paymentOptions = {
  stripe: { method: 'Stripe', label: 'Card', detail: 'Visa, Mastercard, Amex · secured by Stripe', icon: 'bi-credit-card-2-front' },
  razorpay: { method: 'RazorPay', label: 'Razorpay', detail: 'UPI, cards, netbanking and wallets (India)', icon: 'bi-phone' },
} as const satisfies Record<string, { method: ChosenMethod; label: string; detail: string; icon: string }>;

interface OrderSummaryProps {
  cart: CartResponse;
  coupon: AppliedCoupon | null;
  couponMessage: CouponMessage;
  onCouponChange: (applied: AppliedCoupon | null, message: CouponMessage) => void;
  discount: number;
  total: number;
  fullDiscount: boolean;
  razorpayOffered: boolean;
  method: ChosenMethod;
  onMethodChange: (method: ChosenMethod) => void;
  onRemove: (itemId: string) => Promise<void>;
  submitting: boolean;
  formError: string | null;
}

/** What a bundle line says under its title: how many of its courses are new to the buyer. */
export function bundleNewness(bundle: Pick<CartBundle, 'courses' | 'new_course_ids'>): string {
  const fresh = bundle.courses.filter((c) => bundle.new_course_ids.includes(c.id)).length;
  if (fresh === bundle.courses.length) return fresh === 1 ? 'The course is new to you' : `All ${fresh} courses are new to you`;
  return `${fresh} of ${bundle.courses.length} ${bundle.courses.length === 1 ? 'course is' : 'courses are'} new to you`;
}

/** Coupon box, one line per course and per bundle (its courses listed under it), the discount line, the total, the payment method, 'Enroll Now' and the terms line. */
export function OrderSummary(props: OrderSummaryProps) {
  const { cart, coupon, discount, total, fullDiscount, razorpayOffered, method, submitting } = props;
  const [removing, setRemoving] = useState<string | null>(null);
  const money = (amount: number) => formatPrice(amount, cart.symbol, cart.currency);
  const bundles = cart.bundles ?? [];
  const count = cart.items.length + bundles.reduce((sum, bundle) => sum + bundle.courses.length, 0);

  const remove = async (itemId: string) => {
    setRemoving(itemId);
    try {
      await props.onRemove(itemId);
    } finally {
      setRemoving(null);
    }
  };

  return (
    <section className="card checkout-summary" aria-labelledby="summary-title">
      <div className="card-body p-3 p-sm-4">
        <h2 id="summary-title" className="h5 mb-3">
          Order summary
          <span className="text-body-secondary fw-normal fs-6 ms-2">
            ({count} {count === 1 ? 'course' : 'courses'})
          </span>
        </h2>

        <ul className="list-unstyled cart-lines mb-3">
          {bundles.map((bundle) => (
            <li key={bundle.item_id} className="cart-line cart-line-bundle" data-testid="cart-bundle">
              <img src={bundle.cover_image || bundle.courses[0]?.course_image} alt="" width={96} height={54} className="cart-line-image" loading="lazy" />
              <div className="cart-line-body">
                <span className="cart-bundle-label">{bundleLabel(bundle.courses.length)}</span>
                <Link to={`/bundles/${bundle.slug}`} className="cart-line-title">
                  {bundle.title}
                </Link>
                <Price price={bundle.country_price} />
                <p className="small text-body-secondary mb-1 mt-1">{bundleNewness(bundle)}</p>
                <ul className="list-unstyled cart-bundle-courses mb-0">
                  {bundle.courses.map((course) => {
                    const fresh = bundle.new_course_ids.includes(course.id);
                    return (
                      <li key={course.id}>
                        <span className="cart-bundle-course-title">{course.title}</span>
                        {fresh ? (
                          <span className="badge rounded-pill bg-success-subtle text-success-emphasis">New to you</span>
                        ) : (
                          <span className="badge rounded-pill text-bg-light border">Already yours</span>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </div>
              <button
                type="button"
                className="btn btn-sm btn-link text-body-secondary cart-line-remove"
                aria-label={`Remove ${bundle.title}`}
                title="Remove"
                onClick={() => void remove(bundle.item_id)}
                disabled={removing !== null || submitting}
              >
                {removing === bundle.item_id ? (
                  <span className="spinner-border spinner-border-sm" aria-hidden="true" />
                ) : (
                  <i className="bi bi-trash3" aria-hidden="true" />
                )}
              </button>
            </li>
          ))}
          {cart.items.map((item) => (
            <li key={item.item_id} className="cart-line">
              <img src={item.course_image} alt="" width={96} height={54} className="cart-line-image" loading="lazy" />
              <div className="cart-line-body">
                <Link to={`/courses/${item.slug}`} className="cart-line-title">
                  {item.title}
                </Link>
                <Price price={item.country_price} />
              </div>
              <button
                type="button"
                className="btn btn-sm btn-link text-body-secondary cart-line-remove"
                aria-label={`Remove ${item.title}`}
                title="Remove"
                onClick={() => void remove(item.item_id)}
                disabled={removing !== null || submitting}
              >
                {removing === item.item_id ? (
                  <span className="spinner-border spinner-border-sm" aria-hidden="true" />
                ) : (
                  <i className="bi bi-trash3" aria-hidden="true" />
                )}
              </button>
            </li>
          ))}
        </ul>

        <CouponBox cartId={cart.cart_id} applied={coupon} message={props.couponMessage} onChange={props.onCouponChange} disabled={submitting} />

        <dl className="checkout-totals mt-4 mb-0">
          <div>
            <dt>Subtotal</dt>
            <dd>{money(cart.total)}</dd>
          </div>
          <div className={coupon ? 'text-success' : 'text-body-secondary'}>
            <dt>
              Coupon discount
              {coupon && (
                <span className="badge bg-success-subtle text-success-emphasis ms-2" data-testid="coupon-badge">
                  {coupon.code} · {coupon.amountOff != null ? `${money(coupon.amountOff)} off` : `${coupon.percentage}%`}
                </span>
              )}
            </dt>
            <dd>{discount > 0 ? `−${money(discount)}` : money(0)}</dd>
          </div>
          <div className="checkout-total">
            <dt>Total</dt>
            <dd data-testid="checkout-total">
              {money(total)} <span className="small text-body-secondary fw-normal">{cart.currency.toUpperCase()}</span>
            </dd>
          </div>
        </dl>

        {fullDiscount ? (
          <div className="alert alert-success small mt-3 mb-0" role="status">
            <i className="bi bi-gift me-2" aria-hidden="true" />
            Your coupon covers the full price: no payment is needed.
          </div>
        ) : (
          <fieldset className="mt-4" disabled={submitting}>
            <legend className="form-label fs-6 fw-semibold mb-2">Payment method</legend>
            <div className="d-grid gap-2">
              {offeredProviders(razorpayOffered)
                .map((provider) => paymentOptions[provider])
                .map((option) => (
                  <label key={option.method} className="payment-option">
                    <input
                      className="form-check-input"
                      type="radio"
                      name="payment_method"
                      value={option.method}
                      checked={method === option.method}
                      onChange={() => props.onMethodChange(option.method)}
                    />
                    <span className="payment-option-text">
                      <span className="fw-semibold d-block">{option.label}</span>
                      <span className="small text-body-secondary">{option.detail}</span>
                    </span>
                    <i className={`bi ${option.icon} fs-4 text-primary`} aria-hidden="true" />
                  </label>
                ))}
            </div>
          </fieldset>
        )}

        {props.formError && (
          <div className="alert alert-danger small mt-3 mb-0" role="alert">
            {props.formError}
          </div>
        )}

        <div className="mt-4" aria-live="polite">
          <SubmitButton form="checkout-form" className="btn btn-accent btn-lg w-100" busy={submitting} busyLabel="Please wait">
            Enroll Now
          </SubmitButton>
        </div>

        <p className="small text-body-secondary text-center mt-3 mb-0 checkout-terms">
          <i className="bi bi-lock me-1" aria-hidden="true" />
          By enrolling you agree to our <Link to="/terms-and-conditions">Terms and Conditions</Link> and{' '}
          <Link to="/cancellation-refund-policy">Cancellation &amp; Refund Policy</Link>.
        </p>
      </div>
    </section>
  );
}
