import { randomUUID } from 'node:crypto';
import { accountMessages, type ProfileFields, type RegisterBody, type TokenPair, type UserDetails } from '../../../shared/accounts.js';
import { teamMessages, type StaffRole } from '../../../shared/team.js';
import type { Config } from '../../config.js';
import type { Database, Tx, Db } from '../../db/client.js';
import { resetPasswordEmail, teamInviteEmail, verifyEmailEmail } from '../../emails/account.js';
import { AppError } from '../../errors.js';
import type { GoogleVerifier } from '../../integrations/google/index.js';
import type { AttemptCounters } from '../../integrations/redis/index.js';
import { SEND_EMAIL_JOB } from '../../jobs/email.js';
import type { JobQueue } from '../../jobs/queue.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { signAccessToken } from './access-token.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.js';
import * as q from './queries.js';
import { limitAccountMail, throttledLogin, type ChallengeCheck } from './throttle.js';

export interface AccountsDeps {
  db: Database;
  queue: JobQueue;
  config: Config;
}

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
};

export function toUserDetails(user: q.PublicUser): UserDetails {
  return {
    user_id: user.id,
    username: user.username,
    email: user.email,
    full_name: user.fullName,
    phone_number: user.phoneNumber,
    address_line_1: user.addressLine1,
    address_line_2: user.addressLine2,
    city: user.city,
    state: user.state,
    country: user.country,
    pin_code: user.pinCode,
    about_me: user.aboutMe,
    profile_picture: user.profilePicture,
    is_verified: user.isVerified,
    is_admin: user.isAdmin,
  };
}

/** A readable, unique username from the email's local part ('asha.rao', 'asha.rao-2f9k'). */
async function uniqueUsername(db: Db, email: string): Promise<string> {
  const base =
    (email.split('@')[0] ?? 'student')
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '')
      .slice(0, 30) || 'student';
  if (!(await q.usernameTaken(db, base))) return base;
  for (;;) {
    const candidate = `${base}-${randomToken(3)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 4)}`;
    if (!(await q.usernameTaken(db, candidate))) return candidate;
  }
}

export interface NewUser {
  email: string;
  fullName: string;
  password?: string | undefined;
  isVerified?: boolean;
  isAdmin?: boolean;
  isReviewer?: boolean;
  googleSubject?: string;
  /** The billing details a guest gave at checkout, kept on the account the checkout creates. */
  contact?: { phoneNumber: string; addressLine1: string; city: string; state: string; country: string; pinCode: string };
}

