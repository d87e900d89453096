import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx, Db } from '../../db/client.js';
import { oneTimeTokens, refreshTokens, users } from '../../db/schema/index.js';

export const publicUserColumns = {
  id: users.id,
  uuid: users.uuid,
  username: users.username,
  email: users.email,
  fullName: users.fullName,
  phoneNumber: users.phoneNumber,
  addressLine1: users.addressLine1,
  addressLine2: users.addressLine2,
  city: users.city,
  state: users.state,
  country: users.country,
  pinCode: users.pinCode,
  aboutMe: users.aboutMe,
  profilePicture: users.profilePicture,
  isVerified: users.isVerified,
  isAdmin: users.isAdmin,
  isReviewer: users.isReviewer,
  blockedAt: users.blockedAt,
  createdAt: users.createdAt,
};
export type PublicUser = { [K in keyof typeof publicUserColumns]: (typeof users.$inferSelect)[K] };

export async function selectUserById(db: Db, id: number): Promise<PublicUser | undefined> {
  const [row] = await db.select(publicUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export function selectUsersByIds(db: Db, ids: number[]): Promise<PublicUser[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.select(publicUserColumns).from(users).where(inArray(users.id, ids));
}

export async function selectUserByUuid(db: Db, uuid: string): Promise<PublicUser | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) return undefined;
  const [row] = await db.select(publicUserColumns).from(users).where(eq(users.uuid, uuid)).limit(1);
  return row;
}

/** Includes the password hash: for login only. */
export async function selectCredentials(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, isVerified: users.isVerified, isAdmin: users.isAdmin, firstPurchaseAt: users.firstPurchaseAt })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

export async function selectUserByEmail(db: Db, email: string): Promise<PublicUser | undefined> {
  const [row] = await db
    .select(publicUserColumns)
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  return Boolean(row);
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<PublicUser> {
  const [row] = await db.insert(users).values(values).returning(publicUserColumns);
  return row!;
}

export async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>): Promise<PublicUser | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning(publicUserColumns);
  return row;
}

export async function insertRefreshToken(db: Db, values: typeof refreshTokens.$inferInsert): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

/** Locks the row so two concurrent refreshes of one token cannot both rotate it. */
export async function selectRefreshTokenForUpdate(db: Tx, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update').limit(1);
  return row;
}

export async function markRefreshTokenReplaced(db: Db, id: number): Promise<void> {
  await db.update(refreshTokens).set({ replacedAt: new Date() }).where(eq(refreshTokens.id, id));
}

export async function revokeRefreshFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeRefreshToken(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

export async function revokeAllRefreshTokens(db: Db, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function insertOneTimeToken(db: Db, values: typeof oneTimeTokens.$inferInsert): Promise<void> {
  await db.insert(oneTimeTokens).values(values);
}

/** Marks a valid, unused, unexpired token used and returns it; single use even under concurrency. */
export async function consumeOneTimeToken(db: Db, purpose: 'verify_email' | 'reset_password' | 'unsubscribe' | 'admin_setup', tokenHash: string) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, new Date())),
    )
    .returning({ userId: oneTimeTokens.userId, email: oneTimeTokens.email });
  return row;
}

/** Earlier unused links of the same purpose stop working when a new one is sent or one is used. */
export async function expireOneTimeTokens(db: Db, userId: number, purpose: 'verify_email' | 'reset_password'): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
}

/** A valid, unused, unexpired token of this purpose exists (read only). */
export async function oneTimeTokenValid(db: Db, purpose: 'admin_setup', tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(
      and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, new Date())),
    )
    .limit(1);
  return Boolean(row);
}

export async function anyAdmin(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
  return Boolean(row);
}

/** The earliest admin account (the instructor who set the studio up). */
export async function selectFirstAdmin(db: Db): Promise<PublicUser | undefined> {
  const [row] = await db.select(publicUserColumns).from(users).where(eq(users.isAdmin, true)).orderBy(users.id).limit(1);
  return row;
}

