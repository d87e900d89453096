import type { AdminCoupon, CouponState } from '../../../shared/coupons';
import { formatPrice } from '../../../shared/money';
import { regions } from '../../../shared/regions';

const stateLooks: Record<CouponState, { label: string; className: string }> = {
  active: { label: 'Active', className: 'text-bg-success' },
  disabled: { label: 'Disabled', className: 'text-bg-secondary' },
  expired: { label: 'Expired', className: 'text-bg-dark' },
  used_up: { label: 'Used up', className: 'text-bg-warning' },
};

/** The expiry as the form shows it: the last day it works (UTC). */
export function expiryText(iso: string | null): string {
  if (!iso) return 'Never';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

export function usesText(coupon: AdminCoupon): string {
  return `${coupon.uses} / ${coupon.max_uses ?? '∞'}`;
}

/** What the coupon reaches: everything, or the courses and bundles it names ('Django APIs +2 more'). */
export function coursesText(coupon: AdminCoupon): string {
  const [first, ...rest] = [...coupon.courses, ...(coupon.bundles ?? [])];
  if (!first) return 'All courses and bundles';
  return rest.length ? `${first.title} +${rest.length} more` : first.title;
}

const symbolOf = (currency: string) => Object.values(regions).find((r) => r.currency === currency)?.symbol ?? `${currency} `;

/** What the coupon takes off: '25%', or its fixed amounts ('$10 · ₹800'). */
export function discountText(coupon: AdminCoupon): string {
  if (coupon.discount_type === 'percent' || !coupon.amount_off) return `${coupon.percentage}%`;
  return Object.entries(coupon.amount_off)
    .map(([currency, amount]) => formatPrice(amount, symbolOf(currency), currency))
    .join(' · ');
}

/** One coupon in the table: the code opens the editor; the buttons disable, enable or delete (only a coupon never used). */
export function CouponRow({ coupon, onEdit, onToggle, onDelete }: { coupon: AdminCoupon; onEdit: () => void; onToggle: () => void; onDelete: () => void }) {
  const look = stateLooks[coupon.state];
  const pending = coupon.reserved - coupon.uses;
  return (
    <tr>
      <td>
        <button
          type="button"
          className="btn btn-link p-0 fw-semibold text-start font-monospace text-break"
          onClick={onEdit}
          aria-label={`Edit coupon ${coupon.code}`}
        >
          {coupon.code}
        </button>
        <div className="small text-body-secondary">
          {coupon.max_uses_per_user ? `${coupon.max_uses_per_user} per buyer` : 'Any number per buyer'}
          <span className="d-md-none"> · {usesText(coupon)} used</span>
          <span className="d-lg-none">
            {' '}
            · {coupon.expires_at ? `expires ${expiryText(coupon.expires_at)}` : 'no expiry'} · {coursesText(coupon)}
          </span>
        </div>
      </td>
      <td className="text-nowrap">{discountText(coupon)}</td>
      <td className="d-none d-md-table-cell text-nowrap">
        {usesText(coupon)}
        {pending > 0 && <div className="small text-body-secondary">+{pending} awaiting payment</div>}
      </td>
      <td className="d-none d-lg-table-cell text-nowrap">{expiryText(coupon.expires_at)}</td>
      <td className="d-none d-lg-table-cell small" title={[...coupon.courses, ...(coupon.bundles ?? [])].map((c) => c.title).join(', ') || undefined}>
        {coursesText(coupon)}
      </td>
      <td>
        <span className={`badge ${look.className}`}>{look.label}</span>
      </td>
      <td className="text-end">
        <div className="d-inline-flex gap-1">
          <button
            type="button"
            className="btn btn-light btn-sm border"
            onClick={onToggle}
            aria-label={`${coupon.is_active ? 'Disable' : 'Enable'} ${coupon.code}`}
            title={coupon.is_active ? 'Disable' : 'Enable'}
          >
            <i className={`bi bi-${coupon.is_active ? 'pause-circle' : 'play-circle'}`} aria-hidden="true" />
          </button>
          {coupon.deletable && (
            <button type="button" className="btn btn-light btn-sm border text-danger" onClick={onDelete} aria-label={`Delete ${coupon.code}`} title="Delete">
              <i className="bi bi-trash" aria-hidden="true" />
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}
