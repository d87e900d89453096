import { z } from 'zod';

export const analyticsEventSchema = z.object({
  category: z.string().trim().min(1).max(40),
  action: z.string().trim().min(1).max(40),
  label: z.string().trim().max(300),
});
export const analyticsBatchSchema = z.object({ events: z.array(analyticsEventSchema).min(1).max(50) });
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

// ---------------------------------------------------------------- the studio's overview

/** The longest range the overview answers (about two years). */
export const OVERVIEW_MAX_DAYS = 732;
/** The range when none is given: the last 30 days, today included. */
export const OVERVIEW_DEFAULT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export const overviewMessages = {
  order: 'The start must be on or before the end.',
  tooLong: `At most ${OVERVIEW_MAX_DAYS} days (about two years).`,
  date: 'A date like 2026-01-31.',
};

const dayParam = z.iso.date({ error: overviewMessages.date });

/** Whole days in UTC, both ends included: ?from=2026-01-01&to=2026-01-31. */
export const overviewQuerySchema = z.object({ from: dayParam.optional(), to: dayParam.optional() }).superRefine((q, ctx) => {
  if (!q.from || !q.to) return;
  const days = (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS + 1;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: overviewMessages.order });
  else if (days > OVERVIEW_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['from'], message: overviewMessages.tooLong });
});
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

/** An amount in minor units (cents, paise) of one currency: amounts of different currencies are never added up. */
export const currencyAmountSchema = z.object({ currency: z.string(), amount: z.number().int() });
export type CurrencyAmount = z.infer<typeof currencyAmountSchema>;

/** Money per currency, minor units: course orders and membership charges, refunds dated when they were made. */
export const currencyRevenueSchema = z.object({
  currency: z.string(),
  gross: z.number().int(),
  refunds: z.number().int(),
  net: z.number().int(),
  courses: z.number().int(),
  memberships: z.number().int(),
});
export type CurrencyRevenue = z.infer<typeof currencyRevenueSchema>;

export const overviewDaySchema = z.object({
  date: z.string(),
  orders_paid: z.number().int(),
  new_students: z.number().int(),
  revenue: z.array(currencyRevenueSchema),
});
export type OverviewDay = z.infer<typeof overviewDaySchema>;

export const overviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  revenue: z.array(currencyRevenueSchema),
  orders_paid: z.number().int(),
  refunds: z.number().int(),
  new_students: z.number().int(),
  members: z.object({
    /** Now, whatever the range: members whose membership is current (the subscriptions module's rule). */
    active: z.number().int(),
    /** Monthly plans count their price, yearly ones a twelfth, lifetime none. */
    mrr: z.array(currencyAmountSchema),
    /** Memberships that ended (cancelled, refunded or expired) in the range. */
    churned: z.number().int(),
  }),
  /** Counted events, not unique visitors: the analytics events carry no visitor id. */
  funnel: z.object({ course_views: z.number().int(), add_to_cart: z.number().int(), checkout_started: z.number().int(), paid: z.number().int() }),
  carts: z.object({
    /** Carts still holding courses whose last course was added in the range, longer ago than the reminder delay. */
    abandoned: z.number().int(),
    reminders_sent: z.number().int(),
    /** Orders paid in the range after a reminder to the same email for one of its courses. */
    recovered_orders: z.number().int(),
    recovered: z.array(currencyAmountSchema),
  }),
  top_courses: z.array(
    z.object({ course_id: z.number().int(), title: z.string(), slug: z.string(), sales: z.number().int(), revenue: z.array(currencyAmountSchema) }),
  ),
  daily: z.array(overviewDaySchema),
});
export type Overview = z.infer<typeof overviewSchema>;
