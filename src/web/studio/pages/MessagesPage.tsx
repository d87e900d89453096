import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ContactMessageItem } from '../../../shared/inbox';
import { adminErrorText } from '../../api/admin';
import { inboxQueries, MESSAGES_PAGE_SIZE, useSetMessageHandled } from '../../api/inbox';
import { SubmitButton } from '../../components/form/SubmitButton';
import { EmptyState, ErrorState } from '../../components/States';
import { notify } from '../components/notify';
import { nextParams } from '../components/listParams';
import { CardSkeleton, formatDateTime, PageHeader, Pager, useStudioTitle } from '../components/ui';
import { StatusFilter } from '../inbox/StatusFilter';

type Show = 'waiting' | 'handled' | 'all';
const handledOf: Record<Show, boolean | undefined> = { waiting: false, handled: true, all: undefined };
const roleLabel: Record<ContactMessageItem['role'], string> = { student: 'Student', client: 'Client / Business Owner', other: 'Other' };

function MessageCard({ message }: { message: ContactMessageItem }) {
  const setHandled = useSetMessageHandled();
  const busy = setHandled.isPending;
  const toggle = async () => {
    try {
      await setHandled.mutateAsync({ id: message.id, handled: !message.handled });
      notify(message.handled ? 'Moved back to waiting.' : 'Marked handled.');
    } catch (error) {
      notify(adminErrorText(error), 'error');
    }
  };
  const headingId = `message-${message.id}-from`;
  const role = message.role === 'other' && message.specify ? `Other (${message.specify})` : roleLabel[message.role];
  return (
    <article className="studio-card p-3 p-md-4 mb-3" aria-labelledby={headingId}>
      <div className="d-flex align-items-start justify-content-between gap-2 mb-2">
        <div className="min-w-0">
          <h2 id={headingId} className="h6 mb-1 text-break">
            {message.name}
          </h2>
          <div className="small text-body-secondary text-break">
            <a className="text-decoration-underline" href={`mailto:${message.email}`}>
              {message.email}
            </a>
            {' · '}
            {role}
            {' · '}
            <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
          </div>
        </div>
        <span className={`badge flex-shrink-0 ${message.handled ? 'text-bg-success' : 'text-bg-warning'}`}>{message.handled ? 'Handled' : 'Waiting'}</span>
      </div>
      <p className="mb-3 text-break" style={{ whiteSpace: 'pre-wrap' }}>
        {message.message}
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <a className="btn btn-sm btn-outline-primary" href={`mailto:${message.email}?subject=${encodeURIComponent('Re: your message')}`}>
          <i className="bi bi-reply me-1" aria-hidden="true" />
          Reply by email
        </a>
        <SubmitButton
          type="button"
          busy={busy}
          busyLabel="Saving..."
          icon={message.handled ? 'bi-arrow-counterclockwise' : 'bi-check2'}
          className={`btn btn-sm ${message.handled ? 'btn-light border' : 'btn-success'}`}
          onClick={() => void toggle()}
        >
          {message.handled ? 'Mark not handled' : 'Mark handled'}
        </SubmitButton>
        {message.handled_at && <span className="small text-body-secondary">Handled {formatDateTime(message.handled_at)}</span>}
      </div>
    </article>
  );
}

/** /admin/messages: what visitors sent from the contact page, newest first; mark each handled. */
export default function MessagesPage() {
  useStudioTitle('Messages');
  const [params, setParams] = useSearchParams();
  const show: Show = params.get('show') === 'handled' || params.get('show') === 'all' ? (params.get('show') as Show) : 'waiting';
  const page = Math.min(Math.max(Number.parseInt(params.get('page') ?? '1', 10) || 1, 1), 400);
  const list = useQuery(inboxQueries.messages({ handled: handledOf[show] }, page));
  const update = (changes: Record<string, string | undefined>) => setParams(nextParams(params, changes), { replace: true });
  const waiting = list.data?.unhandled;

  return (
    <div style={{ maxWidth: 900 }}>
      <PageHeader title="Messages" />
      <p className="small text-body-secondary mb-3" style={{ marginTop: '-0.5rem' }}>
        From the contact page. Replies go from your own mailbox.
      </p>
      <div className="studio-card p-3 mb-3" role="search" aria-label="Filter the messages">
        <StatusFilter<Show>
          label="Which messages"
          value={show}
          onChange={(value) => update({ show: value === 'waiting' ? undefined : value })}
          options={[
            { value: 'waiting', label: 'Waiting', count: waiting },
            { value: 'handled', label: 'Handled' },
            { value: 'all', label: 'All' },
          ]}
        />
      </div>
      {list.isPending ? (
        <CardSkeleton lines={6} label="Loading the messages" />
      ) : list.isError ? (
        <ErrorState message={adminErrorText(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <EmptyState message={show === 'waiting' ? 'All caught up: no message is waiting.' : 'No messages here yet.'} />
      ) : (
        <div aria-busy={list.isFetching}>
          {list.data.results.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
          <Pager
            page={page}
            hasNext={page * MESSAGES_PAGE_SIZE < list.data.count}
            onPage={(p) => update({ page: String(p) })}
            summary={`${list.data.count} message${list.data.count === 1 ? '' : 's'}`}
          />
        </div>
      )}
    </div>
  );
}
