import { timelineEventLabels, type Round, type Submission } from '../../../shared/projects';

export type TimelineKind = Submission['timeline'][number]['event'] | 'waiting';

export interface TimelineStep {
  kind: TimelineKind;
  label: string;
  /** When it happened; null for the step still to come. */
  at: string | null;
  round: number;
  /** On a decision: the reviewer's overall feedback and the criteria, one by one. */
  review?: NonNullable<Round['review']> | undefined;
}

const decisions = new Set<TimelineKind>(['changes_requested', 'approved', 'rejected']);

/**
 * The server's timeline (Submitted, In review, Changes requested, Resubmitted, Approved, Not approved: which
 * events happened is its answer), each decision with its round's review beside it, and, while the
 * submission waits, a last step saying what comes next.
 */
export function timelineOf(submission: Pick<Submission, 'status' | 'rounds' | 'timeline'>): TimelineStep[] {
  const reviews = new Map(submission.rounds.map((round) => [round.number, round.review]));
  const steps: TimelineStep[] = submission.timeline.map((entry) => ({
    kind: entry.event,
    label: timelineEventLabels[entry.event],
    at: entry.at,
    round: entry.round,
    review: decisions.has(entry.event) ? (reviews.get(entry.round) ?? undefined) : undefined,
  }));
  if (submission.status === 'submitted' || submission.status === 'in_review')
    steps.push({
      kind: 'waiting',
      label: submission.status === 'in_review' ? 'Waiting for the decision' : 'Waiting for a reviewer',
      at: null,
      round: steps.at(-1)?.round ?? 1,
    });
  return steps;
}
