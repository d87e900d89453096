import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { orderRefundFormSchema, refundMessages, type AdminOrderDetail, type OrderRefundForm, type OrderRefundFormInput } from '../../../shared/admin';
import { adminErrorText, useRefundOrder } from '../../api/admin';
import { paymentMethodLabel } from '../../api/orders';
import { Field, TextAreaField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { showServerFieldErrors } from '../../lib/forms';
import { notify } from '../components/notify';
import { formatMoney } from '../components/ui';
import { useStudioSubmit } from '../components/useStudioSubmit';

const fields = ['amount', 'reason'] as const;
const REASON_MAX = 500;

/** The currency's sign for the amount box ('$', '₹'); the code when Intl has none. */
function currencySign(currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

/**
 * The dialog's schema: the contract's refund form, and at most what is left of this order (the
 * server checks the same under the order's lock, with the same message).
 */
export function refundFormSchema(left: number, currency: string, free = false) {
  // An order that cost nothing (a 100% coupon) has no amount to give back: its refund only closes it.
  if (free) return orderRefundFormSchema.extend({ amount: z.literal(0) });
  return orderRefundFormSchema.refine((v) => Math.round(v.amount * 100) <= Math.round(left * 100), {
    path: ['amount'],
    message: refundMessages.overLeft(formatMoney(left, currency)),
  });
}

/** An empty or unreadable box is undefined, so the schema says what to type instead of NaN. */
const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'number' ? v : Number(String(v).replace(',', '.')));

/**
 * Refunds an order in part or in full: the amount (prefilled with what is left, in the order's
 * currency) and a reason the buyer reads in their email and on their order; then a confirmation
 * that says what happens to their access. The server's refusal (a provider's words, a refund still
 * waiting, more than is left) is shown in the dialog.
 */
export function RefundDialog({ order, show, onHide }: { order: AdminOrderDetail; show: boolean; onHide: () => void }) {
  const refund = useRefundOrder(order.order_number);
  const schema = useMemo(() => refundFormSchema(order.refund_left, order.currency, order.total === 0), [order.refund_left, order.currency, order.total]);
  const form = useForm<OrderRefundFormInput, unknown, OrderRefundForm>({
    resolver: zodResolver(schema) as Resolver<OrderRefundFormInput, unknown, OrderRefundForm>,
    defaultValues: { amount: order.refund_left, reason: '' },
  });
  const [review, setReview] = useState<OrderRefundForm | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const { formError, clearFormError, submit } = useStudioSubmit(form, fields, async (values) => {
    setReview(values);
    setSendError(null);
  });
  const { reset, register, watch } = form;
  const errors = form.formState.errors;

  // A fresh form each time the dialog opens (not when the order is read again behind it: a refused
  // or pending refund changes what is left, and its message must stay on screen).
  const wasShown = useRef(false);
  useEffect(() => {
    if (show && !wasShown.current) {
      reset({ amount: order.refund_left, reason: '' });
      clearFormError();
      setReview(null);
      setSendError(null);
    }
    wasShown.current = show;
  }, [show, order.refund_left, reset, clearFormError]);

  const money = (amount: number) => formatMoney(amount, order.currency);
  const free = order.total === 0;
  const busy = refund.isPending;
  const reason = watch('reason') ?? '';

  const send = async (values: OrderRefundForm) => {
    setSendError(null);
    try {
      // Nothing paid: no amount (the server closes the order); else exactly the amount reviewed.
      await refund.mutateAsync(free ? { reason: values.reason || null } : { amount: values.amount, reason: values.reason || null });
      notify(free ? `Order ${order.order_number} closed.` : `Refunded ${money(values.amount)} to ${order.full_name}.`);
      onHide();
    } catch (error) {
      // Back on the form: a field the server refused (more than is left by now) under its field, anything else above them.
      setReview(null);
      if (showServerFieldErrors(error, form.setError, fields).length === 0) setSendError(adminErrorText(error));
    }
  };

  const full = review !== null && Math.round(review.amount * 100) >= Math.round(order.refund_left * 100);
  const error = sendError ?? formError;

  return (
    <Modal show={show} onHide={busy ? () => undefined : onHide} centered aria-labelledby="refund-title" backdrop="static">
      {review === null ? (
        <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="refund-title">
          <Modal.Header closeButton closeLabel="Cancel">
            <Modal.Title id="refund-title" as="h2" className="h5 mb-0">
              Refund order {order.order_number}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {error && <FormAlert kind="error">{error}</FormAlert>}
            <dl className="refund-summary row small mb-3">
              <dt className="col-7 fw-normal text-body-secondary">Paid</dt>
              <dd className="col-5 text-end mb-1">{money(order.total)}</dd>
              {order.refunded > 0 && (
                <>
                  <dt className="col-7 fw-normal text-body-secondary">Refunded so far</dt>
                  <dd className="col-5 text-end mb-1">−{money(order.refunded)}</dd>
                </>
              )}
              <dt className="col-7">Left to refund</dt>
              <dd className="col-5 text-end fw-semibold mb-0">{money(order.refund_left)}</dd>
            </dl>
            {free ? (
              <p className="small">
                This order cost nothing (a 100% coupon): there is no money to give back. Refunding it closes the buyer&apos;s access to its courses.
              </p>
            ) : (
              <Field
                id="refund-amount"
                label={`Amount (${order.currency})`}
                error={errors.amount?.message}
                hint={`Up to ${money(order.refund_left)}. Less than that is a partial refund: the buyer keeps their access.`}
                wrapperClassName="mb-3"
              >
                <div className="input-group has-validation">
                  <span className="input-group-text" aria-hidden="true">
                    {currencySign(order.currency)}
                  </span>
                  <input
                    id="refund-amount"
                    type="number"
                    inputMode="decimal"
                    min={0.01}
                    max={order.refund_left}
                    step="0.01"
                    className={`form-control${errors.amount ? ' is-invalid' : ''}`}
                    aria-invalid={errors.amount ? true : undefined}
                    aria-describedby={`${errors.amount ? 'refund-amount-error ' : ''}refund-amount-help`}
                    {...register('amount', { setValueAs: toNumber })}
                  />
                </div>
              </Field>
            )}
            <TextAreaField
              id="refund-reason"
              label="Reason (optional)"
              rows={3}
              hint="The buyer reads this in their refund email and on their order."
              counter={{ value: reason, max: REASON_MAX }}
              error={errors.reason?.message}
              {...register('reason')}
            />
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-outline-secondary" onClick={onHide}>
              Cancel
            </button>
            <button type="submit" className="btn btn-danger">
              Review refund
            </button>
          </Modal.Footer>
        </form>
      ) : (
        <>
          <Modal.Header closeButton={!busy} closeLabel="Cancel">
            <Modal.Title id="refund-title" as="h2" className="h5 mb-0">
              {free ? 'Close this order?' : `Refund ${money(review.amount)}?`}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p className={free ? 'd-none' : undefined}>
              {money(review.amount)} goes back to {order.full_name} ({order.email}) through {paymentMethodLabel(order.payment_method)}
              {full ? (order.refunded > 0 ? ': the rest of what they paid.' : ', in full.') : `, of the ${money(order.refund_left)} left.`}
            </p>
            <p className={review.reason ? '' : 'mb-0'}>
              {full
                ? 'Their access to the order’s courses ends now and they are emailed. This cannot be undone.'
                : 'They keep their access to the order’s courses and are emailed. This cannot be undone.'}
            </p>
            {review.reason && (
              <figure className="mb-0">
                <figcaption className="small text-body-secondary mb-1">The reason they will read</figcaption>
                <blockquote className="border-start border-3 ps-3 mb-0 text-break">{review.reason}</blockquote>
              </figure>
            )}
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-outline-secondary" onClick={() => setReview(null)} disabled={busy}>
              Back
            </button>
            <SubmitButton type="button" className="btn btn-danger" busy={busy} busyLabel="Refunding..." onClick={() => void send(review)}>
              {free ? 'Close the order' : `Refund ${money(review.amount)}`}
            </SubmitButton>
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}