/** Creates an account; a taken email answers { email: [...] }. Shared by register, Google sign-in, guest checkout and the admin CLI. */
export async function createUser(db: Db, input: NewUser): Promise<q.PublicUser> {
  if (await q.selectUserByEmail(db, input.email)) throw AppError.fields({ email: [accountMessages.emailTaken] });
  try {
    return await q.insertUser(db, {
      email: input.email,
      username: await uniqueUsername(db, input.email),
      fullName: input.fullName,
      passwordHash: input.password ? await hashPassword(input.password) : null,
      isVerified: input.isVerified ?? false,
      isAdmin: input.isAdmin ?? false,
      isReviewer: input.isReviewer ?? false,
      googleSubject: input.googleSubject ?? null,
      ...input.contact,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.fields({ email: [accountMessages.emailTaken] });
    throw error;
  }
}

const noActiveAccount = 'No active account found with the given credentials';

/**
 * Every sign-in (password, Google, setup, refresh) ends here, so a blocked account is refused in
 * one place; its sessions already open stop at the next request (blockedUserIds).
 */
export async function issueTokens({ db, config }: AccountsDeps, user: { id: number; isAdmin: boolean }, familyId: string = randomUUID()): Promise<TokenPair> {
  if (await q.isBlocked(db, user.id)) throw new AppError('unauthorized', noActiveAccount, { detail: noActiveAccount, code: 'no_active_account' });
  const refresh = randomToken();
  await q.insertRefreshToken(db, {
    userId: user.id,
    tokenHash: hashToken(refresh),
    familyId,
    expiresAt: new Date(Date.now() + config.refreshTokenTtlSeconds * 1000),
  });
  return { access: await signAccessToken(config.jwtSecret, { userId: user.id, isAdmin: user.isAdmin }, config.accessTokenTtlSeconds), refresh };
}

/** A fresh verification link (the older ones stop working). */
async function verificationLink(db: Db, config: Config, user: q.PublicUser): Promise<string> {
  const token = randomToken();
  await q.expireOneTimeTokens(db, user.id, 'verify_email');
  await q.insertOneTimeToken(db, {
    userId: user.id,
    purpose: 'verify_email',
    tokenHash: hashToken(token),
    email: user.email,
    expiresAt: new Date(Date.now() + config.verifyTokenTtlSeconds * 1000),
  });
  return `${config.publicUrl}/api/v1/verify-email/${user.uuid}/${token}/`;
}

export async function sendVerificationEmail(deps: AccountsDeps, user: q.PublicUser): Promise<void> {
  const link = await verificationLink(deps.db, deps.config, user);
  await deps.queue.enqueue(SEND_EMAIL_JOB, { to: user.email, ...verifyEmailEmail(user.fullName, link, deps.config.verifyTokenTtlSeconds / 3600) });
}

/**
 * Called in the transaction that fulfils a paid order. Paying proves nothing about the email, but
 * a buyer must reach what they paid for: from now on the account may sign in unverified (with a
 * banner asking to verify), and when it is unverified the receipt carries the verification link
 * returned here.
 */
export async function recordPurchase(tx: Tx, config: Config, userId: number, at: Date): Promise<{ verifyUrl: string | undefined }> {
  const user = await q.markFirstPurchase(tx, userId, at);
  if (!user || user.isVerified) return { verifyUrl: undefined };
  return { verifyUrl: await verificationLink(tx, config, user) };
}

export async function register(deps: AccountsDeps, body: RegisterBody): Promise<UserDetails> {
  const user = await createUser(deps.db, { email: body.email, fullName: body.full_name, password: body.password });
  await sendVerificationEmail(deps, user);
  return toUserDetails(user);
}

/** Activates the account behind a verification link; false for a used, expired or forged link. */
export async function verifyEmail(deps: AccountsDeps, uid: string, token: string): Promise<boolean> {
  const user = await q.selectUserByUuid(deps.db, uid);
  if (!user) return false;
  const used = await q.consumeOneTimeToken(deps.db, 'verify_email', hashToken(token));
  if (!used || used.userId !== user.id) return false;
  await q.updateUser(deps.db, user.id, { isVerified: true });
  return true;
}

/** Same answer whether or not the account exists or is already verified; under the account-mail limits (throttle.ts). */
export async function resendVerification(deps: AccountsDeps & { attempts: AttemptCounters }, email: string, address: string): Promise<void> {
  await limitAccountMail(deps.attempts, email, address);
  const user = await q.selectUserByEmail(deps.db, email);
  if (user && !user.isVerified) await sendVerificationEmail(deps, user);
}

/**
 * Email and password to tokens, under the sign-in limits (throttle.ts): past its limits an address
 * waits, and an account with many recent failures asks every sign-in for a solved challenge.
 */
export async function login(
  deps: AccountsDeps & { attempts: AttemptCounters },
  input: { email: string; password: string; address: string; challenge: ChallengeCheck },
): Promise<TokenPair> {
  const { email, password } = input;
  return throttledLogin(deps.attempts, input, async () => {
    const credentials = await q.selectCredentials(deps.db, email);
    if (!credentials) {
      await burnPasswordCheck(password);
      return { outcome: 'wrong', error: new AppError('unauthorized', noActiveAccount) };
    }
    if (!(await verifyPassword(credentials.passwordHash, password))) return { outcome: 'wrong', error: new AppError('unauthorized', noActiveAccount) };
    // An unverified account may sign in once it has paid for something (recordPurchase): never locked out of a purchase.
    if (!credentials.isVerified && !credentials.firstPurchaseAt) {
      const error = new AppError('forbidden', accountMessages.emailNotVerified, { detail: accountMessages.emailNotVerified, code: 'email_not_verified' });
      return { outcome: 'not-a-failure', error };
    }
    return { outcome: 'ok', value: await issueTokens(deps, credentials) };
  });
}

/**
 * Rotates a refresh token. A token that was already rotated or revoked is a sign of theft:
 * the whole family is revoked and the caller must sign in again.
 */
export async function refresh(deps: AccountsDeps, token: string): Promise<TokenPair> {
  const invalid = () => new AppError('unauthorized', accountMessages.tokenInvalid, { detail: accountMessages.tokenInvalid, code: 'token_not_valid' });
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await q.selectRefreshTokenForUpdate(tx, hashToken(token));
    if (!row) return { kind: 'invalid' as const };
    if (row.revokedAt || row.replacedAt) {
      await q.revokeRefreshFamily(tx, row.familyId);
      return { kind: 'reused' as const };
    }
    if (row.expiresAt < new Date()) return { kind: 'invalid' as const };
    await q.markRefreshTokenReplaced(tx, row.id);
    return { kind: 'ok' as const, userId: row.userId, familyId: row.familyId };
  });
  if (outcome.kind !== 'ok') throw invalid();
  const user = await q.selectUserById(deps.db, outcome.userId);
  if (!user) throw invalid();
  return issueTokens(deps, user, outcome.familyId);
}

