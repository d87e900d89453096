import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { adminSubmissionQuerySchema, submissionStatuses, submissionStatusLabels, type SubmissionStatus } from '../../../shared/projects';
import { adminErrorText } from '../../api/admin';
import { adminProjectQueries, SUBMISSIONS_PAGE_SIZE } from '../../api/adminProjects';
import { EmptyState, ErrorState } from '../../components/States';
import { CourseFilter } from '../components/filters';
import { nextParams } from '../components/listParams';
import { DataTable, LinkRow, RowLink } from '../components/tables';
import { PageHeader, Pager, TableSkeleton, formatDateTime, useStudioTitle } from '../components/ui';
import { useAdmin } from '../StudioGuard';
import { SubmissionStatusBadge } from '../projects/SubmissionStatusBadge';

const daysText = (days: number) => (days === 0 ? 'Today' : days === 1 ? '1 day' : `${days} days`);

/** /admin/projects: the review queue, oldest first, with how long each has waited; filtered by course and status. */
export default function ProjectQueuePage() {
  useStudioTitle('Projects');
  const [params, setParams] = useSearchParams();
  const parsed = adminSubmissionQuerySchema.safeParse({
    status: params.get('status') || undefined,
    course_id: params.get('course') || undefined,
    page: params.get('page') || undefined,
  });
  const { page, status, course_id } = parsed.success ? parsed.data : { page: 1, status: undefined, course_id: undefined };
  const list = useQuery(adminProjectQueries.submissions({ status, course_id }, page));
  // A reviewer may not list the courses (the studio's course API is the admin's): they filter by status only.
  const isAdmin = useAdmin().role !== 'reviewer';
  const update = (changes: Record<string, string | undefined>) => setParams(nextParams(params, changes), { replace: true });
  const waiting = list.data?.waiting;

  return (
    <div>
      <PageHeader title="Projects" />
      <p className="small text-body-secondary mb-3" style={{ marginTop: '-0.5rem' }}>
        {waiting === undefined
          ? 'Students’ projects waiting for a review, oldest first.'
          : waiting === 0
            ? 'No project is waiting for a review.'
            : `${waiting} waiting for a review, oldest first.`}
      </p>
      <div className="studio-card p-3 mb-3 d-flex flex-wrap align-items-end gap-3" role="search" aria-label="Filter the projects">
        <div style={{ minWidth: 0, flex: '1 1 12rem', maxWidth: '16rem' }}>
          <label htmlFor="projects-status" className="form-label small mb-1">
            Status
          </label>
          <select
            id="projects-status"
            className="form-select form-select-sm"
            value={status ?? ''}
            onChange={(e) => update({ status: e.target.value || undefined })}
          >
            <option value="">Every status</option>
            {submissionStatuses.map((s: SubmissionStatus) => (
              <option key={s} value={s}>
                {submissionStatusLabels[s]}
              </option>
            ))}
          </select>
        </div>
        {isAdmin && (
          <CourseFilter id="projects-course" value={course_id} onChange={(course) => update({ course })} style={{ flex: '1 1 14rem', maxWidth: '22rem' }} />
        )}
      </div>
      {list.isPending ? (
        <TableSkeleton rows={6} columns={5} label="Loading the projects" />
      ) : list.isError ? (
        <ErrorState message={adminErrorText(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <div className="studio-card">
          <EmptyState message={status || course_id ? 'No submission matches these filters.' : 'No project has been handed in yet.'} />
        </div>
      ) : (
        <>
          <DataTable
            label="Submissions"
            caption="Project submissions, oldest first"
            busy={list.isFetching}
            columns={['Project', 'Student', ['Course', 'd-none d-md-table-cell'], 'Status', 'Waiting']}
          >
            {list.data.results.map((item) => (
              <LinkRow key={item.id} to={`/admin/projects/${item.id}`}>
                <td>
                  <RowLink to={`/admin/projects/${item.id}`}>{item.project_title}</RowLink>
                  {item.round > 1 && <span className="small text-body-secondary d-block">Round {item.round}</span>}
                </td>
                <td className="text-break">{item.student_name}</td>
                <td className="d-none d-md-table-cell">{item.course_title}</td>
                <td>
                  <SubmissionStatusBadge status={item.status} />
                </td>
                <td title={`Handed in ${formatDateTime(item.submitted_at)}`}>{daysText(item.days_waiting)}</td>
              </LinkRow>
            ))}
          </DataTable>
          <Pager
            page={page}
            hasNext={page * SUBMISSIONS_PAGE_SIZE < list.data.count}
            onPage={(p) => update({ page: String(p) })}
            summary={`${list.data.count} submission${list.data.count === 1 ? '' : 's'}`}
          />
        </>
      )}
    </div>
  );
}
