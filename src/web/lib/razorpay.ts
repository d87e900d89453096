import type { RazorpayFailure } from '../api/orders';

const SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayInstance {
  open: () => void;
  on: (event: 'payment.failed', handler: (response: { error: RazorpayFailure }) => void) => void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | undefined;

/** Loads Razorpay's checkout script on demand, once. */
export function loadRazorpay(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error('Razorpay did not load')));
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error('Razorpay could not be loaded'));
    };
    document.body.appendChild(script);
  });
  return loading;
}

export interface OpenRazorpayOptions<S> {
  keyId: string;
  /** An order (one payment) or a subscription (a recurring plan: Razorpay takes the amount from its plan). */
  orderId?: string;
  subscriptionId?: string;
  amount?: number;
  currency?: string;
  description?: string;
  prefill: { name: string; email: string; contact: string };
  onSuccess: (response: S) => void;
  onFailure: (error: RazorpayFailure) => void;
  onDismiss: () => void;
}

/** Opens Razorpay's own checkout (live keys). */
export async function openRazorpay<S>(options: OpenRazorpayOptions<S>): Promise<void> {
  const Razorpay = await loadRazorpay();
  let failed = false;
  const instance = new Razorpay({
    key: options.keyId,
    ...(options.subscriptionId
      ? { subscription_id: options.subscriptionId }
      : { order_id: options.orderId, amount: options.amount, currency: options.currency }),
    name: 'Lectern',
    description: options.description ?? 'Course purchase',
    prefill: options.prefill,
    theme: { color: '#3730a3' },
    handler: options.onSuccess,
    modal: {
      // Razorpay also dismisses after a failure: that case is already handled by payment.failed.
      ondismiss: () => {
        if (!failed) options.onDismiss();
      },
    },
  });
  instance.on('payment.failed', (response) => {
    failed = true;
    options.onFailure(response.error);
  });
  instance.open();
}
