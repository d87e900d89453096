import { Link } from 'react-router';
import type { Enrolment } from '../../../shared/learning';
import { useRestartCourse } from '../../api/learning';
import { SubmitButton } from '../../components/form/SubmitButton';

export const isFinished = (enrolment: Enrolment) => enrolment.course_status === 'completed';

/** Rounded whole percent; a completed course shows 100 %. */
export function enrolmentPercent(enrolment: Enrolment): number {
  return isFinished(enrolment) ? 100 : Math.round(enrolment.course.student_progress);
}

export function EnrolmentProgress({ enrolment, className = '' }: { enrolment: Enrolment; className?: string }) {
  const percent = enrolmentPercent(enrolment);
  return (
    <div className={`d-flex align-items-center gap-2 ${className}`}>
      <div
        className="progress flex-grow-1"
        style={{ height: 6 }}
        role="progressbar"
        aria-label={`${enrolment.course.title} progress`}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className={`progress-bar${percent === 100 ? ' bg-success' : ''}`} style={{ width: `${percent}%` }} />
      </div>
      <span className="small text-body-secondary text-nowrap" style={{ minWidth: '2.5rem', textAlign: 'right' }}>
        {percent}%
      </span>
    </div>
  );
}

/** Unfinished: 'Continue' to the player. Finished: 'Completed' and a 'Restart' button (HTTP 200 resets the row; a failure is ignored). */
export function EnrolmentAction({ enrolment, size = 'sm' }: { enrolment: Enrolment; size?: 'sm' | 'md' }) {
  const restart = useRestartCourse();
  const btn = size === 'sm' ? ' btn-sm' : '';
  const restarting = restart.isPending && restart.variables?.id === enrolment.course.id;
  if (!isFinished(enrolment)) {
    return (
      <Link to={`/lesson/${enrolment.course.slug}/`} className={`btn btn-primary${btn} text-nowrap`} aria-label={`Continue ${enrolment.course.title}`}>
        Continue
      </Link>
    );
  }
  return (
    <div className="d-inline-flex align-items-center flex-wrap gap-2">
      <span className="badge rounded-pill bg-success-subtle text-success-emphasis">
        <i className="bi bi-check2-circle me-1" aria-hidden="true" />
        Completed
      </span>
      <SubmitButton
        type="button"
        className={`btn btn-outline-primary${btn} text-nowrap`}
        busy={restarting}
        icon="bi-arrow-counterclockwise"
        aria-label={`Restart ${enrolment.course.title}`}
        onClick={() => restart.mutate({ slug: enrolment.course.slug, id: enrolment.course.id })}
      >
        Restart
      </SubmitButton>
    </div>
  );
}
