import { useState } from 'react';
import { Link } from 'react-router';
import { learningMessages, type Enrolment } from '../../../shared/learning';
import { useStudentCourses } from '../../api/learning';
import { SearchBox } from '../../components/SearchBox';
import { EmptyState, ErrorState } from '../../components/States';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { usePageMeta } from '../../lib/usePageMeta';
import { EnrolmentAction, EnrolmentProgress } from '../dashboard/EnrolmentParts';
import { formatShortDate } from '../course-detail/format';
import '../dashboard/dashboard.scss';

type Tab = 'all' | 'completed';

function EnrolledCard({ enrolment }: { enrolment: Enrolment }) {
  const { course } = enrolment;
  return (
    <div className="col-12 col-md-6 col-xl-4">
      <article className="card enrolled-card h-100">
        <Link to={`/courses/${course.slug}`} className="ratio ratio-16x9 enrolled-card-media" tabIndex={-1} aria-hidden="true">
          <img src={course.course_image} alt="" width={640} height={360} loading="lazy" />
        </Link>
        <div className="card-body d-flex flex-column">
          <h2 className="h6 mb-1">
            <Link to={`/courses/${course.slug}`} className="text-body text-truncate-2">
              {course.title}
            </Link>
          </h2>
          <p className="small text-body-secondary mb-3">Enrolled {formatShortDate(enrolment.enrolled_at)}</p>
          <div className="mt-auto">
            <EnrolmentProgress enrolment={enrolment} className="mb-1" />
            <p className="small text-body-secondary mb-3">
              {course.completed_total_lessons} of {course.total_lessons} lectures completed
            </p>
            <EnrolmentAction enrolment={enrolment} />
          </div>
        </div>
      </article>
    </div>
  );
}

function CardSkeletons() {
  return (
    <div className="row g-3" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <div className="col-12 col-md-6 col-xl-4" key={i}>
          <div className="card enrolled-card h-100">
            <div className="ratio ratio-16x9 skeleton rounded-0" />
            <div className="card-body">
              <span className="skeleton skeleton-text d-block mb-2" style={{ width: '80%' }} />
              <span className="skeleton skeleton-text d-block mb-4" style={{ width: '40%' }} />
              <span className="skeleton d-block mb-3" style={{ height: 6 }} />
              <span className="skeleton d-inline-block" style={{ width: 90, height: 31 }} />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

/** /enrolled-courses/: every enrolment as a card with progress and Continue or Restart; search and a Completed tab. */
export default function EnrolledCoursesPage() {
  usePageMeta('account', { title: 'Enrolled Courses | Lectern' });
  const [tab, setTab] = useState<Tab>('all');
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search);
  const courses = useStudentCourses({ search: term, completedOnly: tab === 'completed' });
  const list = courses.data;

  let body;
  if (courses.isError && !list) body = <ErrorState message="Failed to load your courses. Please try again." onRetry={() => void courses.refetch()} />;
  else if (!list) body = <CardSkeletons />;
  else if (list.length === 0) {
    if (term.trim()) body = <p className="text-center text-body-secondary py-5 mb-0">No courses match “{term.trim()}”.</p>;
    else if (tab === 'completed')
      body = (
        <div className="state-box text-center py-5">
          <i className="bi bi-award fs-2 text-body-secondary d-block mb-2" aria-hidden="true" />
          <p className="mb-1">You have not completed a course yet.</p>
          <p className="small text-body-secondary mb-3">{learningMessages.certificateHint}</p>
          <button type="button" className="btn btn-outline-primary" onClick={() => setTab('all')}>
            Keep learning
          </button>
        </div>
      );
    else body = <EmptyState message="You have not enrolled in any course yet" action={{ to: '/courses', label: 'Browse courses' }} />;
  } else {
    body = (
      <div className="row g-3">
        {list.map((enrolment) => (
          <EnrolledCard key={enrolment.id} enrolment={enrolment} />
        ))}
      </div>
    );
  }

  return (
    <div>
      <div className="d-flex flex-column flex-md-row align-items-md-end justify-content-between gap-3 mb-3">
        <div>
          <h1 className="h3 mb-1">Enrolled Courses</h1>
          <p className="text-body-secondary mb-0">Pick up where you left off.</p>
        </div>
        <SearchBox id="enrolled-search" label="Search your courses" value={search} onChange={setSearch} className="dashboard-search" />
      </div>
      <ul className="nav nav-underline learning-tabs mb-4" role="tablist" aria-label="Filter courses">
        {(
          [
            ['all', 'All courses'],
            ['completed', 'Completed'],
          ] as const
        ).map(([value, label]) => (
          <li className="nav-item" role="presentation" key={value}>
            <button
              type="button"
              role="tab"
              aria-selected={tab === value}
              className={`nav-link${tab === value ? ' active' : ''}`}
              onClick={() => setTab(value)}
            >
              {label}
            </button>
          </li>
        ))}
      </ul>
      <div aria-live="polite" aria-busy={!list}>
        {body}
      </div>
    </div>
  );
}
