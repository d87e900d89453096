import { useSearchParams } from 'react-router';
import { REVIEWS_PAGE_SIZE } from '../../../shared/reviews';
import { useCourses } from '../../api/catalog';
import { useLatestReviews } from '../../api/reviews';
import { CourseReviewItem, ReviewPager, StarsFilter } from '../../components/CourseReview';
import { ErrorState } from '../../components/States';

/** The newest public reviews by the courses' own students, filtered by course and stars (?course=&stars=&page=). */
export function StudentReviews() {
  const [params, setParams] = useSearchParams();
  const course = params.get('course') || undefined;
  const stars = Number(params.get('stars')) || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const courses = useCourses();
  const { data, isError, refetch } = useLatestReviews(course, page, stars);

  const update = (next: { course?: string | undefined; stars?: number | undefined; page?: number }) => {
    const merged = { course, stars, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.course) search.set('course', merged.course);
    if (merged.stars) search.set('stars', String(merged.stars));
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search, { preventScrollReset: true });
  };

  return (
    <section className="section pt-4 pb-0" aria-labelledby="student-reviews-title">
      <div className="container" style={{ maxWidth: 880 }}>
        <div className="d-flex flex-wrap align-items-end justify-content-between gap-3 mb-2">
          <div>
            <h2 id="student-reviews-title" className="h3 mb-1">
              From our students
            </h2>
            <p className="text-body-secondary mb-0 small">Every review is by a student who took the course and finished lessons of it.</p>
          </div>
          <div className="d-flex flex-wrap gap-2">
            <div className="d-flex align-items-center gap-2">
              <label htmlFor="student-reviews-course" className="small text-body-secondary mb-0">
                Course
              </label>
              <select
                id="student-reviews-course"
                className="form-select form-select-sm"
                value={course ?? ''}
                onChange={(event) => update({ course: event.target.value || undefined })}
              >
                <option value="">All courses</option>
                {courses.data?.map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {c.title}
                  </option>
                ))}
              </select>
            </div>
            <StarsFilter id="student-reviews-stars" value={stars} onChange={(next) => update({ stars: next })} />
          </div>
        </div>
        {isError ? (
          <ErrorState message="Failed to load reviews. Please try again." onRetry={() => void refetch()} />
        ) : !data ? (
          <p className="text-body-secondary" role="status">
            Loading reviews...
          </p>
        ) : data.results.length === 0 ? (
          <p className="text-body-secondary py-3">No reviews match these filters yet.</p>
        ) : (
          <>
            <div className="course-review-list">
              {data.results.map((review) => (
                <CourseReviewItem key={review.id} review={review} showCourse />
              ))}
            </div>
            <ReviewPager page={page} count={data.count} pageSize={REVIEWS_PAGE_SIZE} onPage={(next) => update({ page: next })} />
          </>
        )}
      </div>
    </section>
  );
}
