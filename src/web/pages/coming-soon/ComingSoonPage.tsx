import { Link } from 'react-router';
import { useSupportEmail } from '../../api/site';
import { usePageMeta } from '../../lib/usePageMeta';
import './coming-soon.scss';

/** A rocket on a launch pad, drawn inline so the page needs no image request. */
function LaunchIllustration() {
  return (
    <svg className="coming-soon-art" viewBox="0 0 320 240" role="img" aria-labelledby="coming-soon-art-title">
      <title id="coming-soon-art-title">A rocket getting ready to launch</title>
      <defs>
        <linearGradient id="cs-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#eef0ff" />
          <stop offset="1" stopColor="#ffffff" />
        </linearGradient>
        <linearGradient id="cs-flame" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f59e0b" />
          <stop offset="1" stopColor="#fde68a" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect x="10" y="10" width="300" height="220" rx="28" fill="url(#cs-sky)" />
      <g fill="#c7cbef">
        <circle cx="60" cy="50" r="3" />
        <circle cx="250" cy="40" r="2.5" />
        <circle cx="270" cy="110" r="2" />
        <circle cx="45" cy="130" r="2" />
        <circle cx="210" cy="70" r="1.8" />
      </g>
      <g className="coming-soon-rocket">
        <path d="M160 40c22 18 30 48 26 92h-52c-4-44 4-74 26-92z" fill="#3730a3" />
        <circle cx="160" cy="86" r="11" fill="#eef0ff" stroke="#a5b4fc" strokeWidth="4" />
        <path d="M134 112l-18 26h20zM186 112l18 26h-20z" fill="#f59e0b" />
        <rect x="148" y="132" width="24" height="8" rx="3" fill="#312e81" />
        <path className="coming-soon-flame" d="M150 140h20l-10 38z" fill="url(#cs-flame)" />
      </g>
      <rect x="96" y="196" width="128" height="10" rx="5" fill="#d5d8e6" />
      <rect x="116" y="184" width="8" height="14" rx="2" fill="#d5d8e6" />
      <rect x="196" y="184" width="8" height="14" rx="2" fill="#d5d8e6" />
    </svg>
  );
}

export default function ComingSoonPage() {
  usePageMeta('comingSoon');
  const email = useSupportEmail();

  return (
    <section className="section coming-soon">
      <div className="container">
        <div className="coming-soon-card mx-auto text-center">
          <LaunchIllustration />
          <p className="eyebrow mt-4 mb-2">Coming soon</p>
          <h1 className="h2 mb-3">We&apos;re building something new</h1>
          <p className="text-body-secondary mb-4">
            This part of Lectern is still on the workbench. We are polishing the last details and it will be live shortly. Want to know the moment it launches,
            or have a suggestion? Drop us a line.
          </p>
          <div className="d-flex flex-wrap justify-content-center gap-3">
            {email ? (
              <a className="btn btn-primary" href={`mailto:${email}?subject=${encodeURIComponent('Coming soon: keep me posted')}`}>
                <i className="bi bi-envelope me-2" aria-hidden="true" />
                Email us
              </a>
            ) : (
              <Link className="btn btn-primary" to="/contact">
                <i className="bi bi-chat-dots me-2" aria-hidden="true" />
                Send us a message
              </Link>
            )}
            <Link className="btn btn-outline-primary" to="/">
              <i className="bi bi-house me-2" aria-hidden="true" />
              Back to home
            </Link>
          </div>
          <p className="small text-body-secondary mt-4 mb-0">
            In the meantime,{' '}
            <Link to="/courses" className="text-decoration-underline">
              keep learning with our courses
            </Link>
            .
          </p>
        </div>
      </div>
    </section>
  );
}
