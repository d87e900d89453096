import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { adminBundleQuerySchema, type BundleState } from '../../../shared/bundles';
import { DEFAULT_REGION } from '../../../shared/regions';
import { bundleQueries } from '../../api/adminBundles';
import { BundleCover } from '../bundles/BundleCover';
import { FilterSelect, ListToolbar, SearchBox } from '../components/filters';
import { useListParams } from '../components/listParams';
import { PagedList } from '../components/lists';
import { DataTable, LinkRow, RowLink } from '../components/tables';
import { formatDateTime, formatMoney, PageHeader, StateBadge, useStudioTitle } from '../components/ui';

const { search, state } = adminBundleQuerySchema.shape;
const shape = { search, state };

/** /admin/bundles: every bundle (archived ones under their filter) with its cover, courses, price and state. */
export default function BundlesPage() {
  useStudioTitle('Bundles');
  const list = useListParams(shape);
  const bundles = useQuery(bundleQueries.list({ page: list.page, search: list.filters.search, state: list.filters.state as BundleState | undefined }));

  return (
    <>
      <PageHeader
        title="Bundles"
        actions={
          <Link to="/admin/bundles/new" className="btn btn-primary">
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            New bundle
          </Link>
        }
      />
      <p className="text-body-secondary mb-3">Several paid courses sold together at one price per region, with the saving shown to buyers.</p>
      <ListToolbar plain onSubmit={() => list.update({ search: list.search })}>
        <SearchBox id="bundle-search" value={list.search} onChange={list.setSearch} placeholder="Title or address" className="col-12 col-md-6" />
        <FilterSelect
          id="bundle-state"
          label="State"
          {...list.bind('state')}
          options={[
            ['', 'Draft and published'],
            ['draft', 'Draft'],
            ['published', 'Published'],
            ['archived', 'Archived'],
          ]}
          className="col-12 col-md-4"
        />
      </ListToolbar>

      <PagedList
        query={bundles}
        loading="Loading bundles"
        columns={5}
        empty={list.filtered ? 'No bundle matches these filters.' : 'No bundle yet. Sell two or more courses together at one price.'}
        emptyAction={list.filtered ? undefined : { to: '/admin/bundles/new', label: 'Create your first bundle' }}
        noun={['bundle', 'bundles']}
        onPage={list.setPage}
      >
        {(rows) => (
          <DataTable
            label="Bundles"
            caption="Bundles"
            busy={bundles.isFetching}
            columns={[
              'Bundle',
              'State',
              ['Courses', 'd-none d-md-table-cell'],
              'Price',
              ['Sold', 'd-none d-lg-table-cell'],
              ['Edited', 'd-none d-lg-table-cell'],
            ]}
          >
            {rows.map((bundle) => {
              const usd = bundle.prices.find((p) => p.region === DEFAULT_REGION);
              const to = `/admin/bundles/${bundle.id}`;
              return (
                <LinkRow key={bundle.id} to={to}>
                  <td>
                    <div className="d-flex align-items-center gap-3">
                      <BundleCover src={bundle.cover_image} width={96} className="d-none d-sm-inline-flex" />
                      <div className="min-w-0">
                        <RowLink to={to}>{bundle.title}</RowLink>
                        <div className="small text-body-secondary text-break">
                          <span className="d-none d-md-inline">/bundles/{bundle.slug}</span>
                          <span className="d-md-none">
                            {bundle.courses.length} courses · {bundle.sold} sold
                          </span>
                        </div>
                      </div>
                    </div>
                  </td>
                  <td>
                    <StateBadge state={bundle.state} />
                  </td>
                  <td className="d-none d-md-table-cell">{bundle.courses.length}</td>
                  <td className="text-nowrap">{usd ? formatMoney(usd.amount, usd.currency) : <span className="text-danger">No USD price</span>}</td>
                  <td className="d-none d-lg-table-cell">{bundle.sold}</td>
                  <td className="d-none d-lg-table-cell small text-body-secondary text-nowrap">{formatDateTime(bundle.updated_at)}</td>
                </LinkRow>
              );
            })}
          </DataTable>
        )}
      </PagedList>
    </>
  );
}
