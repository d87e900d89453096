import { useQuery } from '@tanstack/react-query';
import { needsCourse, type BroadcastAudience } from '../../../shared/broadcasts';
import { adminErrorText } from '../../api/admin';
import { broadcastQueries } from '../../api/broadcasts';
import { peopleText } from './labels';

/**
 * 'N people will receive this' for an audience as it is now (read again as the audience or course
 * changes), and how many in it unsubscribed and are left out. Read out politely as it changes.
 */
export function AudienceCountLine({ audience, courseId }: { audience: BroadcastAudience | undefined; courseId: number | null }) {
  const ready = audience !== undefined && (!needsCourse(audience) || courseId !== null);
  const count = useQuery({ ...broadcastQueries.audience(audience ?? 'all', needsCourse(audience) ? courseId : null), enabled: ready });
  let body;
  if (!ready) body = <span className="text-body-secondary">{audience ? 'Choose the course to see how many will receive it.' : 'Choose who receives it.'}</span>;
  else if (count.isPending) body = <span className="text-body-secondary">Counting who will receive it...</span>;
  else if (count.isError) body = <span className="text-danger-emphasis">Could not count the audience: {adminErrorText(count.error)}</span>;
  else {
    const { count: n, unsubscribed } = count.data;
    body = (
      <>
        <strong className={n === 0 ? 'text-danger-emphasis' : undefined}>
          {n === 0 ? 'Nobody is in this audience yet' : `${peopleText(n)} will receive this`}
        </strong>
        {unsubscribed > 0 && (
          <span className="text-body-secondary">
            {' '}
            ({peopleText(unsubscribed)} in it unsubscribed and {unsubscribed === 1 ? 'is' : 'are'} left out)
          </span>
        )}
        <span className="text-body-secondary">. Counted now; it is worked out again when the email goes.</span>
      </>
    );
  }
  return (
    <p className="email-audience-count small mb-0 d-flex gap-2" aria-live="polite" aria-busy={count.isFetching || undefined} data-testid="audience-count">
      <i className="bi bi-people-fill text-primary" aria-hidden="true" />
      <span>{body}</span>
    </p>
  );
}