export async function logout(deps: AccountsDeps, token: string): Promise<void> {
  await q.revokeRefreshToken(deps.db, hashToken(token));
}

/** Same answer whether or not the email has an account (no enumeration); under the account-mail limits (throttle.ts), never the sign-in ones. */
export async function requestPasswordReset(deps: AccountsDeps & { attempts: AttemptCounters }, email: string, address: string): Promise<void> {
  await limitAccountMail(deps.attempts, email, address);
  const user = await q.selectUserByEmail(deps.db, email);
  if (!user) return;
  const link = await passwordLink(deps.db, deps.config, user, deps.config.resetTokenTtlSeconds);
  await deps.queue.enqueue(SEND_EMAIL_JOB, { to: user.email, ...resetPasswordEmail(user.fullName, link, Math.round(deps.config.resetTokenTtlSeconds / 60)) });
}

/** A single-use link to the reset-password page (earlier unused ones stop working). */
async function passwordLink(db: Db, config: Config, user: q.PublicUser, ttlSeconds: number): Promise<string> {
  const token = randomToken();
  await q.expireOneTimeTokens(db, user.id, 'reset_password');
  await q.insertOneTimeToken(db, {
    userId: user.id,
    purpose: 'reset_password',
    tokenHash: hashToken(token),
    email: user.email,
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return `${config.publicUrl}/reset/password?uid=${user.uuid}&token=${token}`;
}

/** Sets the new password, marks the email verified (the link proved it), and signs out every session. */
export async function resetPassword(deps: AccountsDeps, uid: string, token: string, password: string): Promise<void> {
  const expired = () => new AppError('bad_request', accountMessages.resetExpired, { error: accountMessages.resetExpired, status: 'expired' });
  const user = await q.selectUserByUuid(deps.db, uid);
  if (!user) throw expired();
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const used = await q.consumeOneTimeToken(tx, 'reset_password', hashToken(token));
    if (!used || used.userId !== user.id) throw expired();
    await q.updateUser(tx, user.id, { passwordHash, isVerified: true });
    await q.revokeAllRefreshTokens(tx, user.id);
  });
}

export async function googleLogin(deps: AccountsDeps, google: GoogleVerifier | undefined, idToken: string): Promise<TokenPair> {
  if (!google) throw new AppError('bad_request', accountMessages.googleUnavailable, { non_field_errors: [accountMessages.googleUnavailable] });
  const identity = await google.verify(idToken);
  if (!identity || !identity.emailVerified)
    throw new AppError('bad_request', accountMessages.googleFailed, { non_field_errors: [accountMessages.googleFailed] });
  const email = identity.email.trim().toLowerCase();
  let user = await q.selectUserByEmail(deps.db, email);
  if (!user) {
    user = await createUser(deps.db, { email, fullName: identity.name, isVerified: true, googleSubject: identity.subject });
  } else if (!user.isVerified) {
    // Google proved the address: an account waiting for its verification email is now verified.
    user = (await q.updateUser(deps.db, user.id, { isVerified: true })) ?? user;
  }
  return issueTokens(deps, user);
}

export async function getUserDetails(db: Database, userId: number): Promise<UserDetails> {
  const user = await q.selectUserById(db, userId);
  if (!user) throw AppError.notFound('User not found.');
  return toUserDetails(user);
}

