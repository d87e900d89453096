import { useState } from 'react';
import { Link } from 'react-router';
import { formatPersonName } from '../../../shared/text';
import { initials, pictureUrl, useUserDetails } from '../../api/accounts';
import { useDashboardSummary, useStudentCourses } from '../../api/learning';
import { SearchBox } from '../../components/SearchBox';
import { EmptyState, ErrorState } from '../../components/States';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { usePageMeta } from '../../lib/usePageMeta';
import { EnrolmentAction, EnrolmentProgress } from './EnrolmentParts';
import './dashboard.scss';

function Avatar({ picture, name, email }: { picture?: string | undefined; name: string; email: string }) {
  if (picture)
    return <img src={picture} alt={name || 'Your profile picture'} width={80} height={80} className="dashboard-avatar rounded-circle object-fit-cover" />;
  return (
    <span className="dashboard-avatar dashboard-avatar-initials rounded-circle" aria-hidden="true">
      {initials(name, email) || <i className="bi bi-person" />}
    </span>
  );
}

function ProfileBlock({ completedCourses }: { completedCourses: number | undefined }) {
  const { data: user, isPending } = useUserDetails();
  const name = formatPersonName(user?.full_name);
  return (
    <section className="dashboard-hero mb-4" aria-label="Your profile">
      <div className="d-flex flex-column flex-sm-row align-items-sm-center gap-3">
        {isPending ? (
          <span className="dashboard-avatar rounded-circle skeleton" />
        ) : (
          <Avatar picture={pictureUrl(user?.profile_picture)} name={name} email={user?.email ?? ''} />
        )}
        <div className="flex-grow-1 min-w-0">
          <div className="d-flex align-items-center flex-wrap gap-2 mb-1">
            <h2 className="h4 mb-0 text-white text-break">
              {isPending ? <span className="skeleton skeleton-text d-inline-block" style={{ width: 180 }} /> : name || 'Student'}
            </h2>
            <span className="badge rounded-pill bg-accent">
              <i className="bi bi-stars me-1" aria-hidden="true" />
              Pro
            </span>
          </div>
          <p className="dashboard-hero-muted mb-1 text-break">{user?.email}</p>
          <p className="dashboard-hero-muted small mb-0">
            <i className="bi bi-trophy me-1" aria-hidden="true" />
            {completedCourses ?? 0} {completedCourses === 1 ? 'Course' : 'Courses'} Completed
          </p>
        </div>
        <Link to="/enrolled-courses/" className="btn btn-light fw-semibold align-self-start align-self-sm-center">
          View my courses
          <i className="bi bi-arrow-right ms-2" aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}

function Counter({ icon, label, value, tone }: { icon: string; label: string; value: number | undefined; tone: string }) {
  return (
    <div className="col-6 col-md-3">
      <div className="card dashboard-counter h-100">
        <div className="card-body d-flex flex-column flex-md-row align-items-center text-center text-md-start gap-2 gap-md-3">
          <span className={`dashboard-counter-icon bg-${tone}-subtle text-${tone}-emphasis`} aria-hidden="true">
            <i className={`bi bi-${icon}`} />
          </span>
          <div>
            <p className="dashboard-counter-value mb-0">
              {value === undefined ? <span className="skeleton d-inline-block" style={{ width: 40, height: 28 }} /> : value}
            </p>
            <p className="small text-body-secondary mb-0">{label}</p>
          </div>
        </div>
      </div>
    </div>
  );
}

function CourseTableSkeleton() {
  return (
    <tbody aria-hidden="true">
      {[0, 1, 2].map((row) => (
        <tr key={row}>
          <td>
            <div className="d-flex gap-3 align-items-center">
              <span className="skeleton dashboard-thumb" />
              <div className="flex-grow-1">
                <span className="skeleton skeleton-text d-block mb-2" style={{ width: '70%' }} />
                <span className="skeleton d-block" style={{ height: 6 }} />
              </div>
            </div>
          </td>
          <td className="d-none d-md-table-cell">
            <span className="skeleton skeleton-text d-inline-block" style={{ width: 24 }} />
          </td>
          <td className="d-none d-md-table-cell">
            <span className="skeleton skeleton-text d-inline-block" style={{ width: 24 }} />
          </td>
          <td>
            <span className="skeleton d-inline-block" style={{ width: 80, height: 31 }} />
          </td>
        </tr>
      ))}
    </tbody>
  );
}

/** /dashboard/: profile block, three real counters and 'My Courses List' with search. */
export default function DashboardPage() {
  usePageMeta('account', { title: 'Dashboard | Lectern' });
  const summary = useDashboardSummary();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search);
  const courses = useStudentCourses({ search: term });
  const list = courses.data;

  let body;
  if (courses.isError && !list) {
    body = (
      <tbody>
        <tr>
          <td colSpan={4}>
            <ErrorState message="Failed to load your courses. Please try again." onRetry={() => void courses.refetch()} />
          </td>
        </tr>
      </tbody>
    );
  } else if (!list) body = <CourseTableSkeleton />;
  else if (list.length === 0) {
    body = (
      <tbody>
        <tr>
          <td colSpan={4} className="border-0">
            {term.trim() ? (
              <p className="text-center text-body-secondary py-4 mb-0">No courses match “{term.trim()}”.</p>
            ) : (
              <EmptyState message="You have not enrolled in any course yet" action={{ to: '/courses', label: 'Browse courses' }} />
            )}
          </td>
        </tr>
      </tbody>
    );
  } else {
    body = (
      <tbody>
        {list.map((enrolment) => (
          <tr key={enrolment.id}>
            <td>
              <div className="d-flex gap-3 align-items-center">
                <img src={enrolment.course.course_image} alt="" width={64} height={36} className="dashboard-thumb d-none d-sm-block" />
                <div className="flex-grow-1 min-w-0">
                  <Link to={`/courses/${enrolment.course.slug}`} className="fw-semibold text-body d-block text-truncate-2">
                    {enrolment.course.title}
                  </Link>
                  <EnrolmentProgress enrolment={enrolment} className="mt-1" />
                  <span className="small text-body-secondary d-md-none">
                    {enrolment.course.completed_total_lessons} of {enrolment.course.total_lessons} lectures
                  </span>
                </div>
              </div>
            </td>
            <td className="d-none d-md-table-cell text-center">{enrolment.course.total_lessons}</td>
            <td className="d-none d-md-table-cell text-center">{enrolment.course.completed_total_lessons}</td>
            <td className="text-end">
              <EnrolmentAction enrolment={enrolment} />
            </td>
          </tr>
        ))}
      </tbody>
    );
  }

  return (
    <div className="dashboard">
      <h1 className="visually-hidden">Dashboard</h1>
      <ProfileBlock completedCourses={summary.data?.completed_courses} />

      <div className="row g-3 mb-4">
        <Counter icon="journal-bookmark" label="Total Courses" value={summary.data?.total_courses} tone="primary" />
        <Counter icon="check2-square" label="Completed Lessons" value={summary.data?.completed_lessons} tone="success" />
        <Counter icon="award" label="Achieved Certificates" value={summary.data?.certificates} tone="warning" />
        <Counter icon="envelope-paper" label="Pre-experience Letters" value={summary.data?.letters} tone="info" />
      </div>

      <section className="card" aria-labelledby="my-courses-title">
        <div className="card-header d-flex flex-column flex-sm-row align-items-sm-center justify-content-between gap-2 py-3">
          <h2 id="my-courses-title" className="h5 mb-0">
            My Courses List
          </h2>
          <SearchBox id="dashboard-search" label="Search your courses" value={search} onChange={setSearch} className="dashboard-search" small />
        </div>
        <div className="table-responsive">
          <table className="table align-middle mb-0 dashboard-table" aria-busy={!list}>
            <thead>
              <tr>
                <th scope="col">Course Title</th>
                <th scope="col" className="d-none d-md-table-cell text-center">
                  Total Lectures
                </th>
                <th scope="col" className="d-none d-md-table-cell text-center">
                  Completed Lecture
                </th>
                <th scope="col" className="text-end">
                  Action
                </th>
              </tr>
            </thead>
            {body}
          </table>
        </div>
      </section>
    </div>
  );
}
