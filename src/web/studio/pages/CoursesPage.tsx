import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MAX_PAGE_SIZE } from '../../../shared/admin';
import { adminErrorText, adminQueries, type CourseListQuery } from '../../api/admin';
import { EmptyState, ErrorState } from '../../components/States';
import { formatDateTime, formatMoney, PageHeader, Pager, StateBadge, TableSkeleton, useStudioTitle } from '../components/ui';

const PAGE_SIZE = Math.min(25, MAX_PAGE_SIZE);
const sorts = { position: 'Catalog order', title: 'Title (A–Z)', '-updated_at': 'Recently edited', updated_at: 'Least recently edited' } as const;

/** /admin/courses: every course, searched, filtered by state and sorted on the server. */
export default function CoursesPage() {
  useStudioTitle('Courses');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query: CourseListQuery = {
    page: Math.max(1, Number(params.get('page')) || 1),
    search: params.get('search') || undefined,
    state: (params.get('state') as CourseListQuery['state']) || undefined,
    sort: (params.get('sort') as CourseListQuery['sort']) || undefined,
  };
  const [search, setSearch] = useState(query.search ?? '');
  const list = useQuery(adminQueries.courses(query));
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes))
      if (value) next.set(key, value);
      else next.delete(key);
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };

  return (
    <>
      <PageHeader
        title="Courses"
        actions={
          <Link to="/admin/courses/new" className="btn btn-primary">
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            New course
          </Link>
        }
      />
      <form
        className="studio-filters row g-2 align-items-end mb-3"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          update({ search: search.trim() || undefined });
        }}
      >
        <div className="col-12 col-md-5">
          <label htmlFor="course-search" className="form-label">
            Search
          </label>
          <div className="input-group">
            <input
              id="course-search"
              className="form-control"
              type="search"
              value={search}
              maxLength={100}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Title or address"
            />
            <button className="btn btn-outline-secondary" type="submit" aria-label="Search">
              <i className="bi bi-search" aria-hidden="true" />
            </button>
          </div>
        </div>
        <div className="col-6 col-md-3">
          <label htmlFor="course-state" className="form-label">
            State
          </label>
          <select id="course-state" className="form-select" value={query.state ?? ''} onChange={(e) => update({ state: e.target.value || undefined })}>
            <option value="">Draft and published</option>
            <option value="draft">Draft</option>
            <option value="published">Published</option>
            <option value="archived">Archived</option>
          </select>
        </div>
        <div className="col-6 col-md-4">
          <label htmlFor="course-sort" className="form-label">
            Sort
          </label>
          <select id="course-sort" className="form-select" value={query.sort ?? 'position'} onChange={(e) => update({ sort: e.target.value })}>
            {Object.entries(sorts).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </form>

      {list.isPending ? (
        <TableSkeleton label="Loading courses" />
      ) : list.isError ? (
        <ErrorState message={adminErrorText(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        query.search || query.state ? (
          <EmptyState message="No course matches these filters." />
        ) : (
          <EmptyState message="No course yet: create your first one." action={{ to: '/admin/courses/new', label: 'New course' }} />
        )
      ) : (
        <>
          <div className="studio-card table-responsive" aria-busy={list.isFetching}>
            <table className="table studio-table table-hover">
              <caption className="visually-hidden">Courses</caption>
              <thead>
                <tr>
                  <th scope="col">Course</th>
                  <th scope="col">State</th>
                  <th scope="col" className="d-none d-md-table-cell">
                    Lessons
                  </th>
                  <th scope="col" className="d-none d-md-table-cell">
                    Students
                  </th>
                  <th scope="col">Price</th>
                  <th scope="col" className="d-none d-lg-table-cell">
                    Edited
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.results.map((course) => {
                  const usd = course.prices.find((p) => p.region === 'US');
                  return (
                    <tr key={course.id} className="studio-row-link" onClick={() => void navigate(`/admin/courses/${course.id}`)}>
                      <td>
                        <Link to={`/admin/courses/${course.id}`} className="fw-semibold" onClick={(e) => e.stopPropagation()}>
                          {course.title}
                        </Link>
                        <div className="small text-body-secondary">
                          {course.category.category_name} · {course.complexity}
                        </div>
                      </td>
                      <td>
                        <StateBadge state={course.state} />
                      </td>
                      <td className="d-none d-md-table-cell">{course.total_lessons}</td>
                      <td className="d-none d-md-table-cell">{course.enrolled}</td>
                      <td className="text-nowrap">
                        {course.course_type === 'free' ? 'Free' : usd ? formatMoney(usd.amount, usd.currency) : <span className="text-danger">No price</span>}
                      </td>
                      <td className="d-none d-lg-table-cell small text-body-secondary text-nowrap">{formatDateTime(course.updated_at)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager
            page={query.page}
            hasNext={query.page * PAGE_SIZE < list.data.count}
            onPage={(page) => update({ page: String(page) })}
            summary={`${list.data.count} course${list.data.count === 1 ? '' : 's'}`}
          />
        </>
      )}
    </>
  );
}
