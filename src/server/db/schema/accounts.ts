import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    username: text('username').notNull().unique(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash'),
    fullName: text('full_name').notNull(),
    phoneNumber: text('phone_number').notNull().default(''),
    addressLine1: text('address_line_1').notNull().default(''),
    addressLine2: text('address_line_2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    country: text('country').notNull().default(''),
    pinCode: text('pin_code').notNull().default(''),
    aboutMe: text('about_me').notNull().default(''),
    profilePicture: text('profile_picture'),
    isVerified: boolean('is_verified').notNull().default(false),
    /** When this account first paid for something: a buyer may sign in before verifying the email (ARCHITECTURE.md). */
    firstPurchaseAt: timestamp('first_purchase_at', { withTimezone: true }),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** A member of the review team: the studio's project queue and reviews, nothing else (an admin may do all of it anyway). */
    isReviewer: boolean('is_reviewer').notNull().default(false),
    googleSubject: text('google_subject').unique(),
    /** Set by the instructor: a blocked user cannot sign in, and their sessions stop working at once. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** A demo student seeded with the demo catalog (no password): 'Remove the demo content' deletes it with what it did. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    // The studio's student search ("%text%" in email or name): trigram indexes (pg_trgm).
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')),
    // The studio's students (admins left out): new students per day, and the list sorted by date or name.
    index('users_students_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.isAdmin} = false`),
    index('users_students_name_idx')
      .on(sql`lower(${t.fullName})`, t.id)
      .where(sql`${t.isAdmin} = false`),
  ],
);

/** Rotating refresh tokens, stored hashed. Reuse of a rotated token revokes its whole family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    familyId: uuid('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Single-use links: account verification, password reset, unsubscribe (by email) and the first-run studio setup (in the server log). */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password', 'unsubscribe', 'admin_setup'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_idx').on(t.tokenHash)],
);
