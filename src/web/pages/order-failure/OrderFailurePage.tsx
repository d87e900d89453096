import { Link, useSearchParams } from 'react-router';
import { usePageMeta } from '../../lib/usePageMeta';
import './order-result.scss';

/** A query value, or 'N/A' when it is missing or blank (spec: Payment ID and Order #). */
export function orNA(value: string | null | undefined): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : 'N/A';
}

const humanise = (value: string) => value.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/**
 * /order/failure/?code&description&source&step&reason&order_id&payment_id: 'Payment Failed', an
 * apology, the provider's explanation when there is one, Payment ID and Order #, and 'Order Again'.
 */
export default function OrderFailurePage() {
  usePageMeta('account', { title: 'Payment failed | Lectern' });
  const [params] = useSearchParams();
  const code = params.get('code')?.trim();
  const description = params.get('description')?.trim();
  const reason = params.get('reason')?.trim();
  const explained = Boolean(code || description || reason);

  return (
    <section className="section order-result">
      <div className="container">
        <div className="card order-result-card mx-auto">
          <div className="card-body p-3 p-sm-4 p-md-5 text-center">
            <span className="order-result-icon is-danger mb-3" aria-hidden="true">
              <i className="bi bi-x-lg" />
            </span>
            <h1 className="h2 mb-2">Payment Failed</h1>
            <p className="text-body-secondary mb-4">
              We're sorry, your payment could not be completed and you have not been enrolled. Your cart is saved, so you can try again or choose another
              payment method. If you were charged anyway, contact us with the Payment ID below and we will sort it out.
            </p>

            {explained && (
              <div className="alert alert-danger text-start small" role="alert" data-testid="failure-details">
                {description && <p className="fw-semibold mb-1">{description}</p>}
                <p className="mb-0">
                  {reason && <span className="d-block">Reason: {humanise(reason)}</span>}
                  {code && <span className="d-block">Code: {code}</span>}
                </p>
              </div>
            )}

            <dl className="order-result-facts text-start mb-4">
              <div>
                <dt>Payment ID</dt>
                <dd className="text-break" data-testid="payment-id">
                  {orNA(params.get('payment_id'))}
                </dd>
              </div>
              <div>
                <dt>Order #</dt>
                <dd className="text-break" data-testid="order-id">
                  {orNA(params.get('order_id'))}
                </dd>
              </div>
            </dl>

            <div className="d-flex flex-column flex-sm-row justify-content-center gap-2">
              <Link to="/checkout" className="btn btn-accent btn-lg">
                <i className="bi bi-arrow-repeat me-2" aria-hidden="true" />
                Order Again
              </Link>
              <Link to="/contact" className="btn btn-outline-secondary btn-lg">
                Contact support
              </Link>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
