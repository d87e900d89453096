import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { providerEventQuerySchema } from '../../../shared/admin';
import { peopleQueries, type PaymentEventFilters } from '../../api/adminPeople';
import { useListParams } from '../components/listParams';
import { FilterSelect, PagedList, PeopleBadge, providerLabel, ScrollTable, SearchBox } from '../components/lists';
import { formatDateTime, PageHeader, useStudioTitle } from '../components/ui';

const { search, provider, state, type, from, to } = providerEventQuerySchema.shape;
const shape = { search, provider, state, type, from, to };
const textKeys = ['type', 'from', 'to'] as const;

/** /admin/payments: every event a payment provider sent, newest first, with what it did. */
export default function PaymentsPage() {
  useStudioTitle('Payments log');
  const navigate = useNavigate();
  const list = useListParams(shape);
  const events = useQuery(peopleQueries.events(list.filters as PaymentEventFilters, list.page));
  const [draft, setDraft] = useState<Record<string, string>>(() => Object.fromEntries(textKeys.map((k) => [k, list.filters[k] ?? ''])));
  const filtered = Object.keys(list.filters).length > 0;

  return (
    <>
      <PageHeader title="Payments log" />
      <form
        className="studio-filters studio-card p-3 mb-3 row g-2 mx-0 align-items-end"
        role="search"
        aria-label="Filter the payments log"
        onSubmit={(e) => {
          e.preventDefault();
          list.update({ search: list.search, ...draft });
        }}
      >
        <SearchBox id="events-search" value={list.search} onChange={list.setSearch} placeholder="Event id or outcome" className="col-12 col-lg-4" />
        <FilterSelect
          id="events-provider"
          label="Provider"
          value={list.filters.provider}
          onChange={(v) => list.update({ provider: v })}
          options={[
            ['', 'Any'],
            ['stripe', 'Stripe'],
            ['razorpay', 'Razorpay'],
          ]}
        />
        <FilterSelect
          id="events-state"
          label="Outcome"
          value={list.filters.state}
          onChange={(v) => list.update({ state: v })}
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
          <div key={key} className={key === 'type' ? 'col-12 col-md-6 col-lg-4' : 'col-6 col-md-3 col-lg-2'}>
            <label htmlFor={`events-${key}`} className="form-label">
              {label}
            </label>
            <input
              id={`events-${key}`}
              className="form-control"
              type={inputType}
              maxLength={100}
              placeholder={placeholder}
              value={draft[key] ?? ''}
              onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
            />
          </div>
        ))}
        <div className="col-12 col-lg-4 d-flex gap-2 justify-content-lg-end">
          <button type="submit" className="btn btn-primary">
            Apply filters
          </button>
          <button
            type="button"
            className="btn btn-light border"
            onClick={() => {
              setDraft({});
              list.clear();
            }}
          >
            Clear
          </button>
        </div>
      </form>

      <PagedList
        query={events}
        loading="Loading the payments log"
        columns={4}
        empty={filtered ? 'No event matches these filters.' : 'No payment provider has sent an event yet.'}
        noun={['event', 'events']}
        onPage={list.setPage}
      >
        {(rows) => (
          <ScrollTable label="Provider events" busy={events.isFetching}>
            <table className="table studio-table table-hover">
              <caption className="visually-hidden">Provider events, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Outcome</th>
                  <th scope="col" className="d-none d-md-table-cell">
                    Received
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((e) => (
                  <tr key={e.id} className="studio-row-link" onClick={() => void navigate(`/admin/payments/${e.id}`)}>
                    <td className="text-break">
                      <Link to={`/admin/payments/${e.id}`} className="fw-semibold" onClick={(ev) => ev.stopPropagation()}>
                        {e.type}
                      </Link>
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
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </PagedList>
    </>
  );
}
