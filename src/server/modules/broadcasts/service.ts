/**
 * Broadcasts (Studio → Emails): the instructor writes an email, picks an audience and sends it now
 * or at a time; it goes out through the job queue (sending.ts) at BROADCAST_RATE_PER_MINUTE. The
 * studio's routes (modules/admin/broadcasts.routes.ts) call these and audit every change.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Page } from '../../../shared/admin.js';
import {
  broadcastMessages,
  needsCourse,
  type AdminBroadcast,
  type AdminBroadcastDetail,
  type AudienceCount,
  type BroadcastAudience,
  type BroadcastBody,
  type BroadcastCounts,
  type BroadcastPatch,
  type BroadcastQuery,
  type BroadcastRecipient,
  type RecipientQuery,
} from '../../../shared/broadcasts.js';
import type { Config } from '../../config.js';
import type { Database, Db, Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Mailer } from '../../integrations/mail/index.js';
import type { JobQueue } from '../../jobs/queue.js';
import { htmlToText, sanitizeRichText } from '../../lib/html.js';
import { getCourseSummaries } from '../catalog/index.js';
import { resolveAudience } from './audience.js';
import * as q from './queries.js';
import type { BroadcastRow } from './queries.js';
import { composeFor } from './compose.js';

export interface BroadcastDeps {
  db: Database;
  queue: JobQueue;
  config: Config;
  mailer: Mailer;
  log?: FastifyBaseLogger | undefined;
}

export const BROADCAST_START_JOB = 'broadcast.start';
export const BROADCAST_BATCH_JOB = 'broadcast.batch';

const emptyCounts: BroadcastCounts = { recipients: 0, queued: 0, sent: 0, failed: 0, unsubscribed: 0 };

async function countsOf(db: Db, ids: number[]): Promise<Map<number, BroadcastCounts>> {
  const rows = await q.selectCounts(db, ids);
  return new Map(rows.map(({ broadcastId, ...counts }) => [broadcastId, counts]));
}

async function toAdmin(db: Db, rows: BroadcastRow[]): Promise<AdminBroadcast[]> {
  const [counts, courses] = await Promise.all([
    countsOf(
      db,
      rows.map((r) => r.id),
    ),
    getCourseSummaries(
      db,
      rows.flatMap((r) => (r.courseId ? [r.courseId] : [])),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    subject: r.subject,
    audience: r.audience,
    course_id: r.courseId,
    course_title: r.courseId ? (courses.get(r.courseId)?.title ?? null) : null,
    status: r.status,
    scheduled_at: r.scheduledAt?.toISOString() ?? null,
    started_at: r.startedAt?.toISOString() ?? null,
    finished_at: r.finishedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    counts: counts.get(r.id) ?? emptyCounts,
  }));
}

async function toDetail(db: Db, row: BroadcastRow): Promise<AdminBroadcastDetail> {
  const [broadcast] = await toAdmin(db, [row]);
  return { ...broadcast!, html: row.html, text: row.text };
}

export async function listBroadcasts(db: Db, query: BroadcastQuery, window: { limit: number; offset: number }): Promise<Page<AdminBroadcast>> {
  const rows = await q.selectBroadcastsPage(db, { status: query.status, ...window });
  return {
    count: rows[0]?.total ?? 0,
    page: query.page,
    page_size: query.page_size,
    results: await toAdmin(
      db,
      rows.map((r) => r.broadcast),
    ),
  };
}

async function found(db: Db, id: number, lock = false): Promise<BroadcastRow> {
  const row = await q.selectBroadcast(db, id, lock);
  if (!row) throw AppError.notFound(broadcastMessages.notFound);
  return row;
}

export async function getBroadcast(db: Db, id: number): Promise<AdminBroadcastDetail> {
  return toDetail(db, await found(db, id));
}

/** The stored HTML (sanitised) and its plain-text part; an email with no words left after sanitising is refused. */
function content(html: string): { html: string; text: string } {
  const clean = sanitizeRichText(html);
  const text = htmlToText(clean);
  if (!text.trim()) throw AppError.fields({ html: [broadcastMessages.bodyRequired] });
  return { html: clean, text };
}

async function assertCourse(db: Db, audience: BroadcastAudience, courseId: number | null): Promise<void> {
  if (!needsCourse(audience)) return;
  if (courseId === null) throw AppError.fields({ course_id: [broadcastMessages.courseRequired] });
  if (!(await getCourseSummaries(db, [courseId])).has(courseId)) throw AppError.fields({ course_id: [broadcastMessages.unknownCourse] });
}

export async function createBroadcast(tx: Tx, body: BroadcastBody, createdBy: number | null): Promise<AdminBroadcastDetail> {
  await assertCourse(tx, body.audience, body.course_id);
  const row = await q.insertBroadcast(tx, { subject: body.subject, ...content(body.html), audience: body.audience, courseId: body.course_id, createdBy });
  return toDetail(tx, row);
}

/** Edits a draft or a scheduled broadcast (only the fields sent); one being sent or sent is 409. */
export async function updateBroadcast(tx: Tx, id: number, patch: BroadcastPatch): Promise<{ before: AdminBroadcastDetail; after: AdminBroadcastDetail }> {
  const row = await found(tx, id, true);
  if (row.status !== 'draft' && row.status !== 'scheduled') throw new AppError('conflict', broadcastMessages.notEditable);
  const audience = patch.audience ?? row.audience;
  // A new audience takes its course with it (the schema asks for one with a course audience); otherwise the course may change alone.
  const courseId = patch.audience !== undefined ? (patch.course_id ?? null) : patch.course_id !== undefined ? patch.course_id : row.courseId;
  if (!needsCourse(audience) && courseId !== null) throw AppError.fields({ course_id: [broadcastMessages.courseNotNeeded] });
  await assertCourse(tx, audience, courseId);
  const before = await toDetail(tx, row);
  const after = await q.updateBroadcastIf(tx, id, ['draft', 'scheduled'], {
    ...(patch.subject !== undefined ? { subject: patch.subject } : {}),
    ...(patch.html !== undefined ? content(patch.html) : {}),
    audience,
    courseId,
  });
  return { before, after: await toDetail(tx, after!) };
}

