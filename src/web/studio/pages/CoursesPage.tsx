import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { adminCourseQuerySchema } from '../../../shared/admin';
import { adminQueries, type CourseListQuery } from '../../api/admin';
import { FilterSelect, ListToolbar, SearchBox } from '../components/filters';
import { useListParams } from '../components/listParams';
import { PagedList } from '../components/lists';
import { DataTable, LinkRow, RowLink } from '../components/tables';
import { formatDateTime, formatMoney, PageHeader, StateBadge, useStudioTitle } from '../components/ui';

const { search, state, sort } = adminCourseQuerySchema.shape;
const shape = { search, state, sort };
const sorts = Object.entries({ position: 'Catalog order', title: 'Title (A–Z)', '-updated_at': 'Recently edited', updated_at: 'Least recently edited' });

/** /admin/courses: every course, searched, filtered by state and sorted on the server. */
export default function CoursesPage() {
  useStudioTitle('Courses');
  const list = useListParams(shape);
  const courses = useQuery(adminQueries.courses({ page: list.page, ...(list.filters as Omit<CourseListQuery, 'page'>) }));

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
      <ListToolbar plain onSubmit={() => list.update({ search: list.search })}>
        <SearchBox id="course-search" value={list.search} onChange={list.setSearch} placeholder="Title or address" className="col-12 col-md-5" />
        <FilterSelect
          id="course-state"
          label="State"
          {...list.bind('state')}
          options={[
            ['', 'Draft and published'],
            ['draft', 'Draft'],
            ['published', 'Published'],
            ['archived', 'Archived'],
          ]}
          className="col-6 col-md-3"
        />
        <FilterSelect id="course-sort" label="Sort" {...list.bind('sort')} value={list.filters.sort ?? 'position'} options={sorts} className="col-6 col-md-4" />
      </ListToolbar>

      <PagedList
        query={courses}
        loading="Loading courses"
        columns={5}
        empty={list.filtered ? 'No course matches these filters.' : 'No course yet: create your first one.'}
        emptyAction={list.filtered ? undefined : { to: '/admin/courses/new', label: 'New course' }}
        noun={['course', 'courses']}
        onPage={list.setPage}
      >
        {(rows) => (
          <DataTable
            label="Courses"
            caption="Courses"
            busy={courses.isFetching}
            columns={[
              'Course',
              'State',
              ['Lessons', 'd-none d-md-table-cell'],
              ['Students', 'd-none d-md-table-cell'],
              'Price',
              ['Edited', 'd-none d-lg-table-cell'],
            ]}
          >
            {rows.map((course) => {
              const usd = course.prices.find((p) => p.region === 'US');
              return (
                <LinkRow key={course.id} to={`/admin/courses/${course.id}`}>
                  <td>
                    <RowLink to={`/admin/courses/${course.id}`}>{course.title}</RowLink>
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
                </LinkRow>
              );
            })}
          </DataTable>
        )}
      </PagedList>
    </>
  );
}
