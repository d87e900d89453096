import { Link } from 'react-router';

/** No cart, or an empty one. */
export function EmptyCart() {
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

/** The checkout's shape while the cart loads. */
export function CheckoutSkeleton() {
  return (
    <div className="row g-4" role="status" aria-busy="true" aria-label="Loading your cart">
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
