import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { CreateOrderResponse, PaymentCancelResult } from '../../../shared/commerce';
import { formatPersonName } from '../../../shared/text';
import { useCancelPayment, useUpdatePayment, type RazorpayFailure, type RazorpaySuccess } from '../../api/orders';
import type { BillingValues } from './checkoutSchema';
import { openRazorpay } from '../../lib/razorpay';

function failureUrl(params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  return `/order/failure/?${query.toString()}`;
}

/**
 * Back from Stripe with ?payment=cancelled&order_no=…: a calm note, not a failure; the server closes
 * that order (its coupon is given back) and the cart is untouched. The query is dropped so a reload
 * does not repeat it. `replacedBy` is the newer checkout (another tab's) that had replaced this one.
 */
export function useCancelledPayment(): { cancelled: boolean; replacedBy: PaymentCancelResult['replaced_by'] } {
  // Until the server has answered, nothing is said: a replaced checkout is told so, not 'cancelled' first.
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
  return { cancelled: cancelled && !cancelPayment.isPending, replacedBy: cancelPayment.data?.replaced_by ?? null };
}

interface PaymentCallbacks {
  /** The payment could not start or was dismissed: the buyer is back on the form. */
  onStopped: (message: string | null) => void;
  /** The browser restored the page from its cache (back from the card provider). */
  onRestored: () => void;
}

/**
 * The payment step, once the order exists: a full discount goes to the success page, Stripe to its
 * hosted checkout, Razorpay to its popup (or the local sandbox's), whose result is posted to the
 * server before the success or failure page.
 */
export function usePayment({ onStopped, onRestored }: PaymentCallbacks) {
  const navigate = useNavigate();
  const updatePayment = useUpdatePayment();
  const [sandboxOrder, setSandboxOrder] = useState<CreateOrderResponse | null>(null);

  // Back from the card provider's page: the browser may restore this page as it was left ('Please wait').
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) onRestored();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [onRestored]);

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
    onStopped(null);
  };

  /** Takes the buyer to pay for the order just created. */
  const pay = async (order: CreateOrderResponse, values: BillingValues) => {
    if (order.payment_method === 'Full_Discount') {
      void navigate(`/order/success/?order_no=${encodeURIComponent(order.order_number)}`);
    } else if (order.payment_method === 'Stripe') {
      if (order.checkout_url) window.location.assign(order.checkout_url);
      else onStopped('The payment provider is not reachable right now. Please try again in a moment.');
    } else if (order.rzp_order) {
      const rzp = order.rzp_order;
      if (rzp.sandbox) {
        setSandboxOrder(order);
        return;
      }
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
        onStopped('The payment window could not be opened. Check your connection and try again.');
      }
    } else {
      onStopped('Something went wrong. Please try again.');
    }
  };

  /** The props of the local sandbox's Razorpay popup. */
  const sandbox = {
    show: sandboxOrder !== null,
    order: sandboxOrder?.rzp_order ?? null,
    prefill: { name: sandboxOrder?.full_name, email: sandboxOrder?.email },
    onSuccess: (response: RazorpaySuccess) => sandboxOrder && void razorpaySucceeded(sandboxOrder, response),
    onFailure: (error: RazorpayFailure) => sandboxOrder && void razorpayFailed(sandboxOrder, error),
    onDismiss: razorpayDismissed,
  };

  return { pay, sandbox };
}
