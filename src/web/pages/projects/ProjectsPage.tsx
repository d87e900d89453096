import { useState } from 'react';
import { Link } from 'react-router';
import { submissionStatusLabels, type Submission } from '../../../shared/projects';
import { useMySubmissions, useProject } from '../../api/projects';
import { EmptyState, ErrorState } from '../../components/States';
import { usePageMeta } from '../../lib/usePageMeta';
import { SubmissionForm } from './SubmissionForm';
import { SubmissionTimeline } from './SubmissionTimeline';
import './projects.scss';

const statusLooks: Record<Submission['status'], string> = {
  submitted: 'text-bg-primary',
  in_review: 'text-bg-info',
  changes_requested: 'text-bg-warning',
  approved: 'text-bg-success',
  rejected: 'text-bg-danger',
};

function SubmissionCard({ submission }: { submission: Submission }) {
  const [resubmitting, setResubmitting] = useState(false);
  // Whether the project asks for a file is the project's (the resubmit form needs it; the server checks it again).
  const fileRequired = useProject(submission.project_id).data?.file_required ?? false;
  const headingId = `submission-${submission.id}-title`;
  return (
    <section className="card project-card mb-4" aria-labelledby={headingId}>
      <div className="card-header bg-transparent d-flex flex-wrap align-items-start justify-content-between gap-2 py-3">
        <div className="min-w-0">
          <h2 id={headingId} className="h5 mb-1 text-break">
            {submission.project_title}
          </h2>
          <Link to={`/courses/${submission.course_slug}`} className="small">
            {submission.course_title}
          </Link>
        </div>
        <span className={`badge ${statusLooks[submission.status]}`}>{submissionStatusLabels[submission.status]}</span>
      </div>
      <div className="card-body">
        <SubmissionTimeline submission={submission} />
        <div className="d-flex flex-wrap gap-2 mt-4">
          {submission.letter_id && (
            <Link to={`/letters/${submission.letter_id}`} className="btn btn-success">
              <i className="bi bi-award me-2" aria-hidden="true" />
              Open your letter
            </Link>
          )}
          {submission.status === 'changes_requested' && !resubmitting && (
            <button type="button" className="btn btn-primary" onClick={() => setResubmitting(true)}>
              <i className="bi bi-arrow-repeat me-2" aria-hidden="true" />
              Resubmit
            </button>
          )}
          <Link to={`/projects/${submission.project_id}`} className="btn btn-outline-primary">
            Read the brief
          </Link>
        </div>
        {submission.status === 'changes_requested' && resubmitting && (
          <div className="border-top pt-4 mt-4">
            <h3 className="h6 mb-3">Hand it in again</h3>
            <SubmissionForm
              projectId={submission.project_id}
              fileRequired={fileRequired}
              resubmit={submission}
              idPrefix={`resubmit-${submission.id}`}
              onDone={() => setResubmitting(false)}
            />
          </div>
        )}
      </div>
    </section>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading your projects">
      {[0, 1].map((i) => (
        <div key={i} className="card project-card mb-4 p-4 placeholder-glow" aria-hidden="true">
          <span className="placeholder col-5 mb-2" style={{ height: '1.4rem' }} />
          <span className="placeholder col-3 mb-4" />
          {[0, 1, 2].map((line) => (
            <div key={line} className="d-flex gap-3 mb-3 align-items-center">
              <span className="placeholder rounded-circle" style={{ width: 32, height: 32 }} />
              <span className="placeholder col-4" />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/** /projects/: the student's submissions, each with its status timeline, and the resubmit after 'Changes requested'. */
export default function ProjectsPage() {
  usePageMeta('account', { title: 'My Projects | Lectern' });
  const submissions = useMySubmissions();

  let body;
  if (submissions.isError) body = <ErrorState message="Failed to load your projects. Please try again." onRetry={() => void submissions.refetch()} />;
  else if (!submissions.data) body = <ListSkeleton />;
  else if (submissions.data.length === 0)
    body = (
      <div className="card">
        <EmptyState
          message="You have not handed in a project yet. Open a course's project to read its brief and hand in your work."
          action={{ to: '/enrolled-courses/', label: 'Go to my courses' }}
        />
      </div>
    );
  else body = submissions.data.map((submission) => <SubmissionCard key={submission.id} submission={submission} />);

  return (
    <div>
      <h1 className="h3 mb-1">My Projects</h1>
      <p className="text-body-secondary mb-4">Every project you handed in, and where its review stands. The instructor reviews each one personally.</p>
      {body}
    </div>
  );
}
