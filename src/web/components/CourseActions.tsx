import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { CourseDetail } from '../../shared/catalog';
import { learningMessages } from '../../shared/learning-messages';
import { subscriptionMessages } from '../../shared/subscription-messages';
import { percentOff } from '../../shared/pricing';
import { catalogKeys } from '../api/catalog';
import { ApiError } from '../api/client';
import { isEnrolledStatus, useCheckEnrollment, useCompleteCourse, useFreeEnroll, useRestartCourse } from '../api/learning';
import { useIsLoggedIn } from '../lib/auth';
import { useHydrated } from '../lib/hydrated';
import { Price } from './Price';

interface CourseActionsProps {
  course: CourseDetail;
  /** The purchase control for a paid course the viewer does not own (the add-to-cart button). */
  purchase?: ReactNode;
}

function enrolError(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body as { error?: unknown; detail?: unknown } | null;
    if (typeof body?.error === 'string' && body.error) return body.error;
    if (typeof body?.detail === 'string' && body.detail) return body.detail;
  }
  return learningMessages.enrollmentFailed;
}

function ProgressSummary({ course }: { course: CourseDetail }) {
  const percent = Math.round(course.student_progress);
  return (
    <div className="mb-3" data-testid="course-progress">
      <div className="d-flex justify-content-between small mb-1">
        <span className="fw-semibold">Your progress</span>
        <span>{percent}%</span>
      </div>
      <div className="progress mb-2" role="progressbar" aria-label="Course progress" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
        <div className={`progress-bar${percent === 100 ? ' bg-success' : ''}`} style={{ width: `${percent}%` }} />
      </div>
      <p className="small text-body-secondary mb-0">
        {course.course_status === 'completed' ? 'Course completed' : `${course.completed_total_lessons} of ${course.total_lessons} lessons completed`}
      </p>
    </div>
  );
}

function PriceSummary({ course }: { course: CourseDetail }) {
  const free = course.course_type === 'free';
  const off = free ? 0 : percentOff(course.country_price.amount, course.country_price.regular_amount);
  return (
    <div className="d-flex align-items-center flex-wrap gap-2 mb-3">
      <Price price={course.country_price} free={free} size="lg" />
      {off > 0 && <span className="badge text-bg-success">{off}% off</span>}
    </div>
  );
}

/**
 * The course card's actions for every state (accounts spec, 'Course detail'): the progress block and
 * Start / Continue / Complete / Restart Course for an enrolled learner; the price and Enroll Now
 * (free) or the purchase control (paid) otherwise. A loading overlay covers it while a call runs.
 */
