import type { AuditEntry, AuditQuery, Page } from '../../../shared/admin.js';
import type { Database, Tx } from '../../db/client.js';
import { pageWindow, rangeOf } from './paging.js';
import * as q from './queries.js';

/** Who made a change: a signed-in admin, or the admin CLI (id null). */
export interface Actor {
  id: number | null;
  email: string;
  name: string;
  ip: string | null;
}

export interface AuditInput {
  action: string;
  entityType: string;
  entityId?: string | number | null | undefined;
  summary?: string;
  before?: unknown;
  after?: unknown;
}

/** JSON-safe copy (dates as ISO strings, undefined dropped), so what is stored is what is shown. */
const snapshot = (value: unknown) => (value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown));

/** Writes one audit row in the caller's transaction: the change and its record commit together. */
export async function recordAudit(tx: Tx, actor: Actor, entry: AuditInput): Promise<void> {
  await q.insertAudit(tx, {
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    summary: entry.summary ?? '',
    before: snapshot(entry.before),
    after: snapshot(entry.after),
    ip: actor.ip,
  });
}

/**
 * Runs a change and its audit row in one transaction. `change` returns the result and what the
 * audit row says about it (its before and after).
 */
export async function audited<T>(db: Database, actor: Actor, change: (tx: Tx) => Promise<{ result: T; audit: AuditInput }>): Promise<T> {
  return db.transaction(async (tx) => {
    const { result, audit } = await change(tx);
    await recordAudit(tx, actor, audit);
    return result;
  });
}

type AuditRow = Awaited<ReturnType<typeof q.selectAuditPage>>['rows'][number];

const toAuditEntry = (r: AuditRow): AuditEntry => ({
  id: r.id,
  actor_id: r.actorId,
  actor_email: r.actorEmail,
  action: r.action,
  entity_type: r.entityType,
  entity_id: r.entityId,
  summary: r.summary,
  before: r.before ?? null,
  after: r.after ?? null,
  ip: r.ip,
  created_at: r.createdAt.toISOString(),
});

export async function listAudit(db: Database, query: AuditQuery): Promise<Page<AuditEntry>> {
  const { limit, offset } = pageWindow(query);
  const range = rangeOf(query);
  const { rows, total } = await q.selectAuditPage(
    db,
    { action: query.action, entityType: query.entity_type, entityId: query.entity_id, actorId: query.actor_id, from: range.from, to: range.to },
    limit,
    offset,
  );
  return { count: total, page: query.page, page_size: query.page_size, results: rows.map(toAuditEntry) };
}
