import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { courses } from './catalog.js';

/**
 * A bundle: several courses sold together at one price per region (the saving is shown against the
 * courses' own prices). Built in the studio like a course: draft, published, archived. Owned by the
 * catalog module.
 */
export const bundles = pgTable('bundles', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  /** HTML, sanitised when written and again when served. */
  description: text('description').notNull().default(''),
  coverImage: text('cover_image').notNull().default(''),
  status: text('status', { enum: ['draft', 'published', 'archived'] })
    .notNull()
    .default('draft'),
  position: integer('position').notNull().default(0),
  /** Seeded by the demo catalog: 'Remove the demo content' may delete it when no one bought it. */
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The courses of a bundle, in order. */
export const bundleCourses = pgTable(
  'bundle_courses',
  {
    id: serial('id').primaryKey(),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('bundle_courses_bundle_course_idx').on(t.bundleId, t.courseId), index('bundle_courses_course_idx').on(t.courseId)],
);

/** A bundle's price in one pricing region (US is the default for any other country). Minor units. */
export const bundlePrices = pgTable(
  'bundle_prices',
  {
    id: serial('id').primaryKey(),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
    region: text('region').notNull(),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [uniqueIndex('bundle_prices_bundle_region_idx').on(t.bundleId, t.region)],
);
