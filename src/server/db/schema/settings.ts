import { boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Site settings edited in the studio (one row per key); a missing key falls back to its environment variable. */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Written by the demo seed (its marketing figures): the studio shows it as the demo's, and 'Remove the demo content' clears it. */
  isDemo: boolean('is_demo').notNull().default(false),
});