export function CourseActions({ course, purchase }: CourseActionsProps) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const loggedIn = useIsLoggedIn();
  const check = useCheckEnrollment(loggedIn ? course.id : undefined);
  const freeEnroll = useFreeEnroll();
  const completeCourse = useCompleteCourse();
  const restartCourse = useRestartCourse();
  const busy = freeEnroll.isPending || completeCourse.isPending || restartCourse.isPending;
  // The server renders every course page signed out: a signed-in viewer's buttons wait for the enrolment check.
  const ready = useHydrated() && !(loggedIn && check.isPending);

  // The enrolment check is the authority on the status: when it disagrees with the (possibly cached) course, reload the course.
  const checked = check.data?.course_status;
  const stale = loggedIn && checked !== undefined && checked !== course.course_status;
  useEffect(() => {
    if (stale) void client.invalidateQueries({ queryKey: catalogKeys.course(course.slug) });
  }, [stale, client, course.slug]);

  const status = loggedIn ? course.course_status : 'not enrolled';
  const enrolled = isEnrolledStatus(status);
  const free = course.course_type === 'free';
  const learnPath = `/lesson/${course.slug}/`;

  const ref = { slug: course.slug, id: course.id };
  const enrol = () => {
    if (!loggedIn) {
      void navigate('/login');
      return;
    }
    freeEnroll.mutate(ref, {
      onSuccess: () => toast.success(learningMessages.enrolled),
      onError: (error) => window.alert(enrolError(error)),
    });
  };

  // Refused until every lesson is completed: the server says how far the learner is, shown under the button.
  const complete = () =>
    completeCourse.mutate(ref, {
      onSuccess: () => toast.success('Course completed. Your certificate is ready in Certificates.'),
    });
  const completeError = completeCourse.error
    ? completeCourse.error instanceof ApiError && completeCourse.error.status === 409
      ? enrolError(completeCourse.error)
      : 'Could not complete the course. Please try again.'
    : undefined;

  // Restart failure is ignored (spec 8).
  const restart = () => restartCourse.mutate(ref);

  let actions: ReactNode;
  if (enrolled && !free && course.access === 'none') {
    // A membership that ended: the progress is kept, the lessons are locked until the course is bought or the member returns.
    actions = (
      <>
        <ProgressSummary course={course} />
        <PriceSummary course={course} />
        {purchase}
        <p className="small text-body-secondary text-center mt-2 mb-0">
          Or <Link to="/subscribe?scrollTo=plans">renew your membership</Link> to open every course again.
        </p>
      </>
    );
  } else if (enrolled) {
    const notStarted = status === 'enrolled' && course.completed_total_lessons === 0 && Math.round(course.student_progress) === 0;
    actions = (
      <>
        <ProgressSummary course={course} />
        <div className="d-grid gap-2">
          {status === 'completed' ? (
            <button type="button" className="btn btn-primary btn-lg" onClick={restart} disabled={busy || !ready}>
              <i className="bi bi-arrow-counterclockwise me-2" aria-hidden="true" />
              Restart Course
            </button>
          ) : (
            <>
              <Link to={learnPath} className="btn btn-primary btn-lg">
                <i className="bi bi-play-circle me-2" aria-hidden="true" />
                {notStarted ? 'Start Course' : 'Continue Course'}
              </Link>
              <button type="button" className="btn btn-outline-success" onClick={complete} disabled={busy || !ready}>
                <i className="bi bi-check2-circle me-2" aria-hidden="true" />
                Complete Course
              </button>
              {completeError && (
                <p className="small text-danger-emphasis mb-0" role="alert">
                  {completeError}
                </p>
              )}
            </>
          )}
        </div>
      </>
    );
  } else if (!free && course.access === 'membership') {
    // The server says the membership opens this course: no price and no cart, straight to the lessons.
    actions = (
      <>
        <p className="included-in-membership d-flex align-items-center gap-2 fw-semibold mb-3" data-testid="included-in-membership">
          <i className="bi bi-gem" aria-hidden="true" />
          {subscriptionMessages.includedInMembership}
        </p>
        <div className="d-grid">
          <Link to={learnPath} className="btn btn-primary btn-lg">
            <i className="bi bi-play-circle me-2" aria-hidden="true" />
            Start Course
          </Link>
        </div>
      </>
    );
  } else if (free) {
    actions = (
      <>
        <PriceSummary course={course} />
        <div className="d-grid">
          <button type="button" className="btn btn-primary btn-lg" onClick={enrol} disabled={busy || !ready} aria-busy={freeEnroll.isPending}>
            {freeEnroll.isPending ? 'Please wait...' : 'Enroll Now'}
          </button>
        </div>
      </>
    );
  } else {
    actions = (
      <>
        <PriceSummary course={course} />
        {purchase}
        <p className="small text-body-secondary text-center mt-2 mb-0">30-day money-back guarantee</p>
      </>
    );
  }

  return (
    <div className="course-actions position-relative mb-4" aria-busy={busy}>
      {actions}
      {busy && (
        <div
          className="course-actions-overlay position-absolute top-0 start-0 w-100 h-100 d-flex align-items-center justify-content-center rounded"
          style={{ background: 'rgba(255, 255, 255, 0.7)', zIndex: 2 }}
        >
          <div className="spinner-border text-primary" role="status">
            <span className="visually-hidden">Please wait…</span>
          </div>
        </div>
      )}
    </div>
  );
}
