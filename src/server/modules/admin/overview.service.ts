// The studio's home: the business over a range of days, each number asked of the module that owns it.
import {
  OVERVIEW_DEFAULT_DAYS,
  OVERVIEW_MAX_DAYS,
  overviewMessages,
  type CurrencyRevenue,
  type Overview,
  type OverviewQuery,
} from '../../../shared/analytics.js';
import { toMajor } from '../../../shared/pricing.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { newStudentsByDay } from '../accounts/index.js';
import { funnelCounts } from '../analytics/index.js';
import { abandonedCarts } from '../cart/index.js';
import { getCourseSummaries } from '../catalog/index.js';
import { courseSales, orderMoneyByDay, recoveredOrders } from '../orders/index.js';
import { sentCartReminders } from '../reminders/index.js';
import { endedMemberships, membershipSnapshot } from '../memberships/index.js';
import { membershipMoneyByDay } from '../subscriptions/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A payment counts as recovered when a reminder went out at most this long before it. */
const RECOVERY_WINDOW_MS = 30 * DAY_MS;
const TOP_COURSES = 10;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The range's days in UTC, both ends included; the last 30 days when none is given. */
export function overviewRange(query: OverviewQuery, now: Date = new Date()): { from: string; to: string; start: Date; end: Date; days: string[] } {
  const to = query.to ?? (query.from && query.from > isoDay(now) ? query.from : isoDay(now));
  const from = query.from ?? isoDay(new Date(Date.parse(to) - (OVERVIEW_DEFAULT_DAYS - 1) * DAY_MS));
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
  const count = Math.round((end.getTime() - start.getTime()) / DAY_MS);
  if (count < 1) throw AppError.fields({ to: [overviewMessages.order] });
  if (count > OVERVIEW_MAX_DAYS) throw AppError.fields({ from: [overviewMessages.tooLong] });
  const days = Array.from({ length: count }, (_, i) => isoDay(new Date(start.getTime() + i * DAY_MS)));
  return { from, to, start, end, days };
}

type Money = Omit<CurrencyRevenue, 'currency' | 'net'>;
const emptyMoney = (): Money => ({ gross: 0, refunds: 0, courses: 0, memberships: 0 });
const byCurrency = (money: Map<string, Money>): CurrencyRevenue[] =>
  [...money]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, m]) => ({ currency, gross: m.gross, refunds: m.refunds, net: m.gross - m.refunds, courses: m.courses, memberships: m.memberships }));

export async function buildOverview(deps: { db: Database; config: Config }, query: OverviewQuery, now: Date = new Date()): Promise<Overview> {
  const { db } = deps;
  const range = overviewRange(query, now);
  const { start, end } = range;
  const [orderMoney, memberMoney, students, funnel, members, churned, abandoned, reminders, sales] = await Promise.all([
    orderMoneyByDay(db, start, end),
    membershipMoneyByDay(db, start, end),
    newStudentsByDay(db, start, end),
    funnelCounts(db, start, end),
    membershipSnapshot(db, now),
    endedMemberships(db, start, end),
    abandonedCarts(db, start, end, new Date(now.getTime() - deps.config.abandonedCartDelayMs)),
    sentCartReminders(db, new Date(start.getTime() - RECOVERY_WINDOW_MS), end),
    courseSales(db, start, end),
  ]);
  const recovered = await recoveredOrders(db, reminders, start, end);

  // Days, then the whole range, per currency.
  const days = new Map(range.days.map((day) => [day, { orders: 0, students: 0, money: new Map<string, Money>() }]));
  const total = new Map<string, Money>();
  const add = (day: string, currency: string, change: Partial<Money>) => {
    const entry = days.get(day);
    if (!entry) return;
    for (const bucket of [entry.money, total]) {
      const m = bucket.get(currency) ?? emptyMoney();
      for (const [key, value] of Object.entries(change) as [keyof Money, number][]) m[key] += value;
      bucket.set(currency, m);
    }
  };
  let ordersPaid = 0;
  let refunds = 0;
  for (const r of orderMoney) {
    add(r.day, r.currency, { gross: r.gross, courses: r.gross, refunds: r.refunds });
    days.get(r.day)!.orders += r.paid;
    ordersPaid += r.paid;
    refunds += r.refunded;
  }
  for (const r of memberMoney) {
    add(r.day, r.currency, { gross: r.gross, memberships: r.gross, refunds: r.refunds });
    refunds += r.refunded;
  }
  let newStudents = 0;
  for (const r of students) {
    const entry = days.get(r.day);
    if (entry) entry.students += r.count;
    newStudents += r.count;
  }

  return {
    from: range.from,
    to: range.to,
    revenue: byCurrency(total),
    orders_paid: ordersPaid,
    refunds,
    new_students: newStudents,
    members: { active: members.active, mrr: members.mrr, churned },
    funnel: { course_views: funnel.courseViews, add_to_cart: funnel.addToCart, checkout_started: funnel.checkoutStarted, paid: ordersPaid },
    carts: {
      abandoned,
      reminders_sent: reminders.filter((r) => r.sentAt >= start).length,
      recovered_orders: recovered.reduce((n, r) => n + r.orders, 0),
      recovered: recovered.map((r) => ({ currency: r.currency, amount: r.amount })),
    },
    top_courses: await topCourses(db, sales),
    daily: [...days].map(([date, d]) => ({ date, orders_paid: d.orders, new_students: d.students, revenue: byCurrency(d.money) })),
  };
}

/** The best sellers by number of sales, each with its revenue per currency. */
async function topCourses(db: Database, sales: Awaited<ReturnType<typeof courseSales>>): Promise<Overview['top_courses']> {
  const courses = new Map<number, { sales: number; revenue: Map<string, number> }>();
  for (const s of sales) {
    const c = courses.get(s.courseId) ?? { sales: 0, revenue: new Map<string, number>() };
    c.sales += s.sales;
    c.revenue.set(s.currency, (c.revenue.get(s.currency) ?? 0) + s.revenue);
    courses.set(s.courseId, c);
  }
  const top = [...courses].sort(([idA, a], [idB, b]) => b.sales - a.sales || idA - idB).slice(0, TOP_COURSES);
  const summaries = await getCourseSummaries(
    db,
    top.map(([id]) => id),
  );
  return top.map(([id, c]) => ({
    course_id: id,
    title: summaries.get(id)?.title ?? `Course ${id}`,
    slug: summaries.get(id)?.slug ?? '',
    sales: c.sales,
    revenue: [...c.revenue].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount })),
  }));
}

const money = (minor: number) => toMajor(minor).toFixed(2);

/** The daily series as CSV: one row per day, three columns (gross, refunds, net, major units) per currency, then the totals. */
export function overviewCsv(overview: Overview): string {
  const currencies = overview.revenue.map((r) => r.currency);
  const header = ['date', 'orders_paid', 'new_students', ...currencies.flatMap((c) => [`gross_${c}`, `refunds_${c}`, `net_${c}`])];
  const row = (date: string, orders: number, students: number, revenue: CurrencyRevenue[]) => [
    date,
    String(orders),
    String(students),
    ...currencies.flatMap((c) => {
      const r = revenue.find((x) => x.currency === c);
      return r ? [money(r.gross), money(r.refunds), money(r.net)] : ['0.00', '0.00', '0.00'];
    }),
  ];
  const lines = [
    header,
    ...overview.daily.map((d) => row(d.date, d.orders_paid, d.new_students, d.revenue)),
    row('total', overview.orders_paid, overview.new_students, overview.revenue),
  ];
  return lines.map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}
