import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { billingFormSchema, paymentCancelledMessage, type CartResponse, type CreateOrderResponse } from '../../../shared/commerce';
import { formatPersonName } from '../../../shared/text';
import { useUserDetails } from '../../api/accounts';
import { useAbandonedCartReminder, useCart, useRemoveCartItem } from '../../api/cart';
import { ApiError, NetworkError } from '../../api/client';
import { useCancelPayment, useCreateOrder, useUpdatePayment, type RazorpayFailure, type RazorpaySuccess } from '../../api/orders';
import { useCountries, useSiteConfig, useVisitorIp } from '../../api/site';
import { Breadcrumb } from '../../components/Breadcrumb';
import { RazorpaySandboxModal } from '../../components/RazorpaySandboxModal';
import { ErrorState } from '../../components/States';
import { useIsLoggedIn } from '../../lib/auth';
import { rememberGuestEmail } from '../../lib/cart';
import { showServerFieldErrors } from '../../lib/forms';
import { usePageMeta } from '../../lib/usePageMeta';
import { BillingForm } from './BillingForm';
import { CheckoutLogin } from './CheckoutLogin';
import { billingFields, checkoutTotals, emptyBilling, isValidEmail, type BillingValues } from './checkoutSchema';
import type { AppliedCoupon, CouponMessage } from './CouponBox';
import { OrderSummary, type ChosenMethod } from './OrderSummary';
import { openRazorpay } from '../../lib/razorpay';
import './checkout.scss';

/** Abandoned-cart reminder delay after a valid guest email is typed (spec section 9). */
export const ABANDONED_EMAIL_DELAY_MS = 7000;

const NON_FIELD_KEYS = ['total', 'courses', 'payment_method', 'cart_id', 'non_field_errors', 'detail'] as const;

function failureUrl(params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  return `/order/failure/?${query.toString()}`;
}

/**
 * Back from Stripe with ?payment=cancelled&order_no=…: a calm note, not a failure; the server closes
 * that order (its coupon is given back) and the cart is untouched. The query is dropped so a reload
 * does not repeat it.
 */
function useCancelledPayment(): boolean {
  const [params, setParams] = useSearchParams();
  const [cancelled, setCancelled] = useState(false);
  const cancelPayment = useCancelPayment();
  const orderNumber = params.get('payment') === 'cancelled' ? params.get('order_no') : null;
  const { mutate } = cancelPayment;
  useEffect(() => {
    if (params.get('payment') !== 'cancelled') return;
    setCancelled(true);
    if (orderNumber) mutate(orderNumber);
    setParams({}, { replace: true });
  }, [params, orderNumber, mutate, setParams]);
  return cancelled;
}

export default function CheckoutPage() {
  usePageMeta('checkout');
  const cancelled = useCancelledPayment();
  const loggedIn = useIsLoggedIn();
  const { data: user } = useUserDetails();
  const cartQuery = useCart();
  const [showLogin, setShowLogin] = useState(false);
  const cart = cartQuery.data;
  const empty = !cartQuery.hasCart || (cart !== undefined && cart.items.length === 0);

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
            <span>{paymentCancelledMessage}</span>
          </div>
        )}
        {body}
      </section>
    </div>
  );
}

function EmptyCart() {
  return (
    <div className="card mx-auto text-center border-0 shadow-sm checkout-empty">
      <div className="card-body p-5">
        <span className="checkout-empty-icon mb-3" aria-hidden="true">
          <i className="bi bi-cart3 fs-2" />
        </span>
        <p className="h5 mb-2">Your cart is empty.</p>
        <p className="text-body-secondary mb-4">Find a project-based course you like and add it to your cart to enrol.</p>
        <Link to="/courses" className="btn btn-primary btn-lg">
          Browse courses
        </Link>
      </div>
    </div>
  );
}

