import type { Instructor } from '../../shared/catalog';

const socials = [
  { key: 'facebook_link', label: 'Facebook', icon: 'bi-facebook' },
  { key: 'linkedin_link', label: 'LinkedIn', icon: 'bi-linkedin' },
  { key: 'github_link', label: 'GitHub', icon: 'bi-github' },
  { key: 'youtube_link', label: 'YouTube', icon: 'bi-youtube' },
  { key: 'instagram_link', label: 'Instagram', icon: 'bi-instagram' },
] as const;

function isWebUrl(value: string | null): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The instructor's social profiles that are set (http(s) links only), as icon links. */
export function InstructorSocialLinks({ instructor, className = '' }: { instructor: Instructor; className?: string }) {
  const links = socials.filter((s) => isWebUrl(instructor[s.key]));
  if (!links.length) return null;
  return (
    <ul className={`list-unstyled d-flex flex-wrap gap-2 mb-0 instructor-socials ${className}`}>
      {links.map((s) => (
        <li key={s.key}>
          <a
            href={instructor[s.key] ?? undefined}
            target="_blank"
            rel="noopener noreferrer"
            className="btn btn-outline-secondary d-inline-flex align-items-center justify-content-center p-0 instructor-social"
            style={{ width: '2.25rem', height: '2.25rem' }}
            aria-label={`${instructor.name} on ${s.label}`}
            title={s.label}
          >
            <i className={`bi ${s.icon}`} aria-hidden="true" />
          </a>
        </li>
      ))}
    </ul>
  );
}

interface InstructorCardProps {
  instructor: Instructor;
  /** Heading level of the instructor's name, to keep the page outline in order. */
  headingLevel?: 'h2' | 'h3' | 'h4';
  /** Compact: picture, name, designation and links only (no bio). */
  compact?: boolean;
}

/** Picture, name, designation, HTML bio (sanitised by the server) and social links. */
export function InstructorCard({ instructor, headingLevel = 'h3', compact = false }: InstructorCardProps) {
  const Heading = headingLevel;
  if (compact) {
    return (
      <div className="d-flex align-items-start gap-3 instructor-compact">
        <img
          src={instructor.profile_picture}
          alt={instructor.name}
          width={56}
          height={56}
          loading="lazy"
          className="rounded-circle flex-shrink-0 instructor-avatar"
          style={{ objectFit: 'cover' }}
        />
        <div style={{ minWidth: 0 }}>
          <Heading className="h6 mb-0">{instructor.name}</Heading>
          <p className="small text-body-secondary mb-1">{instructor.designation}</p>
          <InstructorSocialLinks instructor={instructor} />
        </div>
      </div>
    );
  }
  return (
    <div className="row g-4 align-items-start instructor-card">
      <div className="col-12 col-md-auto text-center text-md-start">
        <img
          src={instructor.profile_picture}
          alt={instructor.name}
          width={160}
          height={160}
          loading="lazy"
          className="rounded-circle shadow-sm instructor-photo"
          style={{ objectFit: 'cover' }}
        />
      </div>
      <div className="col-12 col-md">
        <Heading className="h4 mb-1">{instructor.name}</Heading>
        <p className="text-primary fw-semibold mb-3">{instructor.designation}</p>
        <div className="prose mb-3" dangerouslySetInnerHTML={{ __html: instructor.bio }} />
        <InstructorSocialLinks instructor={instructor} />
      </div>
    </div>
  );
}
