import { Link } from 'react-router';
import type { CourseListItem } from '../../shared/catalog';
import { subscriptionMessages } from '../../shared/subscription-messages';
import { Price } from './Price';
import { Rating } from './Rating';

const complexityTone: Record<CourseListItem['complexity'], string> = {
  Beginner: 'text-bg-success',
  Intermediate: 'text-bg-primary',
  Advanced: 'text-bg-danger',
};

/**
 * The course card: image, title, subtitle, complexity badge, duration, rating x/5.0 and price, always
 * in the same places. `included`: the server says the viewer's membership opens this paid course, so
 * 'Included in your membership' takes the price's place. `image`: how the cover loads: below the first screen
 * when scrolled near ('lazy'); on the first screen at once ('eager'), the first of them ('priority') at high
 * priority, being the page's largest picture.
 */
export function CourseCard({
  course,
  included = false,
  image = 'lazy',
}: {
  course: CourseListItem;
  included?: boolean;
  image?: 'lazy' | 'eager' | 'priority';
}) {
  return (
    <article className="card course-card h-100">
      <Link to={`/courses/${course.slug}`} className="stretched-link-parent text-decoration-none text-reset d-flex flex-column h-100">
        <div className="ratio ratio-16x9 course-card-media">
          <img
            src={course.course_image}
            alt={course.title}
            loading={image === 'lazy' ? 'lazy' : undefined}
            fetchPriority={image === 'priority' ? 'high' : undefined}
            width={640}
            height={360}
          />
        </div>
        <div className="card-body d-flex flex-column">
          <div className="d-flex align-items-center justify-content-between mb-2 small">
            <span className={`badge rounded-pill ${complexityTone[course.complexity]}`}>{course.complexity}</span>
            <span className="text-body-secondary">
              <i className="bi bi-clock me-1" aria-hidden="true" />
              {course.total_video_duration}
            </span>
          </div>
          <h3 className="h6 card-title mb-1 course-card-title">{course.title}</h3>
          <p className="card-text small text-body-secondary course-card-subtitle mb-3">{course.subtitle}</p>
          <div className="mt-auto d-flex align-items-center justify-content-between">
            <Rating value={course.ratings} count={course.ratings_count} showStars={false} />
            {included && course.course_type === 'paid' ? (
              <span className="included-in-membership small fw-semibold text-end">
                <i className="bi bi-gem me-1" aria-hidden="true" />
                {subscriptionMessages.includedInMembership}
              </span>
            ) : (
              <Price price={course.country_price} free={course.course_type === 'free'} />
            )}
          </div>
        </div>
      </Link>
    </article>
  );
}

export function CourseCardSkeleton() {
  return (
    <div className="card course-card h-100" aria-hidden="true">
      <div className="ratio ratio-16x9 skeleton" />
      <div className="card-body">
        <div className="skeleton skeleton-text w-25 mb-3" />
        <div className="skeleton skeleton-text w-75 mb-2" />
        <div className="skeleton skeleton-text w-100 mb-4" />
        <div className="d-flex justify-content-between">
          <div className="skeleton skeleton-text w-25" />
          <div className="skeleton skeleton-text w-25" />
        </div>
      </div>
    </div>
  );
}
