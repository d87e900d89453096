import { useClientReviews } from '../../api/catalog';
import type { ClientReview } from '../../../shared/catalog';

function Stars({ value }: { value: number }) {
  return (
    <span className="d-inline-flex gap-1 text-warning" role="img" aria-label={`Rated ${value} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <i key={n} className={`bi ${value >= n ? 'bi-star-fill' : 'bi-star'}`} aria-hidden="true" />
      ))}
    </span>
  );
}

function ReviewCard({ review }: { review: ClientReview }) {
  return (
    <figure className="card h-100 mb-0 testimonial-card">
      <div className="card-body d-flex flex-column">
        <Stars value={review.rating} />
        <blockquote className="mt-3 mb-4 testimonial-text">
          <p className="mb-0">{review.review}</p>
        </blockquote>
        <figcaption className="mt-auto d-flex align-items-center gap-3">
          <img
            src={review.client_thumb}
            alt={review.name}
            width={48}
            height={48}
            loading="lazy"
            className="rounded-circle flex-shrink-0"
            style={{ objectFit: 'cover' }}
          />
          <span>
            <span className="d-block fw-semibold text-body-emphasis">{review.name}</span>
            <span className="d-block small text-body-secondary">{review.company}</span>
          </span>
        </figcaption>
      </div>
    </figure>
  );
}

/** Up to six client reviews, with a link to all of them in a new tab. Hidden when they cannot be loaded. */
export function Testimonials() {
  const { data, isLoading, isError } = useClientReviews();
  const reviews = (data?.results ?? []).slice(0, 6);
  if (isError || (!isLoading && reviews.length === 0)) return null;

  return (
    <section className="section section-soft" aria-labelledby="testimonials-title">
      <div className="container">
        <div className="d-flex flex-wrap align-items-end justify-content-between gap-2">
          <div>
            <p className="eyebrow mb-2">Testimonials</p>
            <h2 id="testimonials-title" className="section-title">
              What students and clients say
            </h2>
            <p className="section-subtitle">Learners who built their projects with us, and businesses we built software for.</p>
          </div>
          <a href="/course-reviews" target="_blank" rel="noopener" className="btn btn-outline-primary mb-4">
            View Reviews
            <i className="bi bi-box-arrow-up-right ms-2" aria-hidden="true" />
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </div>
        {isLoading ? (
          <div className="row g-4" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <div className="col-12 col-md-6 col-lg-4" key={i}>
                <div className="card h-100">
                  <div className="card-body">
                    <div className="skeleton skeleton-text w-25 mb-3" />
                    <div className="skeleton skeleton-text w-100 mb-2" />
                    <div className="skeleton skeleton-text w-100 mb-2" />
                    <div className="skeleton skeleton-text w-50 mb-4" />
                    <div className="d-flex align-items-center gap-3">
                      <div className="skeleton rounded-circle" style={{ width: 48, height: 48 }} />
                      <div className="skeleton skeleton-text w-50" />
                    </div>
                  </div>
                </div>
              </div>
            ))}
          </div>
        ) : (
          <div className="row g-4 home-reviews">
            {reviews.map((review) => (
              <div className="col-12 col-md-6 col-lg-4" key={review.id}>
                <ReviewCard review={review} />
              </div>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
