import { useClientReviews } from '../../api/catalog';
import { ReviewCard } from '../../components/ReviewCard';
import { useSiteFigures } from '../../api/site';
import { defaultTestimonials } from '../../../shared/figures';

/** Up to six client reviews, with a link to all of them in a new tab. Hidden when they cannot be loaded. */
export function Testimonials() {
  const { data, isLoading, isError } = useClientReviews();
  // The heading and the line under it are the studio's Settings (their defaults until changed).
  const wording = useSiteFigures().data?.testimonials ?? { title: defaultTestimonials.testimonials_title, subtitle: defaultTestimonials.testimonials_subtitle };
  const reviews = (data?.results ?? []).slice(0, 6);
  if (isError || (!isLoading && reviews.length === 0)) return null;

  return (
    <section className="section section-soft" aria-labelledby="testimonials-title">
      <div className="container">
        <div className="d-flex flex-wrap align-items-end justify-content-between gap-2">
          <div>
            <p className="eyebrow mb-2">Testimonials</p>
            <h2 id="testimonials-title" className="section-title">
              {wording.title}
            </h2>
            <p className="section-subtitle">{wording.subtitle}</p>
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
