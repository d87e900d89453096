import { broadcastMessages, sendBroadcastBodySchema } from '../../../shared/broadcasts';

const pad = (n: number) => String(n).padStart(2, '0');

/** A time as a datetime-local input holds it: the browser's own time zone, to the minute. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A datetime-local value (the browser's time zone) as the send body's `at`, checked with the
 * contract's schema (a valid time, in the future, within a year): the ISO time or the message.
 */
export function scheduleAt(local: string): { at: string } | { error: string } {
  const date = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local) ? new Date(local) : undefined;
  if (!date || Number.isNaN(date.getTime())) return { error: broadcastMessages.at };
  const at = date.toISOString();
  const parsed = sendBroadcastBodySchema.safeParse({ at });
  return parsed.success ? { at } : { error: parsed.error.issues[0]?.message ?? broadcastMessages.at };
}

/** The browser's time zone, to say which one a schedule is in ('Asia/Kolkata'). */
export function timeZoneName(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'your time zone';
  } catch {
    return 'your time zone';
  }
}
