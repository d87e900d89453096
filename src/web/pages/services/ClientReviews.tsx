import { Link } from 'react-router';
import { useClientReviews } from '../../api/catalog';
import { ReviewCard, ReviewCardSkeleton } from '../../components/ReviewCard';
import { ErrorState } from '../../components/States';

/** Six client reviews from the API (the studio's testimonials), with a skeleton while they load. */
export function ClientReviews() {
  const { data, isPending, isError, refetch } = useClientReviews();
  const reviews = data?.results.slice(0, 6) ?? [];
  if (isPending) {
    return (
      <div className="row g-4" role="status" aria-label="Loading client reviews">
        {[0, 1, 2].map((i) => (
          <div className="col-12 col-md-6 col-lg-4" key={i}>
            <ReviewCardSkeleton />
          </div>
        ))}
      </div>
    );
  }
  if (isError) return <ErrorState message="Failed to load reviews. Please try again." onRetry={() => void refetch()} />;
  if (reviews.length === 0) {
    return <p className="text-center text-body-secondary">Client stories are on their way. Ask us for references on your discovery call.</p>;
  }
  return (
    <>
      <div className="row g-4">
        {reviews.map((review) => (
          <div className="col-12 col-md-6 col-lg-4" key={review.id}>
            <ReviewCard review={review} />
          </div>
        ))}
      </div>
      <div className="text-center mt-4">
        <Link to="/course-reviews" className="btn btn-outline-primary">
          Read all reviews
        </Link>
      </div>
    </>
  );
}