function CheckoutSkeleton() {
  return (
    <div className="row g-4" aria-busy="true" aria-label="Loading your cart">
      <div className="col-lg-7">
        <div className="card p-4">
          <div className="skeleton skeleton-text w-25 mb-4" />
          {[0, 1, 2, 3].map((i) => (
            <div className="row g-3 mb-3" key={i}>
              <div className="col-6">
                <div className="skeleton skeleton-text w-50 mb-2" />
                <div className="skeleton" style={{ height: 42 }} />
              </div>
              <div className="col-6">
                <div className="skeleton skeleton-text w-50 mb-2" />
                <div className="skeleton" style={{ height: 42 }} />
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="col-lg-5">
        <div className="card p-4">
          <div className="skeleton skeleton-text w-50 mb-4" />
          <div className="d-flex gap-3 mb-4">
            <div className="skeleton" style={{ width: 96, height: 54 }} />
            <div className="flex-grow-1">
              <div className="skeleton skeleton-text mb-2" />
              <div className="skeleton skeleton-text w-25" />
            </div>
          </div>
          <div className="skeleton mb-3" style={{ height: 42 }} />
          <div className="skeleton" style={{ height: 48 }} />
        </div>
      </div>
    </div>
  );
}

function CheckoutContent({ cart }: { cart: CartResponse }) {
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const ip = useVisitorIp();
  const { data: site } = useSiteConfig();
  const userQuery = useUserDetails();
  const user = userQuery.data;
  const { data: countries } = useCountries();
  const removeCartItem = useRemoveCartItem();
  const createOrder = useCreateOrder();
  const updatePayment = useUpdatePayment();
  const remindAbandoned = useAbandonedCartReminder();

  const guestRef = useRef(!loggedIn);
  guestRef.current = !loggedIn;
  const resolver: Resolver<BillingValues> = (values, context, options) => zodResolver(billingFormSchema(guestRef.current))(values, context, options);
  const form = useForm<BillingValues>({ resolver, defaultValues: emptyBilling });

  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [couponMessage, setCouponMessage] = useState<CouponMessage>(null);
  const [chosen, setChosen] = useState<ChosenMethod>('Stripe');
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [sandboxOrder, setSandboxOrder] = useState<CreateOrderResponse | null>(null);

  // A coupon limited to some courses discounts only those lines, as the server does.
  const { discount, total } = checkoutTotals(cart.items, coupon);
  const fullDiscount = Boolean(coupon) && total <= 0;
  const razorpayOffered = cart.country.toUpperCase() === 'IN' && site?.payments.razorpay !== null;
  const method: ChosenMethod = chosen === 'RazorPay' && !razorpayOffered ? 'Stripe' : chosen;
  const courseIds = cart.items.map((item) => item.course_id);
  const idsKey = courseIds.join(',');

  // Prefill: a signed-in buyer's saved details; otherwise the visitor's country.
  const countryFromDefault = useRef(false);
  useEffect(() => {
    const { getValues, setValue } = form;
    if (user) {
      if (!getValues('full_name') && user.full_name) setValue('full_name', formatPersonName(user.full_name));
      for (const field of ['phone_number', 'address_line_1', 'city', 'pin_code'] as const) if (!getValues(field) && user[field]) setValue(field, user[field]);
      if (user.email) setValue('email', user.email);
    }
    if (!countries || (loggedIn && userQuery.isPending)) return;
    const wanted = (user?.country || site?.country || '').trim().toLowerCase();
    const match = wanted ? countries.find((c) => c.country_code.toLowerCase() === wanted || c.country_name.toLowerCase() === wanted) : undefined;
    if (!match) return;
    if (!getValues('country') || (countryFromDefault.current && user?.country)) {
      setValue('country', match.country_name);
      setValue('state', user?.country ? user.state : '');
      countryFromDefault.current = !user?.country;
    }
  }, [form, user, countries, site?.country, loggedIn, userQuery.isPending]);

  // Abandoned-cart reminders: 7 s after a valid guest email is typed; for a signed-in user on cart load.
  const email = form.watch('email');
  const lastReminder = useRef('');
  useEffect(() => {
    if (loggedIn || !idsKey || !isValidEmail(email)) return;
    const key = `${email.trim().toLowerCase()}|${idsKey}`;
    if (lastReminder.current === key) return;
    const timer = setTimeout(() => {
      lastReminder.current = key;
      rememberGuestEmail(email);
      remindAbandoned({ email, reason: 'checkout', courseIds: idsKey.split(',').map(Number) });
    }, ABANDONED_EMAIL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [email, idsKey, loggedIn, remindAbandoned]);
  useEffect(() => {
    if (!loggedIn || !user?.email || !idsKey) return;
    const key = `${user.email}|${idsKey}`;
    if (lastReminder.current === key) return;
    lastReminder.current = key;
    remindAbandoned({ email: user.email, reason: 'checkout', courseIds: idsKey.split(',').map(Number) });
  }, [loggedIn, user?.email, idsKey, remindAbandoned]);

  // Back from the card provider's page: the browser may restore this page as it was left ('Please wait').
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setSubmitting(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const onCouponChange = (applied: AppliedCoupon | null, message: CouponMessage) => {
    setCoupon(applied);
    setCouponMessage(message);
  };

  const removeItem = async (itemId: string) => {
    try {
      await removeCartItem.mutateAsync(itemId);
    } catch {
      toast.error('Could not remove the course. Please try again.');
    }
  };

  const showOrderError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 400) {
      const focused = showServerFieldErrors(error, form.setError, billingFields).length > 0;
      const couponError = error.fieldError('coupon_code');
      if (couponError) onCouponChange(null, { kind: 'error', text: couponError });
      const other = NON_FIELD_KEYS.map((key) => error.fieldError(key)).find(Boolean);
      setFormError(other ?? (focused ? 'Please correct the highlighted fields.' : couponError ? null : 'Please check your details and try again.'));
      return;
    }
    if (error instanceof NetworkError) setFormError(error.message);
    else if (error instanceof ApiError) setFormError(error.fieldError('detail') ?? 'Something went wrong. Please try again.');
    else setFormError('Something went wrong. Please try again.');
  };

  /** Razorpay's result: the payment update is posted, then the success or failure page. */
  const razorpaySucceeded = async (order: CreateOrderResponse, response: RazorpaySuccess) => {
    setSandboxOrder(null);
    const params = new URLSearchParams({
      order_no: order.order_number,
      payment_id: response.razorpay_payment_id,
      order_id: response.razorpay_order_id,
      signature: response.razorpay_signature,
    });
    try {
      const result = await updatePayment.mutateAsync({
        payment_method: 'RazorPay',
        order_number: order.order_number,
        order_id: response.razorpay_order_id,
        payment_id: response.razorpay_payment_id,
        signature: response.razorpay_signature,
        payment_status: 'Success',
        total: order.total,
        currency: order.currency,
      });
      if (result.status === 'Failed') {
        void navigate(failureUrl({ order_id: order.order_number, payment_id: result.payment_id, reason: 'payment_failed' }));
        return;
      }
    } catch {
      // A confirmation failure is silent: the success page confirms again.
    }
    void navigate(`/order/success/?${params.toString()}`);
  };

  const razorpayFailed = async (order: CreateOrderResponse, error: RazorpayFailure) => {
    setSandboxOrder(null);
    const paymentId = error.metadata?.payment_id ?? '';
    await updatePayment
      .mutateAsync({
        payment_method: 'RazorPay',
        order_number: order.order_number,
        order_id: error.metadata?.order_id ?? order.rzp_order?.id ?? '',
        payment_id: paymentId,
        signature: '',
        payment_status: 'Failed',
        total: order.total,
        currency: order.currency,
      })
      .catch(() => undefined);
    void navigate(
      failureUrl({
        code: error.code,
        description: error.description,
        source: error.source,
        step: error.step,
        reason: error.reason,
        order_id: order.order_number,
        payment_id: paymentId,
      }),
    );
  };

  const razorpayDismissed = () => {
    setSandboxOrder(null);
    setSubmitting(false);
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    setSubmitting(true);
    if (loggedIn && user?.email) remindAbandoned({ email: user.email, reason: 'checkout', courseIds });

    const paymentMethod = fullDiscount ? 'Full_Discount' : method;
    const data = new FormData();
    for (const field of billingFields) if (field !== 'password') data.append(field, values[field].trim());
    if (!loggedIn) data.append('password', values.password);
    for (const item of cart.items) data.append('courses', String(item.course_id));
    data.append('total', String(total));
    data.append('payment_method', paymentMethod);
    if (coupon) data.append('coupon_code', coupon.code);
    data.append('cart_id', cart.cart_id);

    let order: CreateOrderResponse;
    try {
      order = await createOrder.mutateAsync({ form: data, ip });
    } catch (error) {
      showOrderError(error);
      setSubmitting(false);
      return;
    }
    if (order.payment_method === 'Full_Discount') {
      void navigate(`/order/success/?order_no=${encodeURIComponent(order.order_number)}`);
    } else if (order.payment_method === 'Stripe') {
      if (order.checkout_url) window.location.assign(order.checkout_url);
      else {
        setFormError('The payment provider is not reachable right now. Please try again in a moment.');
        setSubmitting(false);
      }
    } else if (order.rzp_order) {
      const rzp = order.rzp_order;
      if (rzp.sandbox) setSandboxOrder(order);
      else {
        try {
          await openRazorpay<RazorpaySuccess>({
            keyId: rzp.key_id,
            orderId: rzp.id,
            amount: rzp.amount,
            currency: rzp.currency,
            prefill: { name: formatPersonName(values.full_name), email: values.email.trim(), contact: values.phone_number.trim() },
            onSuccess: (response) => void razorpaySucceeded(order, response),
            onFailure: (error) => void razorpayFailed(order, error),
            onDismiss: razorpayDismissed,
          });
        } catch {
          setFormError('The payment window could not be opened. Check your connection and try again.');
          setSubmitting(false);
        }
      }
    } else {
      setFormError('Something went wrong. Please try again.');
      setSubmitting(false);
    }
  });

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
              form={form}
              guest={!loggedIn}
              emailLocked={loggedIn && Boolean(user?.email)}
              onSubmit={(event) => void submit(event)}
              disabled={submitting}
            />
          </div>
        </section>
      </div>
      <div className="col-lg-5 checkout-summary-col">
        <OrderSummary
          cart={cart}
          coupon={coupon}
          couponMessage={couponMessage}
          onCouponChange={onCouponChange}
          discount={discount}
          total={total}
          fullDiscount={fullDiscount}
          razorpayOffered={razorpayOffered}
          method={method}
          onMethodChange={setChosen}
          onRemove={removeItem}
          submitting={submitting}
          formError={formError}
        />
      </div>
      <RazorpaySandboxModal
        show={sandboxOrder !== null}
        order={sandboxOrder?.rzp_order ?? null}
        prefill={{ name: sandboxOrder?.full_name, email: sandboxOrder?.email }}
        onSuccess={(response) => sandboxOrder && void razorpaySucceeded(sandboxOrder, response)}
        onFailure={(error) => sandboxOrder && void razorpayFailed(sandboxOrder, error)}
        onDismiss={razorpayDismissed}
      />
    </div>
  );
}
