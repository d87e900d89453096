import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatPrice } from '../../../shared/money';
import { currencySymbol, orderQueries, purchaseConfirmed, useUpdatePayment, type OrderConfirmation } from '../../api/orders';
import { usePageMeta } from '../../lib/usePageMeta';
import { SubmitButton } from '../../components/form/SubmitButton';
import '../order-failure/order-result.scss';

/** The webhook may lag behind the redirect: a Pending card payment is asked again a few times. */
export const CONFIRM_ATTEMPTS = 6;
export const CONFIRM_INTERVAL_MS = 2000;

/** The amount paid, or '00' when the server has none ('N/A'). */
export function amountPaidText(totalPaid: number | string, currency: string): string {
  if (totalPaid === 'N/A' || totalPaid === '' || totalPaid === null) return '00';
  const amount = Number(totalPaid);
  return Number.isFinite(amount) ? formatPrice(amount, currencySymbol(currency), currency.toUpperCase()) : '00';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Phase = 'confirming' | 'waiting' | 'done';

/**
 * /order/success/?order_no=… (&session_id=… for a card payment; &payment_id, order_id, signature for
 * Razorpay). The payment is confirmed first ('Start Learning' is blocked meanwhile), then the order is
 * shown, and the cart is cleared once the payment is confirmed.
 */
export default function OrderSuccessPage() {
  usePageMeta('account', { title: 'Order confirmed | Lectern' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutateAsync: updatePayment } = useUpdatePayment();
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const sessionId = params.get('session_id') ?? '';
  const rzpPaymentId = params.get('payment_id') ?? '';
  const rzpOrderId = params.get('order_id') ?? '';
  const rzpSignature = params.get('signature') ?? '';

  const [phase, setPhase] = useState<Phase>('confirming');
  const [order, setOrder] = useState<OrderConfirmation | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    if (!orderNo) return;
    let cancelled = false;
    const failed = (paymentId: string) =>
      void navigate(
        `/order/failure/?${new URLSearchParams({ order_id: orderNo, payment_id: paymentId === 'N/A' ? '' : paymentId, reason: 'payment_failed' }).toString()}`,
        { replace: true },
      );

    void (async () => {
      let confirmed = false;
      try {
        if (sessionId) {
          for (let attempt = 1; attempt <= CONFIRM_ATTEMPTS && !cancelled; attempt++) {
            const result = await updatePayment({ payment_method: 'Stripe', session_id: sessionId, order_number: orderNo });
            if (result.status === 'Success') {
              confirmed = true;
              break;
            }
            if (result.status === 'Failed') {
              if (!cancelled) failed(result.payment_id);
              return;
            }
            if (attempt < CONFIRM_ATTEMPTS) {
              setPhase('waiting');
              await sleep(CONFIRM_INTERVAL_MS);
            }
          }
        } else if (rzpPaymentId && rzpOrderId && rzpSignature) {
          const result = await updatePayment({
            payment_method: 'RazorPay',
            order_number: orderNo,
            order_id: rzpOrderId,
            payment_id: rzpPaymentId,
            signature: rzpSignature,
            payment_status: 'Success',
          });
          if (result.status === 'Failed') {
            if (!cancelled) failed(result.payment_id);
            return;
          }
          confirmed = result.status === 'Success';
        }
      } catch {
        // A confirmation failure is silent (spec 8): the order below tells the truth.
      }
      if (cancelled) return;
      try {
        const details = await queryClient.fetchQuery(orderQueries.confirmation(orderNo));
        if (cancelled) return;
        setOrder(details);
        // A confirmed update already did this; an order paid by the webhook (or in full by a coupon) is seen here.
        if (!confirmed && details.order_details.order_status === 'Paid') purchaseConfirmed(queryClient);
      } catch {
        if (!cancelled) setLoadFailed(true);
      }
      if (!cancelled) setPhase('done');
    })();
    return () => {
      cancelled = true;
    };
  }, [orderNo, sessionId, rzpPaymentId, rzpOrderId, rzpSignature, navigate, queryClient, updatePayment]);

  const confirming = Boolean(orderNo) && phase !== 'done';
  const details = order?.order_details;
  const paid = details?.order_status === 'Paid';
  const currency = details?.currency ?? 'USD';

  return (
    <section className="section order-result">
      <div className="container">
        <div className="card order-result-card mx-auto">
          <div className="card-body p-3 p-sm-4 p-md-5">
            {!orderNo || loadFailed ? (
              <div className="text-center">
                <span className="order-result-icon is-neutral mb-3" aria-hidden="true">
                  <i className="bi bi-receipt" />
                </span>
                <h1 className="h3">We could not find this order</h1>
                <p className="text-body-secondary mb-4">
                  If you have just paid, your courses will appear on your dashboard within a minute, and a receipt is on its way to your inbox.
                </p>
                <div className="d-flex flex-wrap justify-content-center gap-2">
                  <Link to="/dashboard" className="btn btn-primary">
                    Start Learning
                  </Link>
                  <Link to="/order-history/" className="btn btn-outline-secondary">
                    Order history
                  </Link>
                </div>
              </div>
            ) : (
              <>
                <div className="text-center mb-4">
                  <span className={`order-result-icon ${confirming ? 'is-neutral' : 'is-success'} mb-3`} aria-hidden="true">
                    <i className={`bi ${confirming ? 'bi-hourglass-split' : 'bi-check-lg'}`} />
                  </span>
                  <h1 className="h2 mb-2">Congratulations</h1>
                  <p className="text-body-secondary mb-0" role="status">
                    {confirming
                      ? phase === 'waiting'
                        ? 'Confirming your payment…'
                        : 'Confirming your order…'
                      : paid
                        ? 'You are enrolled. A receipt is on its way to your inbox.'
                        : 'Your order is placed. We are still confirming the payment with the provider: your courses unlock as soon as it arrives, and we will email you.'}
                  </p>
                </div>

                {order ? (
                  <>
                    <h2 className="h6 text-uppercase text-body-secondary mb-3">Enrolled courses</h2>
                    <ul className="list-unstyled order-result-items mb-4">
                      {order.order_items.map((item) => (
                        <li key={item.id}>
                          <img src={item.course.course_image} alt="" width={80} height={45} />
                          <Link to={`/courses/${item.course.slug}`} className="order-result-item-title">
                            {item.course.title}
                          </Link>
                          <span className="fw-semibold text-nowrap">
                            {formatPrice(
                              item.price,
                              currencySymbol(item.course.currency_code || currency),
                              (item.course.currency_code || currency).toUpperCase(),
                            )}
                          </span>
                        </li>
                      ))}
                    </ul>
                    <dl className="order-result-facts mb-4">
                      {details!.transaction_id !== 'N/A' && (
                        <div>
                          <dt>Transaction ID</dt>
                          <dd className="text-break">{details!.transaction_id}</dd>
                        </div>
                      )}
                      <div>
                        <dt>Order number</dt>
                        <dd>{details!.order_number}</dd>
                      </div>
                      <div>
                        <dt>Amount paid</dt>
                        <dd>
                          {amountPaidText(details!.total_paid, currency)} <span className="small text-body-secondary">{currency.toUpperCase()}</span>
                        </dd>
                      </div>
                      {details!.coupon !== 'N/A' && (
                        <div>
                          <dt>Coupon</dt>
                          <dd>{details!.coupon}</dd>
                        </div>
                      )}
                    </dl>
                  </>
                ) : (
                  <div className="mb-4" aria-hidden="true">
                    {[0, 1].map((i) => (
                      <div key={i} className="d-flex align-items-center gap-3 mb-3">
                        <div className="skeleton" style={{ width: 80, height: 45 }} />
                        <div className="skeleton skeleton-text flex-grow-1" />
                      </div>
                    ))}
                    <div className="skeleton" style={{ height: 96 }} />
                  </div>
                )}

                <div className="d-flex flex-column flex-sm-row justify-content-center gap-2">
                  {confirming ? (
                    <SubmitButton type="button" className="btn btn-accent btn-lg" busy>
                      Start Learning
                    </SubmitButton>
                  ) : (
                    <Link to="/dashboard" className="btn btn-accent btn-lg">
                      Start Learning
                      <i className="bi bi-arrow-right ms-2" aria-hidden="true" />
                    </Link>
                  )}
                  {!confirming && (
                    <Link to={`/order/details/${encodeURIComponent(orderNo)}`} className="btn btn-outline-secondary btn-lg">
                      View invoice
                    </Link>
                  )}
                </div>
              </>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
