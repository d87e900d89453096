import './reviews.scss';
import { Link } from 'react-router';
import { useAllClientReviews } from '../../api/catalog';
import { EmptyState, ErrorState } from '../../components/States';
import { useHydrated } from '../../lib/hydrated';
import { usePageMeta } from '../../lib/usePageMeta';
import { ReviewCard, ReviewCardSkeleton, ReviewStars } from '../../components/ReviewCard';
import { StudentReviews } from './StudentReviews';

const skeletonLines = [4, 2, 5, 3, 4, 2];

export default function ReviewsPage() {
  usePageMeta('reviews');
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = useAllClientReviews();
  const hydrated = useHydrated();
  const reviews = data?.pages.flatMap((page) => page.results) ?? [];
  const total = data?.pages[0]?.count ?? 0;
  const average = reviews.length ? reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length : 0;

  return (
    <>
      <section className="section reviews-hero pb-4">
        <div className="container text-center">
          <p className="eyebrow mb-2">Reviews</p>
          <h1 className="mb-3">What students and clients say</h1>
          <p className="lead text-body-secondary mx-auto mb-4" style={{ maxWidth: 640 }}>
            Honest words from learners who built their first projects with us and from businesses whose software we designed, built and still look after.
          </p>
          {reviews.length > 0 && (
            <p className="reviews-summary mb-4">
              <span aria-hidden="true">
                <ReviewStars rating={average} />
              </span>
              <span className="fw-semibold">{average.toFixed(1)} average</span>
              <span className="text-body-secondary small">
                from {total} {total === 1 ? 'review' : 'reviews'}
              </span>
            </p>
          )}
          <div>
            <Link to="/courses" className="btn btn-primary btn-lg">
              Show Courses
              <i className="bi bi-arrow-right ms-2" aria-hidden="true" />
            </Link>
          </div>
        </div>
      </section>

      <StudentReviews />

      <section className="section pt-5" aria-labelledby="client-reviews-title">
        <div className="container">
          <h2 id="client-reviews-title" className="h3 mb-4 text-center">
            From our clients
          </h2>
          {isPending ? (
            <div className="reviews-masonry" role="status" aria-label="Loading reviews">
              {skeletonLines.map((lines, i) => (
                <div className="reviews-masonry-item" key={i}>
                  <ReviewCardSkeleton lines={lines} />
                </div>
              ))}
            </div>
          ) : isError ? (
            <ErrorState message="Failed to load reviews. Please try again." onRetry={() => void refetch()} />
          ) : reviews.length === 0 ? (
            <EmptyState message="No reviews yet. Be among the first to learn with us." action={{ to: '/courses', label: 'Browse courses' }} />
          ) : (
            <>
              <ul className="reviews-masonry list-unstyled mb-0">
                {reviews.map((review) => (
                  <li className="reviews-masonry-item" key={review.id}>
                    <ReviewCard review={review} />
                  </li>
                ))}
              </ul>
              {(hasNextPage || isFetchNextPageError) && (
                <div className="text-center mt-2">
                  {isFetchNextPageError && (
                    <p className="text-danger small" role="alert">
                      Could not load more reviews.
                    </p>
                  )}
                  <button type="button" className="btn btn-outline-primary" disabled={isFetchingNextPage || !hydrated} onClick={() => void fetchNextPage()}>
                    {isFetchingNextPage ? 'Loading...' : isFetchNextPageError ? 'Try again' : 'Show more reviews'}
                  </button>
                </div>
              )}
            </>
          )}

          <div className="reviews-cta text-center mt-5 pt-3">
            <h2 className="h4 mb-2">Ready to write your own success story?</h2>
            <p className="text-body-secondary mb-4">Start with a free course, or pick a project-based course that ends in something you can show.</p>
            <Link to="/courses" className="btn btn-accent btn-lg">
              Browse all courses
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
