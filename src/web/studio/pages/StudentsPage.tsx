import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { adminStudentQuerySchema } from '../../../shared/admin';
import { peopleQueries } from '../../api/adminPeople';
import { useListParams } from '../components/listParams';
import { FilterSelect, PagedList, PeopleBadge, ScrollTable, SearchBox } from '../components/lists';
import { formatDateTime, PageHeader, useStudioTitle } from '../components/ui';

const { search, verified, blocked, sort } = adminStudentQuerySchema.shape;
const shape = { search, verified, blocked, sort };

const sorts = [
  ['', 'Newest first'],
  ['created_at', 'Oldest first'],
  ['full_name', 'Name (A–Z)'],
  ['email', 'Email (A–Z)'],
] as const;

/** /admin/students: every account, searched by name or email, filtered and sorted on the server. */
export default function StudentsPage() {
  useStudioTitle('Students');
  const navigate = useNavigate();
  const list = useListParams(shape);
  const students = useQuery(peopleQueries.students(list.filters, list.page));
  const filtered = Object.keys(list.filters).some((k) => k !== 'sort');

  return (
    <>
      <PageHeader title="Students" />
      <form
        className="studio-filters studio-card p-3 mb-3 row g-2 mx-0 align-items-end"
        role="search"
        aria-label="Find students"
        onSubmit={(e) => {
          e.preventDefault();
          list.update({ search: list.search });
        }}
      >
        <SearchBox id="students-search" value={list.search} onChange={list.setSearch} placeholder="Name or email" />
        <FilterSelect
          id="students-verified"
          label="Email"
          value={list.filters.verified}
          onChange={(v) => list.update({ verified: v })}
          options={[
            ['', 'Any'],
            ['true', 'Verified'],
            ['false', 'Not verified'],
          ]}
        />
        <FilterSelect
          id="students-blocked"
          label="Sign-in"
          value={list.filters.blocked}
          onChange={(v) => list.update({ blocked: v })}
          options={[
            ['', 'Any'],
            ['false', 'Allowed'],
            ['true', 'Blocked'],
          ]}
        />
        <FilterSelect id="students-sort" label="Sort" value={list.filters.sort} onChange={(v) => list.update({ sort: v })} options={sorts} />
        <div className="col-6 col-md-3 col-lg-2">
          <button type="button" className="btn btn-light border w-100" onClick={list.clear}>
            Clear
          </button>
        </div>
      </form>

      <PagedList
        query={students}
        loading="Loading students"
        columns={4}
        empty={filtered ? 'No student matches these filters.' : 'No student yet.'}
        noun={['student', 'students']}
        onPage={list.setPage}
      >
        {(rows) => (
          <ScrollTable label="Students" busy={students.isFetching}>
            <table className="table studio-table table-hover">
              <caption className="visually-hidden">Students, {sorts.find(([v]) => v === (list.filters.sort ?? ''))?.[1].toLowerCase()}</caption>
              <thead>
                <tr>
                  <th scope="col">Student</th>
                  <th scope="col">Account</th>
                  <th scope="col" className="d-none d-md-table-cell">
                    Country
                  </th>
                  <th scope="col" className="d-none d-md-table-cell">
                    Joined
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((s) => (
                  <tr key={s.id} className="studio-row-link" onClick={() => void navigate(`/admin/students/${s.id}`)}>
                    <td className="text-break">
                      <Link to={`/admin/students/${s.id}`} className="fw-semibold" onClick={(e) => e.stopPropagation()}>
                        {s.full_name || s.email}
                      </Link>
                      <div className="small text-body-secondary">{s.email}</div>
                    </td>
                    <td>
                      <div className="d-flex flex-wrap gap-1">
                        <PeopleBadge state={s.is_verified ? 'verified' : 'unverified'} />
                        {s.blocked && <PeopleBadge state="blocked" />}
                        {s.is_admin && <span className="badge text-bg-primary">Admin</span>}
                      </div>
                    </td>
                    <td className="d-none d-md-table-cell">{s.country || '—'}</td>
                    <td className="d-none d-md-table-cell small text-body-secondary text-nowrap">{formatDateTime(s.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </PagedList>
    </>
  );
}
