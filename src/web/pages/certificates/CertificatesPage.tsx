import { useEffect, useRef, useState } from 'react';
import { formatPersonName } from '../../../shared/text';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { learningMessages, type Certificate } from '../../../shared/learning';
import { useFileDownload } from '../../api/download';
import { certificateDownload, useCertificates, useStudentCourses } from '../../api/learning';
import { ErrorState } from '../../components/States';
import { SubmitButton } from '../../components/form/SubmitButton';
import { usePageMeta } from '../../lib/usePageMeta';
import { formatShortDate } from '../course-detail/format';
import { EnrolmentProgress } from '../dashboard/EnrolmentParts';
import '../dashboard/dashboard.scss';

/** The verification page's address on this site (the server's verify_url may carry another host in development). */
function verifyPath(certificate: Certificate): string {
  return `/certificates/${encodeURIComponent(certificate.certificate_id)}`;
}

function CertificateCard({ certificate }: { certificate: Certificate }) {
  const download = useFileDownload();
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const downloadPdf = () =>
    download.mutate(certificateDownload(certificate), { onError: () => toast.error('Could not download the certificate. Please try again.') });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(certificate.verify_url);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), 2000);
    } catch {
      window.prompt('Copy the verification link:', certificate.verify_url);
    }
  };

  return (
    <li className="card certificate-card">
      <div className="card-body d-flex flex-column flex-md-row gap-3 align-items-md-center">
        <span
          className="dashboard-counter-icon bg-warning-subtle text-warning-emphasis d-none d-sm-inline-flex rounded-3 p-3 fs-3 align-self-start align-self-md-center"
          aria-hidden="true"
        >
          <i className="bi bi-award" />
        </span>
        <div className="flex-grow-1 min-w-0">
          <h2 className="h6 mb-1">
            <Link to={`/courses/${certificate.course_slug}`} className="text-body">
              {certificate.course_title}
            </Link>
          </h2>
          <p className="small text-body-secondary mb-1">
            Issued {formatShortDate(certificate.issued_at)} to {formatPersonName(certificate.student_name)}
          </p>
          <p className="small mb-0">
            <span className="text-body-secondary">Certificate ID </span>
            <Link to={verifyPath(certificate)} className="certificate-id">
              {certificate.certificate_id}
            </Link>
          </p>
        </div>
        <div className="d-flex flex-wrap gap-2">
          <SubmitButton type="button" className="btn btn-primary btn-sm" onClick={downloadPdf} busy={download.isPending} icon="bi-file-earmark-pdf">
            Download PDF
          </SubmitButton>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            onClick={() => void copy()}
            aria-label={`Copy the verify link of ${certificate.certificate_id}`}
          >
            <i className={`bi ${copied ? 'bi-check2 text-success' : 'bi-link-45deg'} me-1`} aria-hidden="true" />
            {copied ? 'Copied' : 'Verify link'}
          </button>
        </div>
      </div>
    </li>
  );
}

/** No certificate yet: the hint, and the unfinished courses that would earn one. */
function NoCertificates() {
  const courses = useStudentCourses();
  const unfinished = (courses.data ?? []).filter((e) => e.course_status !== 'completed');
  return (
    <div className="card">
      <div className="card-body text-center py-5">
        <i className="bi bi-award fs-1 text-body-secondary d-block mb-2" aria-hidden="true" />
        <p className="fw-semibold mb-1">You have no certificates yet.</p>
        <p className="text-body-secondary mb-4">{learningMessages.certificateHint}</p>
        {unfinished.length > 0 ? (
          <ul className="list-unstyled text-start mx-auto mb-0" style={{ maxWidth: '34rem' }}>
            {unfinished.map((enrolment) => (
              <li key={enrolment.id} className="d-flex align-items-center gap-3 py-2 border-top">
                <div className="flex-grow-1 min-w-0">
                  <p className="mb-1 fw-semibold text-truncate">{enrolment.course.title}</p>
                  <EnrolmentProgress enrolment={enrolment} />
                </div>
                <Link to={`/lesson/${enrolment.course.slug}/`} className="btn btn-sm btn-primary" aria-label={`Continue ${enrolment.course.title}`}>
                  Continue
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          courses.data && (
            <Link to="/courses" className="btn btn-outline-primary">
              Browse courses
            </Link>
          )
        )}
      </div>
    </div>
  );
}

/** /certificate-download/: the student's certificates with Download PDF and the verify link. */
export default function CertificatesPage() {
  usePageMeta('account', { title: 'Certificates | Lectern' });
  const certificates = useCertificates();

  let body;
  if (certificates.isError) body = <ErrorState message="Failed to load your certificates. Please try again." onRetry={() => void certificates.refetch()} />;
  else if (!certificates.data)
    body = (
      <div aria-hidden="true">
        {[0, 1].map((i) => (
          <div key={i} className="card certificate-card mb-3">
            <div className="card-body">
              <span className="skeleton skeleton-text d-block mb-2" style={{ width: '50%' }} />
              <span className="skeleton skeleton-text d-block" style={{ width: '30%' }} />
            </div>
          </div>
        ))}
      </div>
    );
  else if (certificates.data.length === 0) body = <NoCertificates />;
  else
    body = (
      <ul className="list-unstyled d-grid gap-3 mb-0">
        {certificates.data.map((certificate) => (
          <CertificateCard key={certificate.certificate_id} certificate={certificate} />
        ))}
      </ul>
    );

  return (
    <div>
      <h1 className="h3 mb-1">Certificates</h1>
      <p className="text-body-secondary mb-4">Download your certificates and share their verification links with employers.</p>
      {body}
    </div>
  );
}
