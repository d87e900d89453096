import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'react-toastify';
import { billingFormSchema, type CartResponse, type CreateOrderResponse } from '../../../shared/commerce';
import { offeredProviders } from '../../../shared/regions';
import { useRemoveCartItem } from '../../api/cart';
import { ApiError, NetworkError } from '../../api/client';
import { useCreateOrder } from '../../api/orders';
import { useSiteConfig, useVisitorIp } from '../../api/site';
import { useIsLoggedIn } from '../../lib/auth';
import { showServerFieldErrors } from '../../lib/forms';
import { billingFields, checkoutTotals, emptyBilling, type BillingValues } from './checkoutSchema';
import type { AppliedCoupon, CouponMessage } from './CouponBox';
import type { ChosenMethod } from './OrderSummary';
import { useBillingPrefill } from './useBillingPrefill';
import { useCheckoutReminders } from './useCheckoutReminders';
import { usePayment } from './usePayment';

const NON_FIELD_KEYS = ['total', 'courses', 'bundles', 'payment_method', 'cart_id', 'non_field_errors', 'detail'] as const;

/**
 * The checkout's state: the billing form (the contract's schema; a guest also chooses a password),
 * the coupon and payment method, the price, and 'Enroll Now': the order is created, then paid.
 */
export function useCheckout(cart: CartResponse) {
  const loggedIn = useIsLoggedIn();
  const ip = useVisitorIp();
  const { data: site } = useSiteConfig();
  const removeCartItem = useRemoveCartItem();
  const createOrder = useCreateOrder();

  // The schema follows the sign-in state at submit time (a guest who signs in mid-checkout needs no password).
  const guestRef = useRef(!loggedIn);
  guestRef.current = !loggedIn;
  const resolver: Resolver<BillingValues> = (values, context, options) => zodResolver(billingFormSchema(guestRef.current))(values, context, options);
  const form = useForm<BillingValues>({ resolver, defaultValues: emptyBilling });
  useBillingPrefill(form);

  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [couponMessage, setCouponMessage] = useState<CouponMessage>(null);
  // null until the buyer picks one: the region's default (offeredProviders) applies.
  const [chosen, setChosen] = useState<ChosenMethod | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  // A coupon limited to some courses (or bundles) discounts only those lines, as the server does.
  const bundles = cart.bundles ?? [];
  const { discount, total } = checkoutTotals(cart.items, coupon, bundles);
  const fullDiscount = Boolean(coupon) && total <= 0;
  const razorpayOffered = cart.country.toUpperCase() === 'IN' && site?.payments.razorpay !== null;
  const offered = offeredProviders(razorpayOffered).map((p): ChosenMethod => (p === 'razorpay' ? 'RazorPay' : 'Stripe'));
  const method: ChosenMethod = chosen && offered.includes(chosen) ? chosen : offered[0]!;
  const courseIds = [...cart.items.map((item) => item.course_id), ...bundles.flatMap((bundle) => bundle.courses.map((c) => c.id))];
  const remindOnSubmit = useCheckoutReminders(form.watch('email'), courseIds, submitting);

  const payment = usePayment({
    onStopped: (message) => {
      if (message) setFormError(message);
      setSubmitting(false);
    },
    onRestored: useCallback(() => setSubmitting(false), []),
  });

  const onCouponChange = (applied: AppliedCoupon | null, message: CouponMessage) => {
    setCoupon(applied);
    setCouponMessage(message);
  };

  const removeItem = async (itemId: string) => {
    try {
      await removeCartItem.mutateAsync(itemId);
    } catch {
      toast.error('Could not remove it from your cart. Please try again.');
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

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    setSubmitting(true);
    remindOnSubmit();

    const data = new FormData();
    for (const field of billingFields) if (field !== 'password') data.append(field, values[field].trim());
    if (!loggedIn) data.append('password', values.password);
    for (const item of cart.items) data.append('courses', String(item.course_id));
    for (const bundle of bundles) data.append('bundles', String(bundle.bundle_id));
    data.append('total', String(total));
    data.append('payment_method', fullDiscount ? 'Full_Discount' : method);
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
    await payment.pay(order, values);
  });

  return {
    form,
    guest: !loggedIn,
    submit,
    submitting,
    formError,
    coupon,
    couponMessage,
    onCouponChange,
    discount,
    total,
    fullDiscount,
    razorpayOffered,
    method,
    setMethod: setChosen,
    removeItem,
    sandbox: payment.sandbox,
  };
}
