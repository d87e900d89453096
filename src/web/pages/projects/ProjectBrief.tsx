import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { submissionStatusLabels, type Project } from '../../../shared/projects';
import { useMySubmissions } from '../../api/projects';
import { useIsLoggedIn } from '../../lib/auth';
import { reviewedByLine } from './copy';
import { SubmissionForm } from './SubmissionForm';
import { SubmissionTimeline } from './SubmissionTimeline';
import './projects.scss';

/** The brief itself: goal and requirements (rich text the server sanitised), the criteria it is judged by, and whether a file is asked for. */
export function ProjectBrief({ project, headingLevel = 'h2' }: { project: Project; headingLevel?: 'h1' | 'h2' }) {
  const Heading = headingLevel;
  const Sub = headingLevel === 'h1' ? 'h2' : 'h3';
  return (
    <article className="card project-card shadow-sm" aria-labelledby={`project-${project.id}-title`}>
      <div className="card-body p-4 p-md-5">
        <p className="eyebrow mb-2">
          <i className="bi bi-award me-2" aria-hidden="true" />
          Pre-experience letter project
        </p>
        <Heading id={`project-${project.id}-title`} className={headingLevel === 'h1' ? 'h2 mb-2' : 'h3 mb-2'}>
          Project: {project.title}
        </Heading>
        {project.summary && <p className="lead text-body-secondary mb-3">{project.summary}</p>}
        <p className="small mb-4">
          <span className="badge rounded-pill text-bg-light border">
            <i className="bi bi-person-check me-1" aria-hidden="true" />
            {reviewedByLine}
          </span>
          {project.file_required && (
            <span className="badge rounded-pill text-bg-light border ms-2">
              <i className="bi bi-paperclip me-1" aria-hidden="true" />
              Asks for a PDF or ZIP
            </span>
          )}
        </p>
        {project.brief !== null && (
          <>
            <Sub className="h5">The brief</Sub>
            {/* The server sanitises the brief's HTML before sending it (architecture rule 8). */}
            <div className="prose mb-4" dangerouslySetInnerHTML={{ __html: project.brief || '<p>The instructor has not written the brief yet.</p>' }} />
          </>
        )}
        {project.criteria && project.criteria.length > 0 && (
          <>
            <Sub className="h5">How it is judged</Sub>
            <ul className="list-unstyled project-criteria mb-0">
              {project.criteria.map((criterion) => (
                <li key={criterion}>
                  <i className="bi bi-check2-square text-primary" aria-hidden="true" />
                  <span>{criterion}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </article>
  );
}

/**
 * What the student can do with the project now: sign in, get the course, hand it in, wait for the review,
 * hand it in again after 'Changes requested', or open the letter. Who may open the course is the server's
 * answer: the brief comes only to them.
 */
export function ProjectHandIn({ project }: { project: Project }) {
  const loggedIn = useIsLoggedIn();
  const { pathname } = useLocation();
  const submissions = useMySubmissions();

  if (!loggedIn)
    return (
      <HandInCard title="Hand in your project">
        <p className="mb-3">Sign in with the account that has this course to read the brief and hand in your project.</p>
        <Link to={`/login?next=${encodeURIComponent(pathname)}`} className="btn btn-primary">
          Sign in
        </Link>
      </HandInCard>
    );
  if (!project.unlocked)
    return (
      <HandInCard title="Hand in your project">
        <p className="mb-3">The brief and the hand-in open to students of “{project.course_title}”.</p>
        <Link to={`/courses/${project.course_slug}`} className="btn btn-primary">
          Get the course
        </Link>
      </HandInCard>
    );
  if (submissions.isPending)
    return (
      <div className="card p-4 placeholder-glow" role="status" aria-label="Loading your submission">
        <span className="placeholder col-6 mb-3" aria-hidden="true" />
        <span className="placeholder col-12 mb-2" style={{ height: '2.4rem' }} aria-hidden="true" />
        <span className="placeholder col-12" style={{ height: '2.4rem' }} aria-hidden="true" />
      </div>
    );
  const submission = submissions.data?.find((s) => s.project_id === project.id);
  if (!submission)
    return (
      <HandInCard title="Hand in your project">
        {submissions.isError && <p className="small text-body-secondary">Your earlier submissions could not be loaded; you can still hand in.</p>}
        <SubmissionForm projectId={project.id} fileRequired={project.file_required} />
      </HandInCard>
    );
  return (
    <HandInCard
      title="Your submission"
      aside={
        <span
          className={`badge ${submission.status === 'approved' ? 'text-bg-success' : submission.status === 'rejected' ? 'text-bg-danger' : 'text-bg-light border'}`}
        >
          {submissionStatusLabels[submission.status]}
        </span>
      }
    >
      <SubmissionTimeline submission={submission} />
      {submission.status === 'approved' && submission.letter_id && (
        <Link to={`/letters/${submission.letter_id}`} className="btn btn-success mt-4">
          <i className="bi bi-award me-2" aria-hidden="true" />
          Open your letter
        </Link>
      )}
      {submission.status === 'changes_requested' && (
        <div className="border-top pt-4 mt-4">
          <h3 className="h6 mb-3">Hand it in again</h3>
          <SubmissionForm projectId={project.id} fileRequired={project.file_required} resubmit={submission} idPrefix={`resubmit-${submission.id}`} />
        </div>
      )}
      {submission.status === 'rejected' && (
        <div className="border-top pt-4 mt-4">
          <h3 className="h6 mb-1">Start a new submission</h3>
          <p className="small text-body-secondary mb-3">This one stays in your history. A new submission is reviewed from the start.</p>
          <SubmissionForm projectId={project.id} fileRequired={project.file_required} idPrefix={`new-after-${submission.id}`} />
        </div>
      )}
    </HandInCard>
  );
}

function HandInCard({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section className="card project-card shadow-sm" aria-label={title}>
      <div className="card-body p-4 p-md-5">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
          <h2 className="h4 mb-0">{title}</h2>
          {aside}
        </div>
        {children}
      </div>
    </section>
  );
}
