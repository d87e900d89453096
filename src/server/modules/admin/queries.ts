import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export async function insertAudit(db: Db, values: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(values);
}

export interface AuditFilter {
  action?: string | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
  actorId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function auditWhere(filter: AuditFilter): SQL | undefined {
  return and(
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.entityType ? eq(auditLog.entityType, filter.entityType) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
    filter.to ? lt(auditLog.createdAt, filter.to) : undefined,
  );
}

/** Newest first. */
export async function selectAuditPage(db: Db, filter: AuditFilter, limit: number, offset: number) {
  const where = auditWhere(filter);
  const [rows, [total]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
