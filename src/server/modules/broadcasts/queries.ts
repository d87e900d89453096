import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { broadcastRecipients, broadcasts, emailPreferences } from '../../db/schema/index.js';

export type BroadcastRow = typeof broadcasts.$inferSelect;
export type NewBroadcast = typeof broadcasts.$inferInsert;
export type RecipientRow = typeof broadcastRecipients.$inferSelect;
type Status = BroadcastRow['status'];

// ---------------------------------------------------------------- broadcasts

export async function insertBroadcast(db: Db, values: NewBroadcast): Promise<BroadcastRow> {
  const [row] = await db.insert(broadcasts).values(values).returning();
  return row!;
}

/** One broadcast; `lock` holds its row for the caller's transaction. */
export async function selectBroadcast(db: Db, id: number, lock = false): Promise<BroadcastRow | undefined> {
  const query = db.select().from(broadcasts).where(eq(broadcasts.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Changes a broadcast only while its status is one of `from`: the row after, or undefined when it had moved on. */
export async function updateBroadcastIf(db: Db, id: number, from: Status[], values: Partial<NewBroadcast>): Promise<BroadcastRow | undefined> {
  const [row] = await db
    .update(broadcasts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(broadcasts.id, id), inArray(broadcasts.status, from)))
    .returning();
  return row;
}

export async function deleteBroadcastIf(db: Db, id: number, from: Status[]): Promise<BroadcastRow | undefined> {
  const [row] = await db
    .delete(broadcasts)
    .where(and(eq(broadcasts.id, id), inArray(broadcasts.status, from)))
    .returning();
  return row;
}

export function selectBroadcastsPage(db: Db, filter: { status?: Status | undefined; limit: number; offset: number }) {
  return db
    .select({ broadcast: broadcasts, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(broadcasts)
    .where(filter.status ? eq(broadcasts.status, filter.status) : undefined)
    .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

/** Per broadcast: its recipients by status, and how many unsubscribed (skipped, or through its link). One query. */
export async function selectCounts(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const r = broadcastRecipients;
  return db
    .select({
      broadcastId: r.broadcastId,
      recipients: sql<number>`count(*)`.mapWith(Number),
      queued: sql<number>`count(*) filter (where ${r.status} in ('queued', 'sending'))`.mapWith(Number),
      sent: sql<number>`count(*) filter (where ${r.status} = 'sent')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${r.status} = 'failed')`.mapWith(Number),
      unsubscribed: sql<number>`count(*) filter (where ${r.status} = 'unsubscribed' or ${r.unsubscribedAt} is not null)`.mapWith(Number),
    })
    .from(r)
    .where(inArray(r.broadcastId, ids))
    .groupBy(r.broadcastId);
}

/** Lets batch `seq` hand over to the next one: only one of two duplicates of a batch job gets to. */
export async function advanceBatch(tx: Tx, id: number, seq: number): Promise<boolean> {
  const rows = await tx
    .update(broadcasts)
    .set({ batchSeq: seq + 1 })
    .where(and(eq(broadcasts.id, id), eq(broadcasts.batchSeq, seq), eq(broadcasts.status, 'sending')))
    .returning({ id: broadcasts.id });
  return rows.length > 0;
}

/** Marks a sending broadcast sent once no recipient waits or is being sent. */
export async function finishIfDone(db: Db, id: number): Promise<boolean> {
  const r = broadcastRecipients;
  const rows = await db
    .update(broadcasts)
    .set({ status: 'sent', finishedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(broadcasts.id, id),
        eq(broadcasts.status, 'sending'),
        sql`not exists (select 1 from ${r} where ${r.broadcastId} = ${id} and ${r.status} in ('queued', 'sending'))`,
      ),
    )
    .returning({ id: broadcasts.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- recipients

export async function insertRecipients(tx: Tx, broadcastId: number, people: { userId: number; email: string; fullName: string }[]): Promise<void> {
  for (let i = 0; i < people.length; i += 1000) {
    const chunk = people.slice(i, i + 1000).map((p) => ({ broadcastId, userId: p.userId, email: p.email, fullName: p.fullName }));
    await tx.insert(broadcastRecipients).values(chunk).onConflictDoNothing();
  }
}

const offBroadcasts = sql`select ${emailPreferences.userId} from ${emailPreferences} where ${emailPreferences.broadcastsOffAt} is not null`;

/** Recipients still waiting who have unsubscribed since: skipped, never sent. */
export async function skipUnsubscribed(db: Db, broadcastId: number): Promise<void> {
  const r = broadcastRecipients;
  await db
    .update(r)
    .set({ status: 'unsubscribed' })
    .where(and(eq(r.broadcastId, broadcastId), eq(r.status, 'queued'), sql`${r.userId} in (${offBroadcasts})`));
}

/**
 * Takes the next waiting recipient (queued, due, still subscribed) for this worker: queued →
 * sending in one statement, rows another worker holds skipped. A row is taken once.
 */
export async function claimRecipient(db: Db, broadcastId: number) {
  const r = broadcastRecipients;
  const [row] = await db
    .update(r)
    .set({ status: 'sending', claimedAt: sql`now()`, attempts: sql`${r.attempts} + 1` })
    .where(
      sql`${r.id} = (
        select id from ${r}
        where ${r.broadcastId} = ${broadcastId} and ${r.status} = 'queued'
          and (${r.retryAt} is null or ${r.retryAt} <= now())
          and (${r.userId} is null or ${r.userId} not in (${offBroadcasts}))
        order by ${r.id} limit 1
        for update skip locked
      ) and ${r.status} = 'queued'`,
    )
    .returning({ id: r.id, userId: r.userId, email: r.email, fullName: r.fullName, attempts: r.attempts });
  return row;
}

export async function markSent(db: Db, id: number): Promise<void> {
  const r = broadcastRecipients;
  await db
    .update(r)
    .set({ status: 'sent', sentAt: new Date(), error: null })
    .where(and(eq(r.id, id), eq(r.status, 'sending')));
}

/** A failed attempt: queued again for `retryAt`, or failed for good (retryAt null). */
export async function markAttemptFailed(db: Db, id: number, error: string, retryAt: Date | null): Promise<void> {
  const r = broadcastRecipients;
  await db
    .update(r)
    .set(retryAt ? { status: 'queued', retryAt, error } : { status: 'failed', error })
    .where(and(eq(r.id, id), eq(r.status, 'sending')));
}

/**
 * Recipients taken by a worker that stopped mid-send (a crash, a restart) long enough ago: whether
 * their email left is unknown, so they are failed, never sent again (nobody gets two).
 */
export async function failInterrupted(db: Db, broadcastId: number, olderThanMs: number, error: string): Promise<number> {
  const r = broadcastRecipients;
  const rows = await db
    .update(r)
    .set({ status: 'failed', error })
    .where(and(eq(r.broadcastId, broadcastId), eq(r.status, 'sending'), sql`${r.claimedAt} < now() - ${olderThanMs} * interval '1 millisecond'`))
    .returning({ id: r.id });
  return rows.length;
}

/** Recipients taken in the last minute, every broadcast together: what the sending rate counts. */
export async function claimsInLastMinute(db: Db): Promise<number> {
  const r = broadcastRecipients;
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(r)
    .where(sql`${r.claimedAt} > now() - interval '1 minute'`);
  return row?.n ?? 0;
}

/** What is left of a broadcast: waiting (queued) and being sent now. */
export async function selectRemaining(db: Db, broadcastId: number): Promise<{ queued: number; sending: number }> {
  const r = broadcastRecipients;
  const [row] = await db
    .select({
      queued: sql<number>`count(*) filter (where ${r.status} = 'queued')`.mapWith(Number),
      sending: sql<number>`count(*) filter (where ${r.status} = 'sending')`.mapWith(Number),
    })
    .from(r)
    .where(and(eq(r.broadcastId, broadcastId), inArray(r.status, ['queued', 'sending'])));
  return { queued: row?.queued ?? 0, sending: row?.sending ?? 0 };
}

export function selectRecipientsPage(
  db: Db,
  filter: { broadcastId: number; status?: RecipientRow['status'] | undefined; search?: string | undefined; limit: number; offset: number },
) {
  const r = broadcastRecipients;
  const pattern = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .select({ recipient: r, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(r)
    .where(
      and(
        eq(r.broadcastId, filter.broadcastId),
        filter.status === 'queued' ? inArray(r.status, ['queued', 'sending']) : filter.status ? eq(r.status, filter.status) : undefined,
        pattern ? or(ilike(r.email, pattern), ilike(r.fullName, pattern)) : undefined,
      ),
    )
    .orderBy(asc(r.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

/** They unsubscribed through this broadcast's link (once: the first time counts). */
export async function markRecipientUnsubscribed(db: Db, broadcastId: number, userId: number): Promise<void> {
  const r = broadcastRecipients;
  await db
    .update(r)
    .set({ unsubscribedAt: new Date() })
    .where(and(eq(r.broadcastId, broadcastId), eq(r.userId, userId), isNull(r.unsubscribedAt)));
}

// ---------------------------------------------------------------- preferences

export async function selectBroadcastsOff(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db.select({ off: emailPreferences.broadcastsOffAt }).from(emailPreferences).where(eq(emailPreferences.userId, userId)).limit(1);
  return row?.off ?? null;
}

/** Turns broadcasts off (keeping when they were first turned off) or back on. */
export async function setBroadcastsOff(db: Db, userId: number, off: boolean): Promise<void> {
  const now = new Date();
  await db
    .insert(emailPreferences)
    .values({ userId, broadcastsOffAt: off ? now : null, updatedAt: now })
    .onConflictDoUpdate({
      target: emailPreferences.userId,
      set: { broadcastsOffAt: off ? sql`coalesce(${emailPreferences.broadcastsOffAt}, ${now.toISOString()}::timestamptz)` : null, updatedAt: now },
    });
}

/** Everyone who turned broadcasts off. */
export async function selectUnsubscribedUserIds(db: Db): Promise<Set<number>> {
  const rows = await db.select({ userId: emailPreferences.userId }).from(emailPreferences).where(isNotNull(emailPreferences.broadcastsOffAt));
  return new Set(rows.map((r) => r.userId));
}
