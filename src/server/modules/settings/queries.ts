import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx, Db } from '../../db/client.js';
import { siteSettings } from '../../db/schema/index.js';

/**
 * A setting's value as its text (`#>> '{}'`): read as jsonb, a string of digits ("12345", a tax id
 * or a course id) came back as a number (the driver parses the JSON, then Drizzle parses the
 * string again), and the studio's value was taken for unset.
 */
const valueText = sql<string>`${siteSettings.value} #>> '{}'`;

export interface StoredSetting {
  value: unknown;
  /** Written by the demo seed, not by anyone in the studio. */
  isDemo: boolean;
}

export async function selectSettings(db: Db, keys: readonly string[]): Promise<Map<string, StoredSetting>> {
  const rows = await db
    .select({ key: siteSettings.key, value: valueText, isDemo: siteSettings.isDemo })
    .from(siteSettings)
    .where(inArray(siteSettings.key, [...keys]));
  return new Map(rows.map((r) => [r.key, { value: r.value, isDemo: r.isDemo }]));
}

/** Locks the rows being changed, so two studio tabs saving at once audit a true before. */
export async function selectSettingsForUpdate(tx: Tx, keys: readonly string[]): Promise<Map<string, StoredSetting>> {
  const rows = await tx
    .select({ key: siteSettings.key, value: valueText, isDemo: siteSettings.isDemo })
    .from(siteSettings)
    .where(inArray(siteSettings.key, [...keys]))
    .for('update');
  return new Map(rows.map((r) => [r.key, { value: r.value, isDemo: r.isDemo }]));
}

/** Saves values as the studio's own (a demo value saved over is the instructor's from then on). */
export async function upsertSettings(tx: Tx, values: Record<string, unknown>): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value, updatedAt: new Date(), isDemo: false }));
  if (!rows.length) return;
  await tx
    .insert(siteSettings)
    .values(rows)
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at`, isDemo: false } });
}

/** The keys the demo seed wrote and nobody has saved over since. */
export async function selectDemoKeys(db: Db): Promise<string[]> {
  const rows = await db.select({ key: siteSettings.key }).from(siteSettings).where(eq(siteSettings.isDemo, true)).orderBy(siteSettings.key);
  return rows.map((r) => r.key);
}

/** Deletes the named keys while they are still the demo's (a key saved in the studio meanwhile stays). */
export async function deleteDemoKeys(tx: Tx, keys: readonly string[]): Promise<string[]> {
  if (!keys.length) return [];
  const rows = await tx
    .delete(siteSettings)
    .where(and(eq(siteSettings.isDemo, true), inArray(siteSettings.key, [...keys])))
    .returning({ key: siteSettings.key });
  return rows.map((r) => r.key);
}
