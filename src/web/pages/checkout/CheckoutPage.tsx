import { useState } from 'react';
import { Link } from 'react-router';
import { checkoutReplacedMessage, paymentCancelledMessage, type CartResponse } from '../../../shared/commerce';
import { useUserDetails } from '../../api/accounts';
import { useCart } from '../../api/cart';
import { Breadcrumb } from '../../components/Breadcrumb';
import { RazorpaySandboxModal } from '../../components/RazorpaySandboxModal';
import { ErrorState } from '../../components/States';
import { useIsLoggedIn } from '../../lib/auth';
import { usePageMeta } from '../../lib/usePageMeta';
import { BillingForm } from './BillingForm';
import { CheckoutLogin } from './CheckoutLogin';
import { CheckoutSkeleton, EmptyCart } from './CheckoutStates';
import { OrderSummary } from './OrderSummary';
import { useCheckout } from './useCheckout';
import { useCancelledPayment } from './usePayment';
import './checkout.scss';

export { ABANDONED_EMAIL_DELAY_MS } from './useCheckoutReminders';

/**
 * /checkout: the cart's state (loading, empty, failed) around the two steps: the buyer's details
 * (billing step) and the order summary with the coupon and the payment choice (payment step).
 * The state and the order flow live in useCheckout.
 */
export default function CheckoutPage() {
  usePageMeta('checkout');
  const { cancelled, replacedBy } = useCancelledPayment();
  const loggedIn = useIsLoggedIn();
  const { data: user } = useUserDetails();
  const cartQuery = useCart();
  const [showLogin, setShowLogin] = useState(false);
  const cart = cartQuery.data;
  const empty = !cartQuery.hasCart || (cart !== undefined && cart.items.length === 0 && !cart.bundles?.length);

  let body;
  if (empty) body = <EmptyCart />;
  else if (cart) body = <CheckoutContent cart={cart} />;
  else if (cartQuery.isError) body = <ErrorState message="We could not load your cart. Please try again." onRetry={() => void cartQuery.refetch()} />;
  else body = <CheckoutSkeleton />;

  return (
    <div className="checkout-page">
      <div className="checkout-hero border-bottom">
        <div className="container py-4">
          <Breadcrumb
            trail={[
              { label: 'Home', to: '/' },
              { label: 'Courses', to: '/courses' },
            ]}
            current="Checkout"
            className="small mb-2"
          />
          <h1 className="h2 mb-0">Checkout</h1>
        </div>
      </div>

      <section className="container checkout-body">
        <div className="checkout-banner" role="note">
          <i className={`bi ${loggedIn ? 'bi-person-check' : 'bi-person-circle'} fs-5 text-primary`} aria-hidden="true" />
          {loggedIn ? (
            <span>
              You are checking out as <strong>{user?.email ?? '…'}</strong>
            </span>
          ) : (
            <span>
              <CheckoutLogin show={showLogin} onShow={() => setShowLogin(true)} onHide={() => setShowLogin(false)} />
            </span>
          )}
        </div>
        {cancelled && (
          <div className="alert alert-info d-flex gap-2 align-items-start" role="status" data-testid="payment-cancelled">
            <i className="bi bi-info-circle-fill" aria-hidden="true" />
            {replacedBy ? (
              <div className="d-flex flex-wrap gap-2 align-items-center">
                <span>{checkoutReplacedMessage}</span>
                {replacedBy.checkout_url ? (
                  <a className="btn btn-primary btn-sm" href={replacedBy.checkout_url}>
                    Continue the newer checkout
                  </a>
                ) : (
                  replacedBy.status === 'Paid' && (
                    <Link className="btn btn-outline-primary btn-sm" to={`/order/details/${replacedBy.order_number}`}>
                      The newer checkout was paid: see order {replacedBy.order_number}
                    </Link>
                  )
                )}
              </div>
            ) : (
              <span>{paymentCancelledMessage}</span>
            )}
          </div>
        )}
        {body}
      </section>
    </div>
  );
}

/** The billing step and the payment step side by side (stacked on a phone). */
function CheckoutContent({ cart }: { cart: CartResponse }) {
  const { data: user } = useUserDetails();
  const checkout = useCheckout(cart);

  return (
    <div className="row g-4 align-items-start">
      <div className="col-lg-7">
        <section className="card checkout-details" aria-labelledby="details-title">
          <div className="card-body p-3 p-sm-4">
            <h2 id="details-title" className="h5 mb-1">
              Personal details
            </h2>
            <p className="small text-body-secondary mb-4">Used for your receipt and invoice.</p>
            <BillingForm
              form={checkout.form}
              guest={checkout.guest}
              emailLocked={!checkout.guest && Boolean(user?.email)}
              onSubmit={(event) => void checkout.submit(event)}
              disabled={checkout.submitting}
            />
          </div>
        </section>
      </div>
      <div className="col-lg-5 checkout-summary-col">
        <OrderSummary
          cart={cart}
          coupon={checkout.coupon}
          couponMessage={checkout.couponMessage}
          onCouponChange={checkout.onCouponChange}
          discount={checkout.discount}
          total={checkout.total}
          fullDiscount={checkout.fullDiscount}
          razorpayOffered={checkout.razorpayOffered}
          method={checkout.method}
          onMethodChange={checkout.setMethod}
          onRemove={checkout.removeItem}
          submitting={checkout.submitting}
          formError={checkout.formError}
        />
      </div>
      <RazorpaySandboxModal {...checkout.sandbox} />
    </div>
  );
}
