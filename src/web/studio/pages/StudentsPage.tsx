import { useQuery } from '@tanstack/react-query';
import { adminStudentQuerySchema } from '../../../shared/admin';
import { peopleQueries } from '../../api/adminPeople';
import { useListParams } from '../components/listParams';
import { FilterActions, FilterSelect, ListToolbar, SearchBox } from '../components/filters';
import { PagedList, PeopleBadge } from '../components/lists';
import { DataTable, LinkRow, RowLink } from '../components/tables';
import { EmailText, formatDateTime, PageHeader, useStudioTitle } from '../components/ui';

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
  const list = useListParams(shape);
  const students = useQuery(peopleQueries.students(list.filters, list.page));

  return (
    <>
      <PageHeader title="Students" />
      <ListToolbar label="Find students" onSubmit={() => list.update({ search: list.search })}>
        <SearchBox id="students-search" value={list.search} onChange={list.setSearch} placeholder="Name or email" />
        <FilterSelect
          id="students-verified"
          label="Email"
          {...list.bind('verified')}
          options={[
            ['', 'Any'],
            ['true', 'Verified'],
            ['false', 'Not verified'],
          ]}
        />
        <FilterSelect
          id="students-blocked"
          label="Sign-in"
          {...list.bind('blocked')}
          options={[
            ['', 'Any'],
            ['false', 'Allowed'],
            ['true', 'Blocked'],
          ]}
        />
        <FilterSelect id="students-sort" label="Sort" {...list.bind('sort')} options={sorts} />
        <FilterActions onClear={list.clear} className="col-6 col-md-3 col-lg-2" />
      </ListToolbar>

      <PagedList
        query={students}
        loading="Loading students"
        columns={4}
        empty={list.filtered ? 'No student matches these filters.' : 'No student yet.'}
        noun={['student', 'students']}
        onPage={list.setPage}
      >
        {(rows) => (
          <DataTable
            label="Students"
            busy={students.isFetching}
            caption={`Students, ${sorts.find(([v]) => v === (list.filters.sort ?? ''))?.[1].toLowerCase()}`}
            columns={['Student', 'Account', ['Country', 'd-none d-md-table-cell'], ['Joined', 'd-none d-md-table-cell']]}
          >
            {rows.map((s) => (
              <LinkRow key={s.id} to={`/admin/students/${s.id}`}>
                <td className="text-break">
                  <RowLink to={`/admin/students/${s.id}`}>{s.full_name || s.email}</RowLink>
                  <div className="small text-body-secondary">
                    <EmailText email={s.email} />
                  </div>
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
              </LinkRow>
            ))}
          </DataTable>
        )}
      </PagedList>
    </>
  );
}
