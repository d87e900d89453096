import { siteName } from '../../../shared/pages';
import { formatPersonName } from '../../../shared/text';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { usePublicCertificate } from '../../api/learning';
import { SignatureCheck } from '../../components/SignatureCheck';
import { ErrorState, PageSpinner } from '../../components/States';
import { usePageMeta } from '../../lib/usePageMeta';
import { formatShortDate } from '../course-detail/format';

/** /certificates/{id}: public verification of a certificate. */
export default function CertificateVerifyPage() {
  const { certificateId } = useParams();
  const query = usePublicCertificate(certificateId);
  const certificate = query.data;
  usePageMeta('account', { title: 'Certificate Verification | Lectern', description: 'Verify a Lectern course certificate.' });

  let body;
  if (query.isError) {
    body =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400) ? (
        <div className="card shadow-sm text-center">
          <div className="card-body p-4 p-md-5">
            <span
              className="d-inline-flex align-items-center justify-content-center rounded-circle bg-danger-subtle text-danger-emphasis mb-3"
              style={{ width: 64, height: 64 }}
              aria-hidden="true"
            >
              <i className="bi bi-x-lg fs-3" />
            </span>
            <h1 className="h3 mb-2">Certificate not found</h1>
            <p className="text-body-secondary mb-1">We could not find a certificate with this id.</p>
            <p className="small text-body-secondary mb-4">
              Check the id <span className="font-monospace text-body">{certificateId}</span> and try again.
            </p>
            <Link to="/courses" className="btn btn-outline-primary">
              Browse courses
            </Link>
          </div>
        </div>
      ) : (
        <>
          <h1 className="visually-hidden">Certificate verification</h1>
          <ErrorState message="Could not check this certificate. Please try again." onRetry={() => void query.refetch()} />
        </>
      );
  } else if (!certificate) body = <PageSpinner />;
  else {
    const rows = [
      { label: 'Student', value: formatPersonName(certificate.student_name) },
      {
        label: 'Course',
        value: (
          <Link to={`/courses/${certificate.course_slug}`} className="fw-semibold">
            {certificate.course_title}
          </Link>
        ),
      },
      { label: 'Issued on', value: formatShortDate(certificate.issued_at) },
      { label: 'Certificate ID', value: <span className="font-monospace">{certificate.certificate_id}</span> },
    ];
    body = (
      <div className="card shadow-sm overflow-hidden">
        <div className="p-4 p-md-5 text-center text-white" style={{ background: 'linear-gradient(135deg, #1e1b4b 0%, #312e81 60%, var(--bs-primary) 100%)' }}>
          <span
            className="d-inline-flex align-items-center justify-content-center rounded-circle bg-success text-white mb-3"
            style={{ width: 64, height: 64 }}
            aria-hidden="true"
          >
            <i className="bi bi-patch-check-fill fs-2" />
          </span>
          <h1 className="h3 text-white mb-1">Verified certificate</h1>
          <p className="mb-0" style={{ color: 'rgba(255, 255, 255, 0.82)' }}>
            This certificate was issued by Lectern and is valid.
          </p>
        </div>
        <dl className="row g-0 m-0 p-4 p-md-5">
          {rows.map((row) => (
            <div className="col-12 col-sm-6 mb-3" key={row.label}>
              <dt className="small text-body-secondary fw-normal">{row.label}</dt>
              <dd className="mb-0 text-break">{row.value}</dd>
            </div>
          ))}
        </dl>
        <div className="border-top px-4 px-md-5 py-4">
          <h2 className="h6 mb-2">Digital credential</h2>
          <SignatureCheck verified={certificate.credential_verified} />
          <p className="small text-body-secondary mb-3">
            This certificate is also an Open Badges 3.0 credential, signed by {siteName} (Ed25519). Anyone can check it offline with a standard JOSE or
            verifiable-credentials tool and the site&apos;s public keys.
          </p>
          <div className="d-flex flex-wrap gap-2">
            <a className="btn btn-outline-primary btn-sm" href={certificate.credential_url} download={`certificate-${certificate.certificate_id}.jwt`}>
              <i className="bi bi-download me-1" aria-hidden="true" />
              Download credential (VC-JWT)
            </a>
            <a className="btn btn-outline-secondary btn-sm" href={certificate.jwks_url}>
              Public keys (JWKS)
            </a>
          </div>
        </div>
      </div>
    );
  }

  return (
    <section className="section section-soft">
      <div className="container" style={{ maxWidth: 720 }}>
        {body}
      </div>
    </section>
  );
}
