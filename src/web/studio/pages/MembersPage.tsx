import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { adminMemberQuerySchema } from '../../../shared/admin';
import { peopleQueries, type MemberFilters } from '../../api/adminPeople';
import { useListParams } from '../components/listParams';
import { FilterSelect, PagedList, PeopleBadge, providerLabel, ScrollTable, SearchBox } from '../components/lists';
import { formatDateTime, formatMoney, PageHeader, useStudioTitle } from '../components/ui';

const { search, state, payment_method, plan_type, sort } = adminMemberQuerySchema.shape;
const shape = { search, state, payment_method, plan_type, sort };

const sorts = [
  ['', 'Newest first'],
  ['created_at', 'Oldest first'],
  ['end_date', 'Ending soonest'],
  ['-end_date', 'Ending latest'],
] as const;

/** /admin/members: every membership with its state, filtered and sorted on the server. */
export default function MembersPage() {
  useStudioTitle('Members');
  const navigate = useNavigate();
  const list = useListParams(shape);
  const members = useQuery(peopleQueries.members(list.filters as MemberFilters, list.page));
  const filtered = Object.keys(list.filters).some((k) => k !== 'sort');

  return (
    <>
      <PageHeader title="Members" />
      <form
        className="studio-filters studio-card p-3 mb-3 row g-2 mx-0 align-items-end"
        role="search"
        aria-label="Find members"
        onSubmit={(e) => {
          e.preventDefault();
          list.update({ search: list.search });
        }}
      >
        <SearchBox id="members-search" label="Member" value={list.search} onChange={list.setSearch} placeholder="Name or email" className="col-12 col-lg-3" />
        <FilterSelect
          id="members-state"
          label="State"
          value={list.filters.state}
          onChange={(v) => list.update({ state: v })}
          options={[
            ['', 'Any'],
            ['active', 'Active'],
            ['in_grace', 'In grace'],
            ['cancelled', 'Cancelled'],
            ['expired', 'Expired'],
            ['incomplete', 'Incomplete'],
          ]}
        />
        <FilterSelect
          id="members-plan"
          label="Plan"
          value={list.filters.plan_type}
          onChange={(v) => list.update({ plan_type: v })}
          options={[
            ['', 'Any'],
            ['monthly', 'Monthly'],
            ['yearly', 'Yearly'],
            ['lifetime', 'Lifetime'],
          ]}
        />
        <FilterSelect
          id="members-method"
          label="Paid with"
          value={list.filters.payment_method}
          onChange={(v) => list.update({ payment_method: v })}
          options={[
            ['', 'Any'],
            ['stripe', 'Stripe'],
            ['razorpay', 'Razorpay'],
            ['manual', 'Complimentary'],
          ]}
        />
        <FilterSelect id="members-sort" label="Sort" value={list.filters.sort} onChange={(v) => list.update({ sort: v })} options={sorts} />
        <div className="col-6 col-md-3 col-lg-1">
          <button type="button" className="btn btn-light border w-100" onClick={list.clear}>
            Clear
          </button>
        </div>
      </form>

      <PagedList
        query={members}
        loading="Loading members"
        columns={5}
        empty={filtered ? 'No membership matches these filters.' : 'No membership yet.'}
        noun={['membership', 'memberships']}
        onPage={list.setPage}
      >
        {(rows) => (
          <ScrollTable label="Memberships" busy={members.isFetching}>
            <table className="table studio-table table-hover">
              <caption className="visually-hidden">Memberships, {sorts.find(([v]) => v === (list.filters.sort ?? ''))?.[1].toLowerCase()}</caption>
              <thead>
                <tr>
                  <th scope="col">Member</th>
                  <th scope="col">State</th>
                  <th scope="col" className="text-end">
                    Price
                  </th>
                  <th scope="col" className="d-none d-md-table-cell">
                    Ends
                  </th>
                  <th scope="col" className="d-none d-lg-table-cell">
                    Provider ids
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((m) => (
                  <tr key={m.id} className="studio-row-link" onClick={() => void navigate(`/admin/members/${m.id}`)}>
                    <td className="text-break">
                      <Link to={`/admin/members/${m.id}`} className="fw-semibold" onClick={(e) => e.stopPropagation()}>
                        {m.user ? m.user.full_name || m.user.email : 'Deleted account'}
                      </Link>
                      <div className="small text-body-secondary">
                        {m.plan_name}
                        {m.user ? ` · ${m.user.email}` : ''}
                      </div>
                    </td>
                    <td>
                      <PeopleBadge state={m.state} />
                      {!m.auto_renew && m.state === 'active' && m.plan_type !== 'lifetime' && <div className="small text-body-secondary">Renewal off</div>}
                    </td>
                    <td className="text-end text-nowrap">
                      {m.payment_method === 'manual' ? 'Free' : formatMoney(m.amount, m.currency)}
                      <div className="small text-body-secondary">{providerLabel(m.payment_method)}</div>
                    </td>
                    <td className="d-none d-md-table-cell small text-nowrap">{m.plan_type === 'lifetime' ? 'Never' : formatDateTime(m.end_date)}</td>
                    <td className="d-none d-lg-table-cell small text-break text-body-secondary">
                      <code>{m.provider_subscription_id ?? m.provider_reference ?? '—'}</code>
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
