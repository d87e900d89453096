import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { couponSorts, type AdminCoupon, type CouponSort } from '../../../shared/coupons';
import { adminErrorText } from '../../api/admin';
import { COUPON_PAGE_SIZE, couponQueries, useDeleteCoupon, useSetCouponActive, type CouponListQuery } from '../../api/coupons';
import { EmptyState, ErrorState } from '../../components/States';
import { CouponDialog, type CouponTarget } from '../coupons/CouponDialog';
import { CouponRow } from '../coupons/CouponRow';
import { notify } from '../components/notify';
import { PageHeader, Pager, TableSkeleton, useConfirm, useStudioTitle } from '../components/ui';

const sortLabels: Record<CouponSort, string> = {
  '-created_at': 'Newest first',
  created_at: 'Oldest first',
  code: 'Code (A–Z)',
  '-code': 'Code (Z–A)',
  percentage: 'Smallest discount',
  '-percentage': 'Largest discount',
  expires_at: 'Expiring soonest',
  '-expires_at': 'Expiring latest',
  '-uses': 'Most used',
  uses: 'Least used',
};
const isSort = (value: string | null): value is CouponSort => (couponSorts as readonly (string | null)[]).includes(value);

/** /admin/coupons: every coupon, searched and sorted on the server; create, edit, disable, delete. */
export default function CouponsPage() {
  useStudioTitle('Coupons');
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const query: CouponListQuery = {
    page: Math.max(1, Number(params.get('page')) || 1),
    search: params.get('search') || undefined,
    sort: isSort(sortParam) ? sortParam : undefined,
  };
  const [search, setSearch] = useState(query.search ?? '');
  const [target, setTarget] = useState<CouponTarget>(null);
  const list = useQuery(couponQueries.list(query));
  const setActive = useSetCouponActive();
  const remove = useDeleteCoupon();
  const confirm = useConfirm();
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes))
      if (value) next.set(key, value);
      else next.delete(key);
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };

  const toggle = (coupon: AdminCoupon) => {
    const run = async () => {
      await setActive.mutateAsync({ id: coupon.id, active: !coupon.is_active });
      notify(`Coupon ${coupon.code} ${coupon.is_active ? 'disabled' : 'enabled'}.`);
    };
    if (!coupon.is_active) return void run().catch((error: unknown) => notify(adminErrorText(error), 'error'));
    confirm.ask(
      {
        title: `Disable ${coupon.code}?`,
        body: 'Checkout refuses it from now on. Orders that already used it keep their discount, and you can enable it again later.',
        confirmLabel: 'Disable coupon',
        busyLabel: 'Disabling...',
        variant: 'warning',
      },
      run,
    );
  };
  const askDelete = (coupon: AdminCoupon) =>
    confirm.ask(
      {
        title: `Delete ${coupon.code}?`,
        body: 'No order has used this coupon, so it can be deleted for good. This cannot be undone.',
        confirmLabel: 'Delete coupon',
        busyLabel: 'Deleting...',
      },
      async () => {
        await remove.mutateAsync(coupon.id);
        notify(`Coupon ${coupon.code} deleted.`);
      },
    );

  return (
    <>
      <PageHeader
        title="Coupons"
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setTarget('new')}>
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            New coupon
          </button>
        }
      />
      <form
        className="studio-filters row g-2 align-items-end mb-3"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          update({ search: search.trim() || undefined });
        }}
      >
        <div className="col-12 col-md-6">
          <label htmlFor="coupon-search" className="form-label">
            Search
          </label>
          <div className="input-group">
            <input
              id="coupon-search"
              className="form-control"
              type="search"
              value={search}
              maxLength={40}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Part of a code"
            />
            <button className="btn btn-outline-secondary" type="submit" aria-label="Search">
              <i className="bi bi-search" aria-hidden="true" />
            </button>
          </div>
        </div>
        <div className="col-12 col-md-4">
          <label htmlFor="coupon-sort" className="form-label">
            Sort
          </label>
          <select id="coupon-sort" className="form-select" value={query.sort ?? '-created_at'} onChange={(e) => update({ sort: e.target.value })}>
            {couponSorts.map((value) => (
              <option key={value} value={value}>
                {sortLabels[value]}
              </option>
            ))}
          </select>
        </div>
      </form>

      {list.isPending ? (
        <TableSkeleton label="Loading coupons" />
      ) : list.isError ? (
        <ErrorState message={adminErrorText(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <EmptyState message={query.search ? 'No coupon matches this search.' : 'No coupon yet: create your first one.'} />
      ) : (
        <>
          <div className="studio-card table-responsive" aria-busy={list.isFetching}>
            <table className="table studio-table align-middle">
              <caption className="visually-hidden">Coupons</caption>
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Off</th>
                  <th scope="col" className="d-none d-md-table-cell">
                    Uses
                  </th>
                  <th scope="col" className="d-none d-lg-table-cell">
                    Expires
                  </th>
                  <th scope="col" className="d-none d-lg-table-cell">
                    Courses
                  </th>
                  <th scope="col">State</th>
                  <th scope="col" className="text-end">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.results.map((coupon) => (
                  <CouponRow
                    key={coupon.id}
                    coupon={coupon}
                    onEdit={() => setTarget(coupon)}
                    onToggle={() => toggle(coupon)}
                    onDelete={() => askDelete(coupon)}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={query.page}
            hasNext={query.page * COUPON_PAGE_SIZE < list.data.count}
            onPage={(page) => update({ page: String(page) })}
            summary={`${list.data.count} coupon${list.data.count === 1 ? '' : 's'}`}
          />
        </>
      )}
      <CouponDialog target={target} onHide={() => setTarget(null)} />
      {confirm.dialog}
    </>
  );
}
