import { and, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { analyticsEvents } from '../../db/schema/index.js';

export async function insertEvents(db: Database, events: (typeof analyticsEvents.$inferInsert)[]): Promise<void> {
  await db.insert(analyticsEvents).values(events);
}

/**
 * The funnel's first steps in [from, to), counted in one pass over the range: page views of a
 * course page (/courses/{slug}, /course/{slug}), the web app's add-to-cart calls, and page views
 * of /checkout. The events carry what the web app sends (src/web/lib/analytics.ts).
 */
export async function countFunnelEvents(db: Database, from: Date, to: Date) {
  const e = analyticsEvents;
  const [row] = await db
    .select({
      courseViews:
        sql<number>`count(*) filter (where ${e.category} = 'Page' and ${e.action} = 'View' and ${e.label} ~ '^/courses?/[^/?#]+/?([?#].*)?$')`.mapWith(Number),
      addToCart: sql<number>`count(*) filter (where ${e.category} = 'API' and ${e.action} = 'Call' and ${e.label} = 'POST /add-to-cart/')`.mapWith(Number),
      checkoutStarted: sql<number>`count(*) filter (where ${e.category} = 'Page' and ${e.action} = 'View' and ${e.label} ~ '^/checkout/?([?#].*)?$')`.mapWith(
        Number,
      ),
    })
    .from(e)
    .where(and(gte(e.createdAt, from), lt(e.createdAt, to)));
  return row ?? { courseViews: 0, addToCart: 0, checkoutStarted: 0 };
}
