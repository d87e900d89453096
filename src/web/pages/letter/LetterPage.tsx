import { Link, useParams } from 'react-router';
import { siteName } from '../../../shared/pages';
import { formatPersonName } from '../../../shared/text';
import type { Letter, VerifiedLetter } from '../../../shared/projects';
import { ApiError } from '../../api/client';
import { useFileDownload } from '../../api/download';
import { letterPdf, useLetter, useMySubmissions } from '../../api/projects';
import { SubmitButton } from '../../components/form/SubmitButton';
import { SignatureCheck } from '../../components/SignatureCheck';
import { ErrorState } from '../../components/States';
import { usePageMeta } from '../../lib/usePageMeta';
import { formatShortDate } from '../course-detail/format';
import './letter.scss';

function LetterSkeleton() {
  return (
    <div className="card shadow-sm overflow-hidden placeholder-glow" role="status" aria-label="Checking the letter">
      <div className="letter-head p-4 p-md-5 text-center" aria-hidden="true">
        <span className="placeholder rounded-circle mb-3" style={{ width: 64, height: 64 }} />
        <span className="placeholder col-6 d-block mx-auto mb-2" style={{ height: '1.6rem' }} />
        <span className="placeholder col-8 d-block mx-auto" />
      </div>
      <div className="row g-0 p-4 p-md-5" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="col-12 col-sm-6 mb-3">
            <span className="placeholder col-4 d-block mb-1" />
            <span className="placeholder col-8 d-block" />
          </div>
        ))}
      </div>
    </div>
  );
}

function NotFound({ letterId }: { letterId: string | undefined }) {
  return (
    <div className="card shadow-sm text-center">
      <div className="card-body p-4 p-md-5">
        <span className="letter-badge bg-danger-subtle text-danger-emphasis mb-3" aria-hidden="true">
          <i className="bi bi-x-lg fs-3" />
        </span>
        <h1 className="h3 mb-2">Letter not found</h1>
        <p className="text-body-secondary mb-1">We could not find a letter with this id.</p>
        <p className="small text-body-secondary mb-4">
          Check the id <span className="font-monospace text-body text-break">{letterId}</span> and try again.
        </p>
        <Link to="/courses" className="btn btn-outline-primary">
          Browse courses
        </Link>
      </div>
    </div>
  );
}

/** The owner's actions: the PDF (kept downloadable after a revocation, for the record) and LinkedIn (while valid). */
function OwnerActions({ letter }: { letter: Letter }) {
  const download = useFileDownload();
  return (
    <div className="d-flex flex-wrap gap-2">
      <SubmitButton
        type="button"
        busy={download.isPending}
        busyLabel="Preparing the PDF..."
        icon="bi-file-earmark-pdf"
        className="btn btn-primary"
        onClick={() => download.mutate(letterPdf(letter))}
      >
        Download PDF
      </SubmitButton>
      {letter.status === 'valid' && (
        <a href={letter.linkedin_url} className="btn btn-outline-primary" target="_blank" rel="noopener noreferrer">
          <i className="bi bi-linkedin me-2" aria-hidden="true" />
          Add to LinkedIn
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      )}
      {download.isError && (
        <p className="text-danger small w-100 mb-0" role="alert">
          The PDF could not be downloaded. Please try again.
        </p>
      )}
    </div>
  );
}

