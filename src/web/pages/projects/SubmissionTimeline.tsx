import type { Submission } from '../../../shared/projects';
import { formatShortDate } from '../course-detail/format';
import { timelineOf, type TimelineKind } from './timeline';
import './projects.scss';

const looks: Record<TimelineKind, { icon: string; tone: string }> = {
  submitted: { icon: 'send', tone: 'primary' },
  resubmitted: { icon: 'arrow-repeat', tone: 'primary' },
  in_review: { icon: 'eye', tone: 'info' },
  changes_requested: { icon: 'pencil-square', tone: 'warning' },
  approved: { icon: 'patch-check-fill', tone: 'success' },
  rejected: { icon: 'x-circle', tone: 'danger' },
  waiting: { icon: 'hourglass-split', tone: 'secondary' },
};

/** Submitted, In review, Changes requested (criterion by criterion), Resubmitted, Approved or Not approved: a submission's rounds as one list. */
export function SubmissionTimeline({
  submission,
  headingLevel = 'h3',
}: {
  submission: Pick<Submission, 'status' | 'rounds' | 'timeline'>;
  headingLevel?: 'h3' | 'h4';
}) {
  const steps = timelineOf(submission);
  const Heading = headingLevel;
  return (
    <ol className="project-timeline list-unstyled mb-0" aria-label="Status timeline">
      {steps.map((step, index) => {
        const look = looks[step.kind];
        return (
          <li key={`${step.kind}-${step.round}-${index}`} className={`project-timeline-step${step.at ? '' : ' is-pending'}`}>
            <span className={`project-timeline-dot bg-${look.tone}-subtle text-${look.tone}-emphasis`} aria-hidden="true">
              <i className={`bi bi-${look.icon}`} />
            </span>
            <div className="project-timeline-body">
              <Heading className="h6 mb-0">
                {step.label}
                {step.round > 1 && step.at && step.kind !== 'resubmitted' && <span className="visually-hidden">, round {step.round}</span>}
              </Heading>
              {step.at && (
                <p className="small text-body-secondary mb-0">
                  <time dateTime={step.at}>{formatShortDate(step.at)}</time>
                  {step.kind === 'resubmitted' && ` · round ${step.round}`}
                  {step.review?.reviewer_name && ` · ${step.review.reviewer_name}`}
                </p>
              )}
              {step.review && (
                <div className="project-review mt-2">
                  {step.review.feedback && <p className="mb-2 text-pre-line">{step.review.feedback}</p>}
                  {step.review.criteria.length > 0 && (
                    <ul className="list-unstyled mb-0 project-criteria-review">
                      {step.review.criteria.map((c) => (
                        <li key={c.criterion} className="d-flex gap-2">
                          <i
                            className={`bi ${c.met ? 'bi-check-circle-fill text-success' : 'bi-circle text-warning-emphasis'} flex-shrink-0`}
                            aria-hidden="true"
                          />
                          <div className="min-w-0">
                            <span className="fw-semibold">{c.criterion}</span>
                            <span className={`badge ms-2 ${c.met ? 'text-bg-success' : 'text-bg-warning'}`}>{c.met ? 'Met' : 'Not yet'}</span>
                            {c.comment && <p className="small text-body-secondary mb-0 text-pre-line">{c.comment}</p>}
                          </div>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
