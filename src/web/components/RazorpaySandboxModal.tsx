import Modal from 'react-bootstrap/Modal';
import { formatPrice } from '../../shared/money';
import { toMajor } from '../../shared/pricing';
import { currencySymbol, useSandboxRazorpay, type RazorpayFailure, type RazorpaySuccess, type RazorpayTarget } from '../api/orders';
import { SubmitButton } from './form/SubmitButton';

export interface RazorpaySandboxModalProps<S = RazorpaySuccess> {
  show: boolean;
  /** The Razorpay order (or subscription, with target 'subscriptions') created by the server (amount in paise). */
  order: { id: string; amount: number; currency: string } | null;
  /** 'orders' (default) or 'subscriptions' (a recurring membership). */
  target?: RazorpayTarget;
  /** The line under the brand ('Course purchase'). */
  description?: string;
  prefill?: { name?: string; email?: string };
  onSuccess: (response: S) => void;
  onFailure: (error: RazorpayFailure) => void;
  /** Closed without paying (Razorpay's ondismiss). */
  onDismiss: () => void;
}

/**
 * The local sandbox's stand-in for Razorpay's checkout popup: 'Pay' returns a correctly signed
 * payment and 'Fail' a bank decline, exactly the shapes Razorpay's handlers receive.
 */
export function RazorpaySandboxModal<S = RazorpaySuccess>({
  show,
  order,
  target = 'orders',
  description = 'Course purchase',
  prefill,
  onSuccess,
  onFailure,
  onDismiss,
}: RazorpaySandboxModalProps<S>) {
  const sandbox = useSandboxRazorpay<S>(target);
  const busy = sandbox.isPending ? sandbox.variables.action : null;
  const amount = order ? formatPrice(toMajor(order.amount), currencySymbol(order.currency), order.currency.toUpperCase()) : '';

  const run = (action: 'pay' | 'fail') => {
    if (!order) return;
    sandbox.mutate(
      { orderId: order.id, action },
      { onSuccess: (outcome) => (outcome.action === 'pay' ? onSuccess(outcome.response) : onFailure(outcome.error)) },
    );
  };

  return (
    <Modal show={show} onHide={() => !busy && onDismiss()} centered backdrop="static" aria-labelledby="rzp-sandbox-title" className="rzp-sandbox-modal">
      <Modal.Header closeButton={!busy} closeVariant="white" closeLabel="Close" className="border-0" style={{ background: '#0c2451' }}>
        <Modal.Title id="rzp-sandbox-title" as="h2" className="h5 d-flex align-items-center gap-2 mb-0 text-white">
          <i className="bi bi-shield-lock" aria-hidden="true" />
          Razorpay
          <span className="badge text-bg-warning fw-semibold">Sandbox</span>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-4">
        <p className="small text-body-secondary mb-1">Lectern · {description}</p>
        <p className="display-6 fw-bold mb-3" data-testid="rzp-amount">
          {amount}
        </p>
        {(prefill?.name || prefill?.email) && (
          <p className="small mb-3">
            {prefill.name && <span className="d-block fw-semibold">{prefill.name}</span>}
            {prefill.email && <span className="d-block text-body-secondary">{prefill.email}</span>}
          </p>
        )}
        <div className="alert alert-warning small mb-0" role="note">
          This is a test payment: no real money moves. Choose the outcome to simulate.
        </div>
        {sandbox.isError && (
          <div className="alert alert-danger small mt-3 mb-0" role="alert">
            The sandbox payment service did not answer. Please try again.
          </div>
        )}
      </Modal.Body>
      <Modal.Footer className="border-0 pt-0 px-4 pb-4 d-grid gap-2" style={{ gridTemplateColumns: '1fr 1fr' }}>
        <SubmitButton type="button" className="btn btn-outline-danger m-0" busy={busy === 'fail'} disabled={busy !== null} onClick={() => run('fail')}>
          Fail
        </SubmitButton>
        <SubmitButton type="button" className="btn btn-primary m-0" busy={busy === 'pay'} disabled={busy !== null} onClick={() => run('pay')}>
          Pay
        </SubmitButton>
      </Modal.Footer>
    </Modal>
  );
}