export async function updateProfile(db: Database, userId: number, fields: ProfileFields, picture: string | null | undefined): Promise<UserDetails> {
  const { remove_picture: _remove, ...profile } = fields;
  const user = await q.updateUser(db, userId, {
    fullName: profile.full_name.replace(/\s+/g, ' '),
    phoneNumber: profile.phone_number,
    addressLine1: profile.address_line_1,
    addressLine2: profile.address_line_2,
    city: profile.city,
    state: profile.state,
    country: profile.country,
    pinCode: profile.pin_code,
    aboutMe: profile.about_me,
    ...(picture !== undefined ? { profilePicture: picture } : {}),
  });
  if (!user) throw AppError.notFound('User not found.');
  return toUserDetails(user);
}

export async function getPublicUser(db: Db, userId: number) {
  return q.selectUserById(db, userId);
}

/** Users by id (for names next to questions, answers, certificates): one query. */
export async function getPublicUsers(db: Db, userIds: number[]): Promise<Map<number, q.PublicUser>> {
  const rows = await q.selectUsersByIds(db, [...new Set(userIds)]);
  return new Map(rows.map((u) => [u.id, u]));
}

export async function getPublicUserByEmail(db: Database, email: string) {
  return q.selectUserByEmail(db, email);
}

export const SETUP_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

export async function hasAdmin(db: Db): Promise<boolean> {
  return q.anyAdmin(db);
}

export async function firstAdmin(db: Db): Promise<q.PublicUser | undefined> {
  return q.selectFirstAdmin(db);
}

/** A one-time studio setup token (only its hash is stored); undefined once an admin exists. */
export async function createSetupToken(db: Database): Promise<string | undefined> {
  if (await q.anyAdmin(db)) return undefined;
  const token = randomToken();
  await q.insertOneTimeToken(db, {
    userId: null,
    purpose: 'admin_setup',
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SETUP_TOKEN_TTL_SECONDS * 1000),
  });
  return token;
}

/** 'open': the token works; 'done': an admin already exists (every setup link is dead); 'invalid': unknown, used or expired. */
export async function setupState(db: Database, token: string): Promise<'open' | 'done' | 'invalid'> {
  if (await q.anyAdmin(db)) return 'done';
  return (await q.oneTimeTokenValid(db, 'admin_setup', hashToken(token))) ? 'open' : 'invalid';
}

/**
 * Creates the instructor's (admin, verified) account with a setup token, inside the caller's
 * transaction. Refused once any admin exists, so the link cannot make a second admin.
 */
export async function createFirstAdmin(tx: Tx, input: { token: string; email: string; fullName: string; password: string }): Promise<q.PublicUser> {
  await q.lockSetup(tx);
  const refused = () => new AppError('forbidden', accountMessages.setupLinkDead, { detail: accountMessages.setupLinkDead, code: 'setup_closed' });
  if (await q.anyAdmin(tx)) throw refused();
  const used = await q.consumeOneTimeToken(tx, 'admin_setup', hashToken(input.token));
  if (!used) throw refused();
  return createUser(tx, { email: input.email, fullName: input.fullName, password: input.password, isAdmin: true, isVerified: true });
}

/** An account's place in the studio: an admin may do everything, a reviewer only the project reviews. */
export function roleOf(user: { isAdmin: boolean; isReviewer: boolean }): StaffRole | 'student' {
  return user.isAdmin ? 'admin' : user.isReviewer ? 'reviewer' : 'student';
}

const roleFlags = (role: StaffRole | 'student') => ({ isAdmin: role === 'admin', isReviewer: role === 'reviewer' });

/** Sets an account's role (a reviewer removed is a student again; their sign-in stays). */
export async function setRole(tx: Tx, userId: number, role: StaffRole | 'student'): Promise<q.PublicUser | undefined> {
  return q.updateUser(tx, userId, { ...roleFlags(role), ...(role === 'admin' ? { isVerified: true } : {}) });
}

/** Settings → Team: the admins and the reviewers, admins first (or the one with this id). */
export function listStaff(db: Db, userId?: number) {
  return q.selectStaff(db, userId);
}

/** How long a team invitation's set-a-password link works. */
export const TEAM_INVITE_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * Settings → Team: gives the role to the account with this email (made, without a password, when
 * there is none) and emails the invitation, whose link sets a password through the reset-password
 * page. Inside the caller's transaction; answers the account before and after.
 */
