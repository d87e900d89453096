import { Link } from 'react-router';

/** Shown instead of the player for a premium lesson the viewer may not open. */
export function LockedPanel({ loggedIn, courseSlug, paid }: { loggedIn: boolean; courseSlug: string; paid: boolean }) {
  return (
    <section className="lesson-locked" aria-labelledby="lesson-locked-title" data-testid="locked-panel">
      <div className="lesson-locked-inner">
        <span className="lesson-locked-icon" aria-hidden="true">
          <i className="bi bi-lock-fill" />
        </span>
        <h2 id="lesson-locked-title" className="h4 mb-2">
          Premium Video Locked
        </h2>
        <p className="lesson-locked-text mb-3">
          This lecture is exclusive to members. Join a membership plan{paid ? ' or buy the course' : ''} to watch every lesson.
        </p>
        {!loggedIn && (
          <p className="lesson-locked-text small mb-3">
            Already a member? Then <Link to="/login">you'll need to login</Link> to watch it.
          </p>
        )}
        <div className="d-flex flex-wrap justify-content-center gap-2">
          <Link to="/subscribe?scrollTo=plans" className="btn btn-accent">
            <i className="bi bi-gem me-2" aria-hidden="true" />
            See membership plans
          </Link>
          <Link to={`/courses/${courseSlug}`} className="btn btn-outline-light">
            Course details
          </Link>
        </div>
      </div>
    </section>
  );
}
