import { useRef, type CSSProperties } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CourseDetail } from '../../../shared/catalog';
import { InstructorCard } from '../../components/InstructorCard';
import { Price } from '../../components/Price';
import { ShareMenu } from '../../components/ShareMenu';
import { useStickyTop } from './useStickyTop';

const ENROLLED = new Set(['enrolled', 'in_progress', 'completed']);

function ProgressBlock({ course }: { course: CourseDetail }) {
  const percent = Math.round(course.student_progress);
  const notStarted = course.course_status === 'enrolled' && course.completed_total_lessons === 0 && percent === 0;
  return (
    <div className="mb-4">
      <div className="d-flex justify-content-between small mb-1">
        <span className="fw-semibold">Your progress</span>
        <span>{percent}%</span>
      </div>
      <div className="progress mb-2" role="progressbar" aria-label="Course progress" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="small text-body-secondary mb-3">
        {course.completed_total_lessons} of {course.total_lessons} lessons completed
      </p>
      <Link to={`/lesson/${course.slug}/`} className="btn btn-primary btn-lg w-100">
        {notStarted ? 'Start Course' : 'Continue Course'}
      </Link>
    </div>
  );
}

function PriceBlock({ course }: { course: CourseDetail }) {
  const navigate = useNavigate();
  const free = course.course_type === 'free';
  const { amount, regular_amount } = course.country_price;
  const off = !free && regular_amount > amount && regular_amount > 0 ? Math.round((1 - amount / regular_amount) * 100) : 0;
  return (
    <div className="mb-4">
      <div className="d-flex align-items-center flex-wrap gap-2 mb-3">
        <Price price={course.country_price} free={free} size="lg" />
        {off > 0 && <span className="badge text-bg-success">{off}% off</span>}
      </div>
      {free ? (
        <button type="button" className="btn btn-primary btn-lg w-100" onClick={() => navigate('/login')}>
          Enroll for free
        </button>
      ) : (
        <>
          <button type="button" className="btn btn-accent btn-lg w-100" onClick={() => navigate('/checkout')}>
            <i className="bi bi-cart-plus me-2" aria-hidden="true" />
            Add to cart
          </button>
          <p className="small text-body-secondary text-center mt-2 mb-0">30-day money-back guarantee</p>
        </>
      )}
    </div>
  );
}

interface CourseSideCardProps {
  course: CourseDetail;
  onPlayIntro: () => void;
}

/** Image (with the intro video when there is one), price or progress, what is included, membership, sharing and the instructor. */
export function CourseSideCard({ course, onPlayIntro }: CourseSideCardProps) {
  const ref = useRef<HTMLDivElement>(null);
  const top = useStickyTop(ref);
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
          <img src={course.course_image} alt={course.title} width={640} height={360} />
          {course.promo_video && (
            <button type="button" className="course-play" onClick={onPlayIntro}>
              <span className="course-play-icon" aria-hidden="true">
                <i className="bi bi-play-fill" />
              </span>
              <span className="course-play-label">Preview this course</span>
            </button>
          )}
        </div>
        <div className="card-body course-side-body">
          {ENROLLED.has(course.course_status) ? <ProgressBlock course={course} /> : <PriceBlock course={course} />}

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

          {course.course_type === 'paid' && (
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
