import { submissionStatusLabels, type SubmissionStatus } from '../../../shared/projects';

const looks: Record<SubmissionStatus, string> = {
  submitted: 'text-bg-primary',
  in_review: 'text-bg-info',
  changes_requested: 'text-bg-warning',
  approved: 'text-bg-success',
  rejected: 'text-bg-danger',
};

export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  return <span className={`badge ${looks[status]}`}>{submissionStatusLabels[status]}</span>;
}
