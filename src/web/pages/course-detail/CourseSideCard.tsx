import { useRef, type CSSProperties } from 'react';
import { Link } from 'react-router';
import type { CourseDetail } from '../../../shared/catalog';
import { AddToCartButton } from '../../components/AddToCartButton';
import { CourseActions } from '../../components/CourseActions';
import { InstructorCard } from '../../components/InstructorCard';
import { ShareMenu } from '../../components/ShareMenu';
import { useHydrated } from '../../lib/hydrated';
import { useStickyTop } from './useStickyTop';

interface CourseSideCardProps {
  course: CourseDetail;
  onPlayIntro: () => void;
}

/** Image (with the intro video when there is one), price or progress, what is included, membership, sharing and the instructor. */
export function CourseSideCard({ course, onPlayIntro }: CourseSideCardProps) {
  const ref = useRef<HTMLDivElement>(null);
  const top = useStickyTop(ref);
  // The intro plays through React: disabled on the server's HTML until the page has hydrated.
  const hydrated = useHydrated();
  const includes = [
    { icon: 'bi-play-btn', label: 'Lectures', value: String(course.total_lessons) },
    { icon: 'bi-clock', label: 'Duration', value: course.total_video_duration },
    { icon: 'bi-bar-chart', label: 'Complexity', value: course.complexity },
    { icon: 'bi-translate', label: 'Language', value: 'English' },
    { icon: 'bi-patch-check', label: 'Certificate', value: 'Yes' },
  ];

  return (
    <div ref={ref} className="course-side" style={{ '--course-side-top': `${top}px` } as CSSProperties}>
      <div className="card course-side-card">
        <div className="ratio ratio-16x9 course-side-media">
          <img src={course.course_image} alt={course.title} width={640} height={360} fetchPriority="high" />
          {course.promo_video && (
            <button type="button" className="course-play" disabled={!hydrated} onClick={onPlayIntro}>
              <span className="course-play-icon" aria-hidden="true">
                <i className="bi bi-play-fill" />
              </span>
              <span className="course-play-label">Preview this course</span>
            </button>
          )}
        </div>
        <div className="card-body course-side-body">
          <CourseActions course={course} purchase={<AddToCartButton course={course} />} />

          <h2 className="h6 mb-2">This course includes</h2>
          <ul className="list-unstyled course-includes mb-4">
            {includes.map((item) => (
              <li key={item.label}>
                <span>
                  <i className={`bi ${item.icon} me-2 text-primary`} aria-hidden="true" />
                  {item.label}
                </span>
                <span className="fw-semibold">{item.value}</span>
              </li>
            ))}
          </ul>

          {/* The membership is offered to whoever cannot open the course yet; a member or a buyer already can. */}
          {course.course_type === 'paid' && course.access === 'none' && (
            <div className="course-membership mb-3">
              <i className="bi bi-gem course-membership-icon" aria-hidden="true" />
              <div>
                <p className="fw-semibold mb-1">Included in membership</p>
                <p className="small text-body-secondary mb-1">Get this course and every premium course with one plan.</p>
                <Link to="/subscribe?scrollTo=plans" className="small fw-semibold">
                  See membership plans
                  <i className="bi bi-arrow-right ms-1" aria-hidden="true" />
                </Link>
              </div>
            </div>
          )}

          <ShareMenu slug={course.slug} title={course.title} className="mb-4" />

          <div className="border-top pt-3">
            <p className="small text-body-secondary mb-2">Your instructor</p>
            <InstructorCard instructor={course.instructor} compact headingLevel="h3" />
          </div>
        </div>
      </div>
    </div>
  );
}
