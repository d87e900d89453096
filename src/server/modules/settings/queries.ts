import { inArray, sql } from 'drizzle-orm';
import type { Tx, Db } from '../../db/client.js';
import { siteSettings } from '../../db/schema/index.js';

/**
 * A setting's value as its text (`#>> '{}'`): read as jsonb, a string of digits ("12345", a tax id
 * or a course id) came back as a number (the driver parses the JSON, then Drizzle parses the
 * string again), and the studio's value was taken for unset.
 */
const valueText = sql<string>`${siteSettings.value} #>> '{}'`;

export async function selectSettings(db: Db, keys: readonly string[]): Promise<Map<string, unknown>> {
  const rows = await db
    .select({ key: siteSettings.key, value: valueText })
    .from(siteSettings)
    .where(inArray(siteSettings.key, [...keys]));
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Locks the rows being changed, so two studio tabs saving at once audit a true before. */
export async function selectSettingsForUpdate(tx: Tx, keys: readonly string[]): Promise<Map<string, unknown>> {
  const rows = await tx
    .select({ key: siteSettings.key, value: valueText })
    .from(siteSettings)
    .where(inArray(siteSettings.key, [...keys]))
    .for('update');
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function upsertSettings(tx: Tx, values: Record<string, unknown>): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value, updatedAt: new Date() }));
  if (!rows.length) return;
  await tx
    .insert(siteSettings)
    .values(rows)
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` } });
}
