import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { AdminSubmission, Round } from '../../../shared/projects';
import { adminErrorText } from '../../api/admin';
import { useFileDownload } from '../../api/download';
import { adminProjectQueries } from '../../api/adminProjects';
import { useLetter } from '../../api/projects';
import { Breadcrumb } from '../../components/Breadcrumb';
import { SubmitButton } from '../../components/form/SubmitButton';
import { ErrorState } from '../../components/States';
import { SubmissionTimeline } from '../../pages/projects/SubmissionTimeline';
import { CardSkeleton, PageHeader, formatDateTime, useStudioTitle } from '../components/ui';
import { ReviewForm } from '../projects/ReviewForm';
import { RevokeDialog } from '../projects/RevokeDialog';
import { SubmissionStatusBadge } from '../projects/SubmissionStatusBadge';

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** A link the reviewer opens in a new tab: a student's address is never embedded, and the new page gets no handle on this one. */
function OutLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="text-break d-inline-block py-1">
      {href}
      <i className="bi bi-box-arrow-up-right ms-1 small" aria-hidden="true" />
      <span className="visually-hidden"> ({label}, opens in a new tab)</span>
    </a>
  );
}

/** One hand-in: its links, the file to download and the student's notes. */
function RoundFacts({ round }: { round: Round }) {
  const download = useFileDownload();
  return (
    <dl className="row g-0 mb-0 small">
      <dt className="col-12 col-sm-3 text-body-secondary fw-normal">Repository</dt>
      <dd className="col-12 col-sm-9">
        <OutLink href={round.repository_url} label="repository" />
      </dd>
      <dt className="col-12 col-sm-3 text-body-secondary fw-normal">Live URL</dt>
      <dd className="col-12 col-sm-9">{round.live_url ? <OutLink href={round.live_url} label="live project" /> : '—'}</dd>
      <dt className="col-12 col-sm-3 text-body-secondary fw-normal">File</dt>
      <dd className="col-12 col-sm-9">
        {round.file ? (
          <>
            <SubmitButton
              type="button"
              busy={download.isPending}
              busyLabel="Downloading..."
              icon="bi-download"
              className="btn btn-sm btn-outline-primary"
              onClick={() => download.mutate({ path: round.file!.url, filename: round.file!.name })}
            >
              {round.file.name}
            </SubmitButton>
            <span className="text-body-secondary ms-2">{sizeText(round.file.size_bytes)}</span>
            {download.isError && (
              <span className="text-danger d-block" role="alert">
                The file could not be downloaded.
              </span>
            )}
          </>
        ) : (
          '—'
        )}
      </dd>
      <dt className="col-12 col-sm-3 text-body-secondary fw-normal">Notes</dt>
      <dd className="col-12 col-sm-9 mb-0 text-pre-line">{round.notes || '—'}</dd>
    </dl>
  );
}

function LetterCard({ submission }: { submission: AdminSubmission }) {
  const letter = useLetter(submission.letter_id ?? undefined);
  const [revoking, setRevoking] = useState(false);
  if (!submission.letter_id) return null;
  const revoked = letter.data?.status === 'revoked';
  return (
    <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="letter-card-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <div>
          <h2 id="letter-card-title" className="h5 mb-1">
            Letter {letter.data?.number ?? ''}{' '}
            {letter.data && <span className={`badge ${revoked ? 'text-bg-danger' : 'text-bg-success'}`}>{revoked ? 'Revoked' : 'Valid'}</span>}
          </h2>
          <p className="small text-body-secondary mb-0">
            {revoked
              ? `Revoked ${formatDateTime(letter.data?.revoked_at)}`
              : letter.data
                ? `Issued ${formatDateTime(letter.data.issued_at)}`
                : 'Loading the letter...'}
          </p>
        </div>
        <div className="d-flex flex-wrap gap-2">
          <a href={`/letters/${submission.letter_id}`} target="_blank" rel="noopener noreferrer" className="btn btn-light border">
            <i className="bi bi-box-arrow-up-right me-1" aria-hidden="true" />
            Public page
          </a>
          {letter.data?.status === 'valid' && (
            <button type="button" className="btn btn-outline-danger" onClick={() => setRevoking(true)}>
              Revoke letter
            </button>
          )}
        </div>
      </div>
      <RevokeDialog show={revoking} onHide={() => setRevoking(false)} letterId={submission.letter_id} submissionId={submission.id} />
    </section>
  );
}

