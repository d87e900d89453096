import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { couponQuerySchema, couponSorts, type AdminCoupon, type CouponSort } from '../../../shared/coupons';
import { adminErrorText } from '../../api/admin';
import { couponQueries, useDeleteCoupon, useSetCouponActive } from '../../api/coupons';
import { CouponDialog, type CouponTarget } from '../coupons/CouponDialog';
import { CouponRow } from '../coupons/CouponRow';
import { FilterSelect, ListToolbar, SearchBox } from '../components/filters';
import { useListParams } from '../components/listParams';
import { PagedList } from '../components/lists';
import { notify } from '../components/notify';
import { DataTable } from '../components/tables';
import { PageHeader, useConfirm, useStudioTitle } from '../components/ui';

const { search, sort } = couponQuerySchema.shape;
const shape = { search, sort };

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
const sortOptions = couponSorts.map((value) => [value, sortLabels[value]] as const);

/** /admin/coupons: every coupon, searched and sorted on the server; create, edit, disable, delete. */
export default function CouponsPage() {
  useStudioTitle('Coupons');
  const list = useListParams(shape);
  const [target, setTarget] = useState<CouponTarget>(null);
  const coupons = useQuery(couponQueries.list({ page: list.page, search: list.filters.search, sort: list.filters.sort as CouponSort | undefined }));
  const setActive = useSetCouponActive();
  const remove = useDeleteCoupon();
  const confirm = useConfirm();

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
      <ListToolbar plain onSubmit={() => list.update({ search: list.search })}>
        <SearchBox id="coupon-search" value={list.search} onChange={list.setSearch} placeholder="Part of a code" maxLength={40} className="col-12 col-md-6" />
        <FilterSelect
          id="coupon-sort"
          label="Sort"
          {...list.bind('sort')}
          value={list.filters.sort ?? '-created_at'}
          options={sortOptions}
          className="col-12 col-md-4"
        />
      </ListToolbar>

      <PagedList
        query={coupons}
        loading="Loading coupons"
        columns={5}
        empty={list.filters.search ? 'No coupon matches this search.' : 'No coupon yet: create your first one.'}
        noun={['coupon', 'coupons']}
        onPage={list.setPage}
      >
        {(rows) => (
          <DataTable
            label="Coupons"
            caption="Coupons"
            busy={coupons.isFetching}
            className="table studio-table align-middle"
            columns={[
              'Code',
              'Off',
              ['Uses', 'd-none d-md-table-cell'],
              ['Expires', 'd-none d-lg-table-cell'],
              ['Courses', 'd-none d-lg-table-cell'],
              'State',
              [<span className="visually-hidden">Actions</span>, 'text-end'],
            ]}
          >
            {rows.map((coupon) => (
              <CouponRow key={coupon.id} coupon={coupon} onEdit={() => setTarget(coupon)} onToggle={() => toggle(coupon)} onDelete={() => askDelete(coupon)} />
            ))}
          </DataTable>
        )}
      </PagedList>
      <CouponDialog target={target} onHide={() => setTarget(null)} />
      {confirm.dialog}
    </>
  );
}
