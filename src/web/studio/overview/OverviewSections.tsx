import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CurrencyAmount, Overview } from '../../../shared/analytics';
import { toMajor } from '../../../shared/pricing';
import { DataTable } from '../components/tables';
import { formatMoney } from '../components/ui';

/** Minor units of one currency, as the studio shows money. */
export const money = (minor: number, currency: string) => formatMoney(toMajor(minor), currency);
/** Amounts of several currencies side by side, never added up: '$59.00 · ₹999.00'. */
export const amounts = (list: CurrencyAmount[]) => (list.length ? list.map((a) => money(a.amount, a.currency)).join(' · ') : '—');
const count = (n: number) => new Intl.NumberFormat('en-US').format(n);

export function Kpi({ label, value, hint, icon }: { label: string; value: ReactNode; hint?: ReactNode; icon: string }) {
  return (
    <div className="col-6 col-lg-3">
      <div className="studio-card p-3 h-100">
        <p className="small text-body-secondary mb-1 d-flex align-items-center gap-2">
          <i className={`bi bi-${icon}`} aria-hidden="true" />
          {label}
        </p>
        <p className="overview-kpi mb-0">{value}</p>
        {hint && <p className="small text-body-secondary mb-0 mt-1">{hint}</p>}
      </div>
    </div>
  );
}

export function KpiCards({ o }: { o: Overview }) {
  return (
    <div className="row g-3 mb-3">
      <Kpi icon="bag-check" label="Orders paid" value={count(o.orders_paid)} hint={`${count(o.refunds)} refunded in the range`} />
      <Kpi icon="person-plus" label="New students" value={count(o.new_students)} />
      <Kpi icon="stars" label="Active members (now)" value={count(o.members.active)} hint={`${count(o.members.churned)} ended in the range`} />
      <Kpi icon="arrow-repeat" label="MRR (now)" value={o.members.mrr.length ? amounts(o.members.mrr) : '—'} hint="Monthly plans, yearly ÷ 12" />
    </div>
  );
}

/** Revenue per currency: each currency on its own row, never converted or added to another. */
export function RevenueTable({ o }: { o: Overview }) {
  if (!o.revenue.length) return <p className="text-body-secondary mb-0">No money in or out in this range.</p>;
  return (
    <DataTable
      label="Revenue table"
      frame=""
      className="table table-sm align-middle mb-0"
      columns={[
        'Currency',
        ['Gross', 'text-end'],
        ['Refunds', 'text-end'],
        ['Net', 'text-end'],
        ['Courses', 'text-end d-none d-md-table-cell'],
        ['Memberships', 'text-end d-none d-md-table-cell'],
      ]}
    >
      {o.revenue.map((r) => (
        <tr key={r.currency}>
          <th scope="row">{r.currency}</th>
          <td className="text-end">{money(r.gross, r.currency)}</td>
          <td className={`text-end ${r.refunds ? 'text-danger' : ''}`}>{r.refunds ? `−${money(r.refunds, r.currency)}` : money(0, r.currency)}</td>
          <td className="text-end fw-semibold">{money(r.net, r.currency)}</td>
          <td className="text-end d-none d-md-table-cell">{money(r.courses, r.currency)}</td>
          <td className="text-end d-none d-md-table-cell">{money(r.memberships, r.currency)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * The funnel's steps, each with what it is of the step above: '50% of add to cart'. The steps count
 * events, not people (a buyer who opens the checkout twice counts twice), so a step can count more
 * than the one above it: then it says so ('more than add to cart') instead of a share over 100%.
 */
export function funnelSteps(funnel: Overview['funnel']) {
  const steps = [
    { label: 'Course views', value: funnel.course_views },
    { label: 'Add to cart', value: funnel.add_to_cart },
    { label: 'Checkout started', value: funnel.checkout_started },
    { label: 'Paid', value: funnel.paid },
  ];
  return steps.map((step, i) => {
    const above = steps[i - 1];
    let share: string | null = null;
    if (above && above.value > 0)
      share =
        step.value > above.value
          ? `more than ${above.label.toLowerCase()}`
          : `${Math.round((step.value / above.value) * 100)}% of ${above.label.toLowerCase()}`;
    return { ...step, share };
  });
}

export function Funnel({ o }: { o: Overview }) {
  const steps = funnelSteps(o.funnel);
  const top = Math.max(1, ...steps.map((s) => s.value));
  return (
    <>
      <ol className="list-unstyled mb-2">
        {steps.map((s) => (
          <li key={s.label} className="mb-2">
            <div className="d-flex justify-content-between gap-2 small">
              <span>{s.label}</span>
              <span className="text-end">
                <strong>{count(s.value)}</strong>
                {s.share ? <span className="text-body-secondary"> · {s.share}</span> : null}
              </span>
            </div>
            <div className="overview-bar" aria-hidden="true">
              <span style={{ width: `${(s.value / top) * 100}%` }} />
            </div>
          </li>
        ))}
      </ol>
      <p className="small text-body-secondary mb-0">Counted events, not unique visitors: a step can count more than the one above.</p>
    </>
  );
}

export function Carts({ o }: { o: Overview }) {
  return (
    <dl className="row small mb-0">
      <dt className="col-8 fw-normal">Carts left with courses</dt>
      <dd className="col-4 text-end fw-semibold mb-2">{count(o.carts.abandoned)}</dd>
      <dt className="col-8 fw-normal">Reminder emails sent</dt>
      <dd className="col-4 text-end fw-semibold mb-2">{count(o.carts.reminders_sent)}</dd>
      <dt className="col-8 fw-normal">Orders after a reminder</dt>
      <dd className="col-4 text-end fw-semibold mb-2">{count(o.carts.recovered_orders)}</dd>
      <dt className="col-6 fw-normal">Recovered revenue</dt>
      <dd className="col-6 text-end fw-semibold mb-0">{amounts(o.carts.recovered)}</dd>
    </dl>
  );
}

export function TopCourses({ o }: { o: Overview }) {
  if (!o.top_courses.length) return <p className="text-body-secondary mb-0">No course sold in this range.</p>;
  return (
    <DataTable
      label="Top courses table"
      frame=""
      className="table table-sm align-middle mb-0"
      columns={['Course', ['Sales', 'text-end'], ['Revenue', 'text-end']]}
    >
      {o.top_courses.map((c) => (
        <tr key={c.course_id}>
          <td>
            <Link to={`/admin/courses/${c.course_id}`}>{c.title}</Link>
          </td>
          <td className="text-end">{count(c.sales)}</td>
          <td className="text-end text-nowrap">{amounts(c.revenue)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