function LetterView({ letter }: { letter: VerifiedLetter }) {
  const mine = useMySubmissions().data?.some((s) => s.letter_id === letter.letter_id) ?? false;
  const valid = letter.status === 'valid';
  const rows = [
    { label: 'Student', value: formatPersonName(letter.student_name) },
    { label: 'Project', value: letter.project_title },
    {
      label: 'Course',
      value: (
        <Link to={`/courses/${letter.course_slug}`} className="fw-semibold">
          {letter.course_title}
        </Link>
      ),
    },
    { label: 'Reviewed by', value: `${letter.reviewer_name}, ${letter.reviewer_role}` },
    { label: 'Issued on', value: formatShortDate(letter.issued_at) },
    { label: 'Letter number', value: <span className="font-monospace">{letter.number}</span> },
  ];
  return (
    <article className="card shadow-sm overflow-hidden" aria-labelledby="letter-title">
      <header className={`letter-head p-4 p-md-5 text-center text-white${valid ? '' : ' is-revoked'}`}>
        <span className={`letter-badge ${valid ? 'bg-success' : 'bg-danger'} text-white mb-3`} aria-hidden="true">
          <i className={`bi ${valid ? 'bi-patch-check-fill' : 'bi-slash-circle'} fs-2`} />
        </span>
        <h1 id="letter-title" className="h3 text-white mb-1">
          {valid ? 'Verified pre-experience letter' : 'Revoked pre-experience letter'}
        </h1>
        <p className="letter-head-text mb-0" role="status">
          {valid
            ? `This letter was issued by ${siteName} and is valid.`
            : `This letter was issued by ${siteName} and revoked on ${formatShortDate(letter.revoked_at ?? letter.issued_at)}.`}
        </p>
      </header>
      <div className="p-4 p-md-5">
        <dl className="row g-0 mb-2">
          {rows.map((row) => (
            <div className="col-12 col-sm-6 mb-3" key={row.label}>
              <dt className="small text-body-secondary fw-normal">{row.label}</dt>
              <dd className="mb-0 text-break">{row.value}</dd>
            </div>
          ))}
        </dl>
        <h2 className="h6">Criteria met</h2>
        <ul className="list-unstyled letter-criteria mb-4">
          {letter.criteria.map((criterion) => (
            <li key={criterion}>
              <i className="bi bi-check-circle-fill text-success" aria-hidden="true" />
              <span>{criterion}</span>
            </li>
          ))}
        </ul>
        {mine && <OwnerActions letter={letter} />}
        <div className="letter-verify border-top mt-4 pt-4 small">
          <h2 className="h6">Verify it yourself</h2>
          {valid && <SignatureCheck verified={letter.credential_verified} />}
          <p className="text-body-secondary mb-2">
            This letter is also an Open Badges 3.0 credential signed by {siteName}'s key: any verifier can check it offline against the published keys.
          </p>
          <ul className="list-inline mb-0">
            <li className="list-inline-item">
              <a href={letter.credential_url} className="link-primary d-inline-block py-1">
                Signed credential (VC-JWT)
              </a>
            </li>
            <li className="list-inline-item">
              <a href={letter.jwks_url} className="link-primary d-inline-block py-1">
                Public keys (JWKS)
              </a>
            </li>
            <li className="list-inline-item">
              <a href={letter.verify_url} className="link-primary text-break d-inline-block py-1">
                This page's address
              </a>
            </li>
          </ul>
        </div>
      </div>
    </article>
  );
}

/** /letters/{letter_id}: public verification of a pre-experience letter (no sign-in), with the owner's PDF and LinkedIn. */
export default function LetterPage() {
  const { letterId } = useParams();
  const query = useLetter(letterId);
  const letter = query.data;
  usePageMeta('account', {
    title: letter ? `Pre-experience letter: ${letter.project_title} | ${siteName}` : `Letter verification | ${siteName}`,
    description: letter
      ? `${formatPersonName(letter.student_name)}'s pre-experience letter for ${letter.project_title} (${letter.course_title}).`
      : `Verify a ${siteName} pre-experience letter.`,
  });

  let body;
  if (query.isError)
    body =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400) ? (
        <NotFound letterId={letterId} />
      ) : (
        <>
          <h1 className="visually-hidden">Letter verification</h1>
          <ErrorState message="Could not check this letter. Please try again." onRetry={() => void query.refetch()} />
        </>
      );
  else if (!letter) body = <LetterSkeleton />;
  else body = <LetterView letter={letter} />;

  return (
    <section className="section section-soft">
      <div className="container" style={{ maxWidth: 760 }}>
        {body}
      </div>
    </section>
  );
}
