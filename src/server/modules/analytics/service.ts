import type { AnalyticsBatch } from '../../../shared/analytics.js';
import type { Database } from '../../db/client.js';
import { analyticsEvents } from '../../db/schema/index.js';

/** Stores a batch of page-view and API-call events in one insert. */
export async function recordEvents(db: Database, batch: AnalyticsBatch, userId?: number): Promise<void> {
  await db.insert(analyticsEvents).values(batch.events.map((e) => ({ ...e, userId: userId ?? null })));
}
