import { useQuery } from '@tanstack/react-query';
import { adminMemberQuerySchema } from '../../../shared/admin';
import { peopleQueries, type MemberFilters } from '../../api/adminPeople';
import { useListParams } from '../components/listParams';
import { FilterActions, FilterSelect, ListToolbar, SearchBox } from '../components/filters';
import { PagedList, PeopleBadge, providerLabel } from '../components/lists';
import { DataTable, LinkRow, RowLink } from '../components/tables';
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
  const list = useListParams(shape);
  const members = useQuery(peopleQueries.members(list.filters as MemberFilters, list.page));

  return (
    <>
      <PageHeader title="Members" />
      <ListToolbar label="Find members" onSubmit={() => list.update({ search: list.search })}>
        <SearchBox id="members-search" label="Member" value={list.search} onChange={list.setSearch} placeholder="Name or email" className="col-12 col-lg-3" />
        <FilterSelect
          id="members-state"
          label="State"
          {...list.bind('state')}
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
          {...list.bind('plan_type')}
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
          {...list.bind('payment_method')}
          options={[
            ['', 'Any'],
            ['stripe', 'Stripe'],
            ['razorpay', 'Razorpay'],
            ['manual', 'Complimentary'],
          ]}
        />
        <FilterSelect id="members-sort" label="Sort" {...list.bind('sort')} options={sorts} />
        <FilterActions onClear={list.clear} className="col-6 col-md-3 col-lg-1" />
      </ListToolbar>

      <PagedList
        query={members}
        loading="Loading members"
        columns={5}
        empty={list.filtered ? 'No membership matches these filters.' : 'No membership yet.'}
        noun={['membership', 'memberships']}
        onPage={list.setPage}
      >
        {(rows) => (
          <DataTable
            label="Memberships"
            busy={members.isFetching}
            caption={`Memberships, ${sorts.find(([v]) => v === (list.filters.sort ?? ''))?.[1].toLowerCase()}`}
            columns={['Member', 'State', ['Price', 'text-end'], ['Ends', 'd-none d-md-table-cell'], ['Provider ids', 'd-none d-lg-table-cell']]}
          >
            {rows.map((m) => (
              <LinkRow key={m.id} to={`/admin/members/${m.id}`}>
                <td className="text-break">
                  <RowLink to={`/admin/members/${m.id}`}>{m.user ? m.user.full_name || m.user.email : 'Deleted account'}</RowLink>
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
              </LinkRow>
            ))}
          </DataTable>
        )}
      </PagedList>
    </>
  );
}
