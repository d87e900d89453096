import type { Database } from '../../db/client.js';
import { analyticsEvents } from '../../db/schema/index.js';

export async function insertEvents(db: Database, events: (typeof analyticsEvents.$inferInsert)[]): Promise<void> {
  await db.insert(analyticsEvents).values(events);
}