/** Serialises first-run setups, so two browsers racing with two links still make one admin. */
const SETUP_LOCK_KEY = 7_345_113;
export async function lockSetup(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK_KEY})`);
}

/** Ids of the users whose name or email contains `search` (case-insensitive; % and _ are literal). */
export async function selectUserIdsMatching(db: Db, search: string, limit: number): Promise<number[]> {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} ilike ${pattern} or ${users.fullName} ilike ${pattern}`)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Stamps the account's first purchase (later purchases keep the first date). */
export async function markFirstPurchase(db: Db, userId: number, at: Date): Promise<PublicUser | undefined> {
  await db
    .update(users)
    .set({ firstPurchaseAt: at })
    .where(and(eq(users.id, userId), isNull(users.firstPurchaseAt)));
  return selectUserById(db, userId);
}

export async function isBlocked(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ blockedAt: users.blockedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row?.blockedAt);
}

/**
 * The accounts a bulk email may go to: not blocked, and either verified or a buyer (an unverified
 * address that bought nothing may not be the owner's).
 */
export function selectMailableUsers(db: Db) {
  return db
    .select({ id: users.id, email: users.email, fullName: users.fullName, isAdmin: users.isAdmin, hasPaid: sql<boolean>`${users.firstPurchaseAt} is not null` })
    .from(users)
    .where(and(isNull(users.blockedAt), or(eq(users.isVerified, true), isNotNull(users.firstPurchaseAt))))
    .orderBy(asc(users.id));
}

export async function selectBlockedUserIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(isNotNull(users.blockedAt));
  return rows.map((r) => r.id);
}

export interface UsersPageFilter {
  search?: string | undefined;
  verified?: boolean | undefined;
  blocked?: boolean | undefined;
  sort: '-created_at' | 'created_at' | 'full_name' | 'email';
  limit: number;
  offset: number;
}

const usersOrder = {
  '-created_at': [desc(users.createdAt), desc(users.id)],
  created_at: [asc(users.createdAt), asc(users.id)],
  full_name: [asc(sql`lower(${users.fullName})`), asc(users.id)],
  email: [asc(sql`lower(${users.email})`), asc(users.id)],
} as const;

/** Who the studio counts and lists as a student: every account but the admins. */
const isStudent = eq(users.isAdmin, false);

/** A page of students (admins left out) for the studio, with the total matching. */
export async function selectUsersPage(db: Db, filter: UsersPageFilter) {
  const pattern = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    isStudent,
    pattern ? sql`(${users.email} ilike ${pattern} or ${users.fullName} ilike ${pattern})` : undefined,
    filter.verified === undefined ? undefined : eq(users.isVerified, filter.verified),
    filter.blocked === undefined ? undefined : filter.blocked ? isNotNull(users.blockedAt) : isNull(users.blockedAt),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(publicUserColumns)
      .from(users)
      .where(where)
      .orderBy(...usersOrder[filter.sort])
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Accounts created in [from, to) per UTC day, admins left out (the studio's "new students"). */
export function selectNewStudentsByDay(db: Db, from: Date, to: Date) {
  const day = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, count: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(and(isStudent, gte(users.createdAt, from), lt(users.createdAt, to)))
    .groupBy(day)
    .orderBy(day);
}

/** The admins and reviewers (admins first), and whether each can sign in yet (a password or Google). */
export function selectStaff(db: Db, userId?: number) {
  return db
    .select({ ...publicUserColumns, canSignIn: sql<boolean>`(${users.passwordHash} is not null or ${users.googleSubject} is not null)` })
    .from(users)
    .where(and(or(eq(users.isAdmin, true), eq(users.isReviewer, true)), userId === undefined ? undefined : eq(users.id, userId)))
    .orderBy(desc(users.isAdmin), asc(users.createdAt), asc(users.id));
}

/**
 * The demo's students that are still only the demo's: marked is_demo, and nobody has made them an
 * account one can use (no password, no Google sign-in, no studio role). Locked while a removal decides.
 */
export async function selectDemoUsers(db: Db, lock: boolean): Promise<number[]> {
  const query = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isDemo, true), isNull(users.passwordHash), isNull(users.googleSubject), eq(users.isAdmin, false), eq(users.isReviewer, false)))
    .orderBy(asc(users.id));
  return (lock ? await query.for('update') : await query).map((r) => r.id);
}

/** Deletes the named demo students; what was theirs alone (enrolments, progress, reviews, hand-ins, letters) goes with them. */
export async function deleteDemoUsers(tx: Tx, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  return (
    await tx
      .delete(users)
      .where(and(eq(users.isDemo, true), inArray(users.id, ids)))
      .returning({ id: users.id })
  ).length;
}