/** Deletes a draft or a scheduled broadcast (its start job then finds nothing); one being sent or sent is 409. */
export async function deleteBroadcast(tx: Tx, id: number): Promise<AdminBroadcastDetail> {
  const row = await found(tx, id, true);
  const before = await toDetail(tx, row);
  if (!(await q.deleteBroadcastIf(tx, id, ['draft', 'scheduled']))) throw new AppError('conflict', broadcastMessages.notEditable);
  return before;
}

/** How many an audience reaches if sent now, and how many of it unsubscribed. */
export async function audienceCount(db: Db, audience: BroadcastAudience, courseId: number | null): Promise<AudienceCount> {
  await assertCourse(db, audience, courseId);
  const { recipients, unsubscribed } = await resolveAudience(db, audience, courseId);
  return { count: recipients.length, unsubscribed };
}

/**
 * Fixes the recipients (the audience as it is now) and hands the first batch to the job queue, in
 * the caller's transaction. Undefined when the audience is empty (nothing changes).
 */
export async function startSending(deps: BroadcastDeps, tx: Tx, row: BroadcastRow): Promise<BroadcastRow | undefined> {
  const { recipients } = await resolveAudience(tx, row.audience, row.courseId);
  if (!recipients.length) return undefined;
  await q.insertRecipients(tx, row.id, recipients);
  const started = await q.updateBroadcastIf(tx, row.id, ['draft', 'scheduled'], { status: 'sending', startedAt: new Date(), batchSeq: 0 });
  if (!started) return undefined;
  await deps.queue.enqueue(BROADCAST_BATCH_JOB, { id: row.id, seq: 0 }, { tx });
  return started;
}

/**
 * Sends a draft (or a scheduled broadcast) now, or schedules it for `at`. A broadcast being sent or
 * sent is 409 (a second click sends nobody twice); an empty audience now is 409 and changes nothing.
 */
export async function sendBroadcast(
  deps: BroadcastDeps,
  tx: Tx,
  id: number,
  at: Date | undefined,
): Promise<{ before: AdminBroadcastDetail; after: AdminBroadcastDetail }> {
  const row = await found(tx, id, true);
  if (row.status !== 'draft' && row.status !== 'scheduled') throw new AppError('conflict', broadcastMessages.notSendable);
  await assertCourse(tx, row.audience, row.courseId);
  const before = await toDetail(tx, row);
  let after: BroadcastRow | undefined;
  if (at) {
    after = await q.updateBroadcastIf(tx, id, ['draft', 'scheduled'], { status: 'scheduled', scheduledAt: at });
    await deps.queue.enqueue(BROADCAST_START_JOB, { id, at: at.toISOString() }, { tx, delayMs: Math.max(0, at.getTime() - Date.now()) });
  } else {
    after = await startSending(deps, tx, row);
    if (!after) throw new AppError('conflict', broadcastMessages.nobody);
  }
  return { before, after: await toDetail(tx, after!) };
}

/** A scheduled broadcast back to a draft (its start job then finds it unscheduled). */
export async function unscheduleBroadcast(tx: Tx, id: number): Promise<{ before: AdminBroadcastDetail; after: AdminBroadcastDetail }> {
  const row = await found(tx, id, true);
  if (row.status !== 'scheduled') throw new AppError('conflict', broadcastMessages.notSendable);
  const before = await toDetail(tx, row);
  const after = await q.updateBroadcastIf(tx, id, ['scheduled'], { status: 'draft', scheduledAt: null });
  return { before, after: await toDetail(tx, after!) };
}

/** The broadcast as a recipient gets it, sent to the instructor only ('[Test]' before its subject). */
export async function sendTestBroadcast(deps: BroadcastDeps, id: number, to: { userId: number; email: string }): Promise<{ to: string }> {
  const row = await found(deps.db, id);
  const message = (await composeFor(deps, row))({ userId: to.userId, email: to.email });
  try {
    await deps.mailer.send({ ...message, subject: `[Test] ${message.subject}` });
  } catch (error) {
    deps.log?.warn({ err: error }, 'broadcast test email failed');
    throw new AppError('unavailable', 'The test email could not be sent: check the mail settings (SMTP_URL) and try again.');
  }
  return { to: to.email };
}

export async function listBroadcastRecipients(
  db: Db,
  id: number,
  query: RecipientQuery,
  window: { limit: number; offset: number },
): Promise<Page<BroadcastRecipient>> {
  await found(db, id);
  const rows = await q.selectRecipientsPage(db, { broadcastId: id, status: query.status, search: query.search, ...window });
  return {
    count: rows[0]?.total ?? 0,
    page: query.page,
    page_size: query.page_size,
    results: rows.map(({ recipient: r }) => ({
      id: r.id,
      user_id: r.userId,
      email: r.email,
      full_name: r.fullName,
      status: r.status,
      sent_at: r.sentAt?.toISOString() ?? null,
      error: r.error,
      unsubscribed_at: r.unsubscribedAt?.toISOString() ?? null,
    })),
  };
}
