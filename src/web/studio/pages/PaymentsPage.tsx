import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { providerEventQuerySchema } from '../../../shared/admin';
import { peopleQueries, type PaymentEventFilters } from '../../api/adminPeople';
import { useListParams } from '../components/listParams';
import { FilterActions, FilterInput, FilterSelect, ListToolbar, SearchBox } from '../components/filters';
import { PagedList, PeopleBadge, providerLabel } from '../components/lists';
import { DataTable, LinkRow, RowLink } from '../components/tables';
import { formatDateTime, PageHeader, useStudioTitle } from '../components/ui';

const { search, provider, state, type, from, to } = providerEventQuerySchema.shape;
const shape = { search, provider, state, type, from, to };
const textKeys = ['type', 'from', 'to'] as const;

/** /admin/payments: every event a payment provider sent, newest first, with what it did. */
export default function PaymentsPage() {
  useStudioTitle('Payments log');
  const list = useListParams(shape);
  const events = useQuery(peopleQueries.events(list.filters as PaymentEventFilters, list.page));
  const [draft, setDraft] = useState<Record<string, string>>(() => Object.fromEntries(textKeys.map((k) => [k, list.filters[k] ?? ''])));

  return (
    <>
      <PageHeader title="Payments log" />
      <ListToolbar label="Filter the payments log" onSubmit={() => list.update({ search: list.search, ...draft })}>
        <SearchBox id="events-search" value={list.search} onChange={list.setSearch} placeholder="Event id or outcome" className="col-12 col-lg-4" />
        <FilterSelect
          id="events-provider"
          label="Provider"
          {...list.bind('provider')}
          options={[
            ['', 'Any'],
            ['stripe', 'Stripe'],
            ['razorpay', 'Razorpay'],
          ]}
        />
        <FilterSelect
          id="events-state"
          label="Outcome"
          {...list.bind('state')}
          options={[
            ['', 'Any'],
            ['processed', 'Processed'],
            ['failed', 'Failed'],
            ['pending', 'Pending'],
          ]}
        />
        {(
          [
            ['type', 'Event type', 'text', 'e.g. invoice.paid'],
            ['from', 'From', 'date', ''],
            ['to', 'To', 'date', ''],
          ] as const
        ).map(([key, label, inputType, placeholder]) => (
          <FilterInput
            key={key}
            id={`events-${key}`}
            label={label}
            type={inputType}
            maxLength={100}
            placeholder={placeholder}
            value={draft[key]}
            onChange={(v) => setDraft((d) => ({ ...d, [key]: v }))}
            className={key === 'type' ? 'col-12 col-md-6 col-lg-4' : 'col-6 col-md-3 col-lg-2'}
          />
        ))}
        <FilterActions
          apply="Apply filters"
          onClear={() => {
            setDraft({});
            list.clear();
          }}
          className="col-12 col-lg-4 d-flex gap-2 justify-content-lg-end"
        />
      </ListToolbar>

      <PagedList
        query={events}
        loading="Loading the payments log"
        columns={4}
        empty={list.filtered ? 'No event matches these filters.' : 'No payment provider has sent an event yet.'}
        noun={['event', 'events']}
        onPage={list.setPage}
      >
        {(rows) => (
          <DataTable
            label="Provider events"
            busy={events.isFetching}
            caption="Provider events, newest first"
            columns={['Event', 'Outcome', ['Received', 'd-none d-md-table-cell']]}
          >
            {rows.map((e) => (
              <LinkRow key={e.id} to={`/admin/payments/${e.id}`}>
                <td className="text-break">
                  <RowLink to={`/admin/payments/${e.id}`}>{e.type}</RowLink>
                  <div className="small text-body-secondary">
                    {providerLabel(e.provider)} · <code>{e.event_id}</code>
                  </div>
                </td>
                <td className="text-break">
                  <PeopleBadge state={e.state} />
                  {e.outcome && <div className="small text-body-secondary">{e.outcome}</div>}
                </td>
                <td className="d-none d-md-table-cell small text-nowrap">
                  {formatDateTime(e.received_at)}
                  {e.deliveries > 1 && <div className="text-body-secondary">{e.deliveries} deliveries</div>}
                </td>
              </LinkRow>
            ))}
          </DataTable>
        )}
      </PagedList>
    </>
  );
}
