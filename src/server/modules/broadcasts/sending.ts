/**
 * Sending a broadcast through the job queue. A scheduled one starts with BROADCAST_START_JOB at its
 * time; then batch jobs (BROADCAST_BATCH_JOB, one at a time per broadcast, numbered) each take up to
 * a batch of recipients and send them, keeping all broadcasts together under
 * BROADCAST_RATE_PER_MINUTE, and hand over to the next batch.
 *
 * Nobody gets two: a recipient row moves queued → sending in one conditional statement before its
 * email is sent (a second worker never takes it), and → sent after. A worker that stops between
 * the two (a crash, a restart) leaves the row 'sending': since whether that email left is unknown,
 * the next batch marks it failed ('interrupted') instead of sending it again. A batch job run twice
 * (the queue retries one whose worker died) finds the broadcast's batch number moved on and stops.
 */
import { z } from 'zod';
import * as q from './queries.js';
import { composeFor } from './compose.js';
import { BROADCAST_BATCH_JOB, BROADCAST_START_JOB, startSending, type BroadcastDeps } from './service.js';

/** Tries per recipient before they are marked failed, and the wait before each retry. */
export const MAX_ATTEMPTS = 3;
const retryDelayMs = (attempt: number) => attempt * 60_000;
/** A recipient taken this long ago and still 'sending' was left by a worker that stopped (the job queue's lock is as long). */
export const INTERRUPTED_AFTER_MS = 5 * 60_000;
export const INTERRUPTED_ERROR = 'Sending was interrupted (the server stopped): not sent again, so nobody gets it twice.';

/** A batch every ~10 s (a minute for tiny rates) of the recipients the rate allows in that time. */
export function batchPlan(ratePerMinute: number): { size: number; intervalMs: number } {
  const size = Math.max(1, Math.floor(ratePerMinute / 6));
  return { size, intervalMs: Math.ceil((60_000 * size) / ratePerMinute) };
}

async function startScheduled(deps: BroadcastDeps, id: number, at: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await q.selectBroadcast(tx, id, true);
    // Unscheduled, rescheduled, deleted or already sent: this job is not the one that starts it.
    if (!row || row.status !== 'scheduled' || row.scheduledAt?.toISOString() !== at) return;
    if (!(await startSending(deps, tx, row))) {
      const now = new Date();
      await q.updateBroadcastIf(tx, id, ['scheduled'], { status: 'sent', startedAt: now, finishedAt: now });
    }
  });
}

async function runBatch(deps: BroadcastDeps, id: number, seq: number): Promise<void> {
  const { db, config } = deps;
  const row = await q.selectBroadcast(db, id);
  if (!row || row.status !== 'sending' || row.batchSeq !== seq) return; // a duplicate of a batch that has handed over
  await q.failInterrupted(db, id, INTERRUPTED_AFTER_MS, INTERRUPTED_ERROR);
  await q.skipUnsubscribed(db, id);
  const plan = batchPlan(config.broadcastRatePerMinute);
  const budget = Math.min(plan.size, config.broadcastRatePerMinute - (await q.claimsInLastMinute(db)));
  if (budget > 0) {
    const messageFor = await composeFor(deps, row);
    for (let i = 0; i < budget; i++) {
      const recipient = await q.claimRecipient(db, id);
      if (!recipient) break;
      if (recipient.userId === null) {
        // The account was deleted since the broadcast started: nobody to write to (nor a link to unsubscribe with).
        await q.markAttemptFailed(db, recipient.id, 'The account was deleted before its turn.', null);
        continue;
      }
      try {
        await deps.mailer.send(messageFor({ userId: recipient.userId, email: recipient.email }));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        deps.log?.warn({ broadcast: id, recipient: recipient.id, attempt: recipient.attempts, err: message }, 'broadcast email failed');
        const retryAt = recipient.attempts < MAX_ATTEMPTS ? new Date(Date.now() + retryDelayMs(recipient.attempts)) : null;
        await q.markAttemptFailed(db, recipient.id, message.slice(0, 500), retryAt);
        continue;
      }
      await q.markSent(db, recipient.id);
    }
  }
  const left = await q.selectRemaining(db, id);
  if (!left.queued && !left.sending) {
    await q.finishIfDone(db, id);
    return;
  }
  await db.transaction(async (tx) => {
    if (await q.advanceBatch(tx, id, seq)) await deps.queue.enqueue(BROADCAST_BATCH_JOB, { id, seq: seq + 1 }, { tx, delayMs: plan.intervalMs });
  });
}

export function registerBroadcastJobs(deps: BroadcastDeps): void {
  deps.queue.register({
    name: BROADCAST_START_JOB,
    payload: z.object({ id: z.number().int(), at: z.string() }),
    handler: ({ id, at }) => startScheduled(deps, id, at),
  });
  deps.queue.register({
    name: BROADCAST_BATCH_JOB,
    payload: z.object({ id: z.number().int(), seq: z.number().int() }),
    handler: ({ id, seq }) => runBatch(deps, id, seq),
  });
}
