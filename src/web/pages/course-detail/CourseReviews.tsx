import { lazy, Suspense, useState } from 'react';
import type { CourseDetail } from '../../../shared/catalog';
import { REVIEWS_PAGE_SIZE } from '../../../shared/review-messages';
import { useCourseReviews, useMyReview } from '../../api/reviews';
import { CourseReviewItem, ReviewPager, StarsFilter } from '../../components/CourseReview';
import { Rating } from '../../components/Rating';
import { plural } from './format';

const ReviewForm = lazy(() => import('./ReviewForm'));

/** The course page's reviews: the figures, the student's form when they may rate, the list with its stars filter and pages. */
export function CourseReviews({ course }: { course: Pick<CourseDetail, 'slug' | 'ratings' | 'ratings_count'> }) {
  const [page, setPage] = useState(1);
  const [stars, setStars] = useState<number | undefined>(undefined);
  const list = useCourseReviews(course.slug, page, stars);
  const mine = useMyReview(course.slug);
  const data = list.data;

  return (
    <section className="course-reviews mt-5" aria-labelledby="course-reviews-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
        <div>
          <h2 id="course-reviews-title" className="h4 mb-1">
            Student reviews
          </h2>
          <p className="mb-0 d-flex align-items-center gap-2">
            <Rating value={course.ratings} count={course.ratings_count} />
            <span className="small text-body-secondary">{course.ratings_count > 0 ? `from ${plural(course.ratings_count, 'review')}` : 'No reviews yet'}</span>
          </p>
        </div>
        {course.ratings_count > 0 && (
          <StarsFilter
            id="course-reviews-stars"
            value={stars}
            onChange={(next) => {
              setStars(next);
              setPage(1);
            }}
          />
        )}
      </div>

      {mine.data?.may_review && (
        <Suspense fallback={<div className="course-review-form-placeholder placeholder-glow mb-4" aria-hidden="true" />}>
          <ReviewForm slug={course.slug} mine={mine.data.review} />
        </Suspense>
      )}

      {list.isError ? (
        <p className="text-body-secondary">The reviews could not be loaded.</p>
      ) : !data ? (
        <p className="text-body-secondary" role="status">
          Loading reviews...
        </p>
      ) : data.results.length === 0 ? (
        <p className="text-body-secondary">{stars ? `No ${plural(stars, 'star')} reviews.` : 'Be the first of its students to review this course.'}</p>
      ) : (
        <>
          <div className="course-review-list">
            {data.results.map((review) => (
              <CourseReviewItem key={review.id} review={review} />
            ))}
          </div>
          <ReviewPager page={page} count={data.count} pageSize={REVIEWS_PAGE_SIZE} onPage={setPage} />
        </>
      )}
    </section>
  );
}
