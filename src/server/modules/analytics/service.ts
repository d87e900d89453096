import type { AnalyticsBatch } from '../../../shared/analytics.js';
import type { Database } from '../../db/client.js';
import * as q from './queries.js';

/** Stores a batch of page-view and API-call events in one insert. */
export async function recordEvents(db: Database, batch: AnalyticsBatch, userId?: number): Promise<void> {
  await q.insertEvents(
    db,
    batch.events.map((e) => ({ ...e, userId: userId ?? null })),
  );
}

/** Course views → add to cart → checkout started in [from, to): counted events (they carry no visitor id). */
export function funnelCounts(db: Database, from: Date, to: Date) {
  return q.countFunnelEvents(db, from, to);
}