/** /admin/projects/:id: a submission's links (new tab, never embedded), file, earlier rounds, the review and the decision; an issued letter and its revocation. */
export default function ProjectReviewPage() {
  const id = Number(useParams().submissionId);
  const query = useQuery({ ...adminProjectQueries.submission(id), enabled: Number.isInteger(id) && id > 0 });
  const submission = query.data;
  useStudioTitle(submission ? `Review: ${submission.project_title}` : 'Review');

  if (query.isPending) return <CardSkeleton lines={10} label="Loading the submission" />;
  if (query.isError) return <ErrorState message={adminErrorText(query.error)} onRetry={() => void query.refetch()} />;
  const s = query.data;
  const rounds = [...s.rounds].sort((a, b) => a.number - b.number);
  const current = rounds.at(-1);
  const earlier = rounds.slice(0, -1);
  const open = s.status === 'submitted' || s.status === 'in_review';

  return (
    <div style={{ maxWidth: 960 }}>
      <PageHeader
        title={
          <>
            {s.project_title} <SubmissionStatusBadge status={s.status} />
          </>
        }
      >
        <Breadcrumb
          trail={[{ label: 'Projects', to: '/admin/projects' }]}
          current={`${s.student_name}`}
          className="small mb-1"
          currentClassName="text-truncate"
        />
      </PageHeader>
      <p className="small text-body-secondary mb-3" style={{ marginTop: '-0.5rem' }}>
        {s.student_name} · <span className="text-break">{s.student_email}</span> · {s.course_title}
      </p>
      <LetterCard submission={s} />
      {current && (
        <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="current-round-title">
          <h2 id="current-round-title" className="h5 mb-3">
            {rounds.length > 1 ? `Round ${current.number}` : 'The submission'}
            <span className="small text-body-secondary fw-normal ms-2">handed in {formatDateTime(current.submitted_at)}</span>
          </h2>
          <RoundFacts round={current} />
        </section>
      )}
      {open ? (
        <ReviewForm key={current?.id} submission={s} />
      ) : (
        <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="history-title">
          <h2 id="history-title" className="h5 mb-3">
            Decision
          </h2>
          <SubmissionTimeline submission={s} />
        </section>
      )}
      {earlier.length > 0 && (
        <section className="studio-card p-3 p-md-4 mt-3" aria-labelledby="earlier-title">
          <h2 id="earlier-title" className="h5 mb-3">
            Earlier rounds
          </h2>
          {earlier.map((round) => (
            <details key={round.id} className="border rounded p-3 mb-2">
              <summary className="fw-semibold">
                Round {round.number}, handed in {formatDateTime(round.submitted_at)}
                {round.review && ` · ${round.review.decision === 'changes_requested' ? 'changes requested' : round.review.decision}`}
              </summary>
              <div className="mt-3">
                <RoundFacts round={round} />
                {round.review && (
                  <div className="mt-3 border-top pt-3 small">
                    <p className="fw-semibold mb-1">Feedback by {round.review.reviewer_name}</p>
                    <p className="text-pre-line">{round.review.feedback || '—'}</p>
                    <ul className="list-unstyled mb-0">
                      {round.review.criteria.map((c) => (
                        <li key={c.criterion}>
                          <span className={`badge me-2 ${c.met ? 'text-bg-success' : 'text-bg-warning'}`}>{c.met ? 'Met' : 'Not yet'}</span>
                          {c.criterion}
                          {c.comment && <span className="text-body-secondary"> · {c.comment}</span>}
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </div>
            </details>
          ))}
        </section>
      )}
    </div>
  );
}
