import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import type { CourseDetail } from '../../../shared/catalog';
import { learningMessages } from '../../../shared/learning-messages';
import { isEnrolledStatus } from '../../api/learning';
import { Logo } from '../../components/layout/Logo';
import { ProgressRing } from '../../components/ProgressRing';

/** The lesson page's own header: the logo, the course title, and the learner's progress (or the way to the course). */
export function LessonHeader({ course }: { course?: CourseDetail }) {
  const enrolled = course ? isEnrolledStatus(course.course_status) : false;
  const done = course?.completed_total_lessons ?? 0;
  const total = course?.total_lessons ?? 0;
  const percent = course?.student_progress ?? 0;
  return (
    <header className="lesson-header">
      <div className="lesson-header-inner">
        <Logo to="/dashboard/" />
        {course && (
          <>
            <span className="lesson-header-divider d-none d-md-block" aria-hidden="true" />
            <h1 className="lesson-header-title" title={course.title}>
              {course.title}
            </h1>
            <div className="lesson-header-end">
              {enrolled ? (
                <Dropdown align="end">
                  <Dropdown.Toggle variant="link" className="lesson-progress-toggle" id="lesson-progress">
                    <ProgressRing percent={percent} size={40} stroke={3.5} />
                    <span className="d-none d-md-inline" aria-hidden="true">
                      Your progress
                    </span>
                    <span className="visually-hidden" data-testid="progress-label">
                      Your progress: {done} of {total} lessons complete
                    </span>
                  </Dropdown.Toggle>
                  <Dropdown.Menu className="lesson-progress-menu">
                    <p className="fw-semibold mb-1">
                      {done} of {total} complete.
                    </p>
                    {course.course_status === 'completed' ? (
                      <Link to="/certificate-download/" className="small fw-semibold">
                        <i className="bi bi-award me-1" aria-hidden="true" />
                        Get your certificate
                      </Link>
                    ) : (
                      <p className="small text-body-secondary mb-0">{learningMessages.certificateHint}</p>
                    )}
                  </Dropdown.Menu>
                </Dropdown>
              ) : (
                <Link to={`/courses/${course.slug}`} className="btn btn-sm btn-outline-light text-nowrap">
                  Course details
                </Link>
              )}
            </div>
          </>
        )}
      </div>
    </header>
  );
}
