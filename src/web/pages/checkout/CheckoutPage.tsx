import { Link } from 'react-router';
import { usePageMeta } from '../../lib/usePageMeta';

/** This phase: the breadcrumb and the empty cart. The cart and payment arrive in a later issue. */
export default function CheckoutPage() {
  usePageMeta('checkout');
  return (
    <div className="checkout-page">
      <div className="bg-body-tertiary border-bottom">
        <div className="container py-4">
          <nav aria-label="breadcrumb">
            <ol className="breadcrumb small mb-2">
              <li className="breadcrumb-item">
                <Link to="/">Home</Link>
              </li>
              <li className="breadcrumb-item">
                <Link to="/courses">Courses</Link>
              </li>
              <li className="breadcrumb-item active">
                <Link to="/checkout" aria-current="page" className="link-secondary">
                  Checkout
                </Link>
              </li>
            </ol>
          </nav>
          <h1 className="h2 mb-0">Checkout</h1>
        </div>
      </div>

      <section className="section">
        <div className="container">
          <div className="card mx-auto text-center border-0 shadow-sm" style={{ maxWidth: 520, borderRadius: '1rem' }}>
            <div className="card-body p-5">
              <span
                className="d-inline-flex align-items-center justify-content-center rounded-circle mb-3"
                style={{ width: 72, height: 72, background: 'var(--lectern-primary-soft)', color: 'var(--bs-primary)' }}
                aria-hidden="true"
              >
                <i className="bi bi-cart3 fs-2" />
              </span>
              <p className="h5 mb-2">Your cart is empty.</p>
              <p className="text-body-secondary mb-4">Find a project-based course you like and add it to your cart to enrol.</p>
              <Link to="/courses" className="btn btn-primary btn-lg">
                Browse courses
              </Link>
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}