export async function inviteToTeam(
  tx: Tx,
  deps: { config: Config; queue: JobQueue },
  input: { email: string; fullName: string; role: StaffRole; invitedBy: string },
): Promise<{ before: q.PublicUser | undefined; after: q.PublicUser }> {
  const before = await q.selectUserByEmail(tx, input.email);
  if (before && roleOf(before) === input.role)
    throw new AppError('conflict', input.role === 'admin' ? teamMessages.alreadyAdmin : teamMessages.alreadyReviewer);
  if (before?.isAdmin) throw new AppError('conflict', teamMessages.alreadyAdmin);
  const after = before
    ? (await setRole(tx, before.id, input.role))!
    : await createUser(tx, { email: input.email, fullName: input.fullName, ...roleFlags(input.role), isVerified: input.role === 'admin' });
  const link = await passwordLink(tx, deps.config, after, TEAM_INVITE_TTL_SECONDS);
  await deps.queue.enqueue(
    SEND_EMAIL_JOB,
    {
      to: after.email,
      ...teamInviteEmail({
        fullName: after.fullName,
        invitedBy: input.invitedBy,
        role: input.role,
        link,
        studioUrl: `${deps.config.publicUrl}/studio`,
        days: 7,
      }),
    },
    { tx },
  );
  return { before, after };
}

/** The admin CLI: makes an existing account an admin (or takes it away). */
export async function setAdmin(db: Db, email: string, isAdmin: boolean): Promise<q.PublicUser> {
  const user = await q.selectUserByEmail(db, email);
  if (!user) throw AppError.fields({ email: ['No account with this email.'] });
  return (await q.updateUser(db, user.id, { isAdmin, ...(isAdmin ? { isVerified: true } : {}) }))!;
}

/** The users a studio search means (name or email contains it), at most `limit`. */
export async function findUserIds(db: Db, search: string, limit = 1000): Promise<number[]> {
  return q.selectUserIdsMatching(db, search, limit);
}

/**
 * The accounts a bulk email (a broadcast) may go to: not blocked, and verified or a buyer (an
 * unverified address that bought nothing may be someone else's). `hasPaid`: it bought something once.
 */
export function mailableUsers(db: Db): Promise<{ id: number; email: string; fullName: string; isAdmin: boolean; hasPaid: boolean }[]> {
  return q.selectMailableUsers(db);
}

/** Ids of the blocked accounts (few): the request guard keeps them in memory until 'accounts.blocked' is invalidated. */
export async function blockedUserIds(db: Db): Promise<Set<number>> {
  return new Set(await q.selectBlockedUserIds(db));
}

/**
 * Blocks or unblocks sign-in. Blocking also revokes every refresh token, so no session can be
 * renewed; the caller invalidates 'accounts.blocked' after commit so open sessions stop at once.
 */
export async function setBlocked(db: Db, userId: number, blocked: boolean): Promise<{ before: Date | null; after: Date | null }> {
  const user = await q.selectUserById(db, userId);
  if (!user) throw AppError.notFound('User not found.');
  const after = blocked ? (user.blockedAt ?? new Date()) : null;
  await q.updateUser(db, userId, { blockedAt: after });
  if (blocked) await q.revokeAllRefreshTokens(db, userId);
  return { before: user.blockedAt, after };
}

/** The studio's student list: search by name or email, verified and blocked filters, sorted and paged. */
export function listUsersForStudio(db: Database, filter: q.UsersPageFilter) {
  return q.selectUsersPage(db, filter);
}

/** New students (accounts that are not admins) per UTC day in [from, to). */
export function newStudentsByDay(db: Database, from: Date, to: Date) {
  return q.selectNewStudentsByDay(db, from, to);
}

/** The demo's students still only the demo's (no password, no Google sign-in, no studio role); `lock` holds them until the caller's transaction ends. */
export function demoStudentIds(db: Db, options: { lock: boolean }): Promise<number[]> {
  return q.selectDemoUsers(db, options.lock);
}

/** Deletes the named demo students with what was theirs alone (the caller keeps any with an order or a membership). */
export function deleteDemoStudents(tx: Tx, ids: number[]): Promise<number> {
  return q.deleteDemoUsers(tx, ids);
}
