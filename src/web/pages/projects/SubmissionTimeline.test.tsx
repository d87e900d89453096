import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Round, Submission } from '../../../shared/projects';
import { SubmissionTimeline } from './SubmissionTimeline';
import { timelineOf } from './timeline';

function round(number: number, review: Round['review'], started: string | null): Round {
  return {
    id: number,
    number,
    repository_url: 'https://github.com/asha/shop',
    live_url: null,
    notes: '',
    file: null,
    submitted_at: `2026-03-0${number}T10:00:00.000Z`,
    review_started_at: started,
    review,
  };
}

const changes: Round['review'] = {
  decision: 'changes_requested',
  feedback: 'Nearly there: add the tests.',
  criteria: [
    { criterion: 'Has tests', met: false, comment: 'No test for the checkout.' },
    { criterion: 'Deployed', met: true, comment: '' },
  ],
  reviewer_name: 'Nikhil Rao',
  decided_at: '2026-03-02T09:00:00.000Z',
};

/** Round 1 reviewed with changes requested, round 2 handed in and opened by a reviewer. */
const inReview: Pick<Submission, 'status' | 'rounds' | 'timeline'> = {
  status: 'in_review',
  rounds: [round(1, changes, '2026-03-01T12:00:00.000Z'), round(3, null, '2026-03-04T08:00:00.000Z')],
  timeline: [
    { event: 'submitted', at: '2026-03-01T10:00:00.000Z', round: 1 },
    { event: 'in_review', at: '2026-03-01T12:00:00.000Z', round: 1 },
    { event: 'changes_requested', at: '2026-03-02T09:00:00.000Z', round: 1 },
    { event: 'resubmitted', at: '2026-03-03T10:00:00.000Z', round: 3 },
    { event: 'in_review', at: '2026-03-04T08:00:00.000Z', round: 3 },
  ],
};

describe('timelineOf', () => {
  it("follows the server's events, puts each decision's review beside it, and ends on what comes next", () => {
    const steps = timelineOf(inReview);
    expect(steps.map((s) => s.label)).toEqual(['Submitted', 'In review', 'Changes requested', 'Resubmitted', 'In review', 'Waiting for the decision']);
    expect(steps[2]!.review?.feedback).toBe('Nearly there: add the tests.');
    expect(steps.filter((s) => s.review)).toHaveLength(1);
    expect(steps.at(-1)!.at).toBeNull();
  });

  it('has nothing to wait for once decided', () => {
    const approved = {
      status: 'approved' as const,
      rounds: [round(1, { ...changes, decision: 'approved' as const, criteria: [{ criterion: 'Has tests', met: true, comment: '' }] }, null)],
      timeline: [
        { event: 'submitted' as const, at: '2026-03-01T10:00:00.000Z', round: 1 },
        { event: 'approved' as const, at: '2026-03-02T09:00:00.000Z', round: 1 },
      ],
    };
    expect(timelineOf(approved).map((s) => s.label)).toEqual(['Submitted', 'Approved']);
    expect(timelineOf({ ...inReview, status: 'submitted', timeline: inReview.timeline.slice(0, 1) }).at(-1)!.label).toBe('Waiting for a reviewer');
  });
});

describe('SubmissionTimeline', () => {
  it('lists every step with its date, and the feedback criterion by criterion', () => {
    render(<SubmissionTimeline submission={inReview} />);
    const list = screen.getByRole('list', { name: 'Status timeline' });
    const steps = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(steps).toHaveLength(6);
    expect(within(steps[2]!).getByRole('heading', { name: 'Changes requested' })).toBeInTheDocument();
    expect(steps[2]).toHaveTextContent(/Mar 2, 2026 · Nikhil Rao/);
    expect(within(steps[2]!).getByText('Nearly there: add the tests.')).toBeInTheDocument();
    const tests = within(steps[2]!).getByText('Has tests').parentElement!;
    expect(within(tests).getByText('Not yet')).toBeInTheDocument();
    expect(within(tests).getByText('No test for the checkout.')).toBeInTheDocument();
    expect(within(within(steps[2]!).getByText('Deployed').parentElement!).getByText('Met')).toBeInTheDocument();
    expect(steps[3]).toHaveTextContent(/Mar 3, 2026 · round 3/);
    expect(within(steps[5]!).getByRole('heading', { name: 'Waiting for the decision' })).toBeInTheDocument();
  });
});
