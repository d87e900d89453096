import { audienceLabels, type AdminBroadcast, type BroadcastStatus, type RecipientStatus } from '../../../shared/broadcasts';
import { formatDateTime } from '../components/ui';

const statusLooks: Record<BroadcastStatus, [string, string, string]> = {
  draft: ['text-bg-light border', 'Draft', 'pencil'],
  scheduled: ['text-bg-info', 'Scheduled', 'calendar-event'],
  sending: ['text-bg-warning', 'Sending', 'send'],
  sent: ['text-bg-success', 'Sent', 'check2'],
};

/** A broadcast's status as a badge, in words. */
export function BroadcastStatusBadge({ status }: { status: BroadcastStatus }) {
  const [look, text, icon] = statusLooks[status];
  return (
    <span className={`badge ${look}`}>
      <i className={`bi bi-${icon} me-1`} aria-hidden="true" />
      {text}
    </span>
  );
}

const recipientLooks: Record<RecipientStatus, [string, string]> = {
  queued: ['text-bg-light border', 'Queued'],
  sending: ['text-bg-warning', 'Sending'],
  sent: ['text-bg-success', 'Sent'],
  failed: ['text-bg-danger', 'Failed'],
  unsubscribed: ['text-bg-secondary', 'Unsubscribed'],
};

export function RecipientStatusBadge({ status }: { status: RecipientStatus }) {
  const [look, text] = recipientLooks[status];
  return <span className={`badge ${look}`}>{text}</span>;
}

export const recipientStatusLabels = Object.fromEntries(Object.entries(recipientLooks).map(([status, [, text]]) => [status, text])) as Record<
  RecipientStatus,
  string
>;
export const broadcastStatusLabels = Object.fromEntries(Object.entries(statusLooks).map(([status, [, text]]) => [status, text])) as Record<
  BroadcastStatus,
  string
>;

/** Who it goes to, in words: the audience, and the course of a course audience. */
export function audienceText(broadcast: Pick<AdminBroadcast, 'audience' | 'course_title'>): string {
  const { label } = audienceLabels[broadcast.audience];
  if (broadcast.audience === 'course_students') return broadcast.course_title ? `Students of ${broadcast.course_title}` : label;
  if (broadcast.audience === 'course_unfinished') return broadcast.course_title ? `Students who have not finished ${broadcast.course_title}` : label;
  return label;
}

/** When it went, goes or was last edited, by its status. */
export function whenText(broadcast: Pick<AdminBroadcast, 'status' | 'scheduled_at' | 'started_at' | 'finished_at' | 'updated_at'>): string {
  switch (broadcast.status) {
    case 'draft':
      return `Edited ${formatDateTime(broadcast.updated_at)}`;
    case 'scheduled':
      return `Goes ${formatDateTime(broadcast.scheduled_at)}`;
    case 'sending':
      return `Started ${formatDateTime(broadcast.started_at)}`;
    case 'sent':
      return `Sent ${formatDateTime(broadcast.finished_at ?? broadcast.started_at)}`;
  }
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
export const peopleText = (n: number) => plural(n, 'person', 'people');
