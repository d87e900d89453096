import type { OverviewQuery } from '../../../shared/analytics';

export const PRESETS = [7, 30, 90] as const;
const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The last `days` whole UTC days, today included (the server counts in UTC days too). */
export function lastDays(days: number, now: number = Date.now()): Required<OverviewQuery> {
  return { from: isoDay(now - (days - 1) * DAY_MS), to: isoDay(now) };
}

/** Which preset a range is, if any. */
export function presetOf(range: OverviewQuery, now: number = Date.now()): number | undefined {
  return PRESETS.find((days) => {
    const preset = lastDays(days, now);
    return preset.from === range.from && preset.to === range.to;
  });
}

/** '1 Mar – 31 Mar 2025' */
export function rangeLabel(from: string, to: string): string {
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const year = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return from === to ? year.format(new Date(from)) : `${day.format(new Date(from))} – ${year.format(new Date(to))}`;
}
