import { Link } from 'react-router';
import { useHydrated } from '../lib/hydrated';
import type { CourseReview } from '../../shared/reviews';
import { formatShortDate } from '../pages/course-detail/format';
import { ReviewStars } from './ReviewCard';
import './course-review.scss';

/**
 * One student's review: stars, name (already written by the one name rule), 'Verified student',
 * date, the words and the instructor's reply. Every text is React text: HTML in a review shows as
 * the characters typed, never as markup.
 */
export function CourseReviewItem({ review, showCourse = false }: { review: CourseReview; showCourse?: boolean }) {
  return (
    <article className="course-review">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <ReviewStars rating={review.rating} />
        <span className="fw-semibold text-body-emphasis course-review-name">{review.student_name}</span>
        <span className="badge rounded-pill course-review-verified">
          <i className="bi bi-patch-check-fill me-1" aria-hidden="true" />
          Verified student
        </span>
        <time className="small text-body-secondary" dateTime={review.created_at}>
          {formatShortDate(review.created_at)}
        </time>
      </div>
      {showCourse && review.course.slug && (
        <p className="small mb-1">
          <span className="text-body-secondary">on </span>
          <Link to={`/courses/${review.course.slug}`} className="d-inline-block py-1">
            {review.course.title}
          </Link>
        </p>
      )}
      {review.review && <p className="course-review-text mb-0">{review.review}</p>}
      {review.reply && (
        <div className="course-review-reply mt-3">
          <p className="small fw-semibold mb-1">
            <i className="bi bi-reply me-1" aria-hidden="true" />
            Reply from the instructor
          </p>
          <p className="course-review-text small mb-0">{review.reply.text}</p>
        </div>
      )}
    </article>
  );
}

/** 'All ratings' or one number of stars: the filter of every reviews list. */
export function StarsFilter({ id, value, onChange }: { id: string; value: number | undefined; onChange: (stars: number | undefined) => void }) {
  // Chosen on the server's HTML, the choice would be set back by hydration: the filter waits for it.
  const hydrated = useHydrated();
  return (
    <div className="d-flex align-items-center gap-2">
      <label htmlFor={id} className="small text-body-secondary text-nowrap mb-0">
        Rating
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={value ?? ''}
        disabled={!hydrated}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
      >
        <option value="">All ratings</option>
        {[5, 4, 3, 2, 1].map((n) => (
          <option key={n} value={n}>
            {n} {n === 1 ? 'star' : 'stars'}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Previous / Next under a list, with where the reader is. */
export function ReviewPager({ page, count, pageSize, onPage }: { page: number; count: number; pageSize: number; onPage: (page: number) => void }) {
  const hydrated = useHydrated();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="d-flex align-items-center justify-content-between gap-2 mt-3" aria-label="Review pages">
      <button type="button" className="btn btn-outline-secondary btn-sm" disabled={page <= 1 || !hydrated} onClick={() => onPage(page - 1)}>
        <i className="bi bi-chevron-left me-1" aria-hidden="true" />
        Newer
      </button>
      <span className="small text-body-secondary">
        Page {page} of {pages}
      </span>
      <button type="button" className="btn btn-outline-secondary btn-sm" disabled={page >= pages || !hydrated} onClick={() => onPage(page + 1)}>
        Older
        <i className="bi bi-chevron-right ms-1" aria-hidden="true" />
      </button>
    </nav>
  );
}
