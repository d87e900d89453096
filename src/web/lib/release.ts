import type { Release } from '../../shared/admin';

/** The viewer's own languages (the browser's), for dates written their way; en-US where there is no browser. */
function viewerLocales(): string[] {
  const languages = typeof navigator === 'undefined' ? undefined : navigator.languages;
  return languages?.length ? [...languages] : ['en-US'];
}

function format(date: Date, options: Intl.DateTimeFormatOptions): string {
  try {
    return new Intl.DateTimeFormat(viewerLocales(), options).format(date);
  } catch {
    // A language tag the runtime cannot read: the site's own way.
    return new Intl.DateTimeFormat('en-US', options).format(date);
  }
}

/**
 * When a dripped lesson opens for the viewer ('Available on {date}'), in their locale and time zone:
 * 'Jan 5, 2026' in en-US, '5 Jan 2026' in en-GB, '5. Jan. 2026' in German. The date is the viewer's
 * own (course detail of a signed-in student, the studio), never in server-rendered HTML, so the
 * server's locale never has to agree with the browser's.
 */
export function formatAvailableOn(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return format(date, { day: 'numeric', month: 'short', year: 'numeric' });
}

/**
 * A drip schedule as the studio's curriculum shows it: 'Day 7' (days after the student's access
 * began) or 'From Jan 3' ('From 3 Jan' in en-GB; with the year when it is not this one), with a
 * sentence for screen readers and the tooltip. Null when the schedule holds nothing back.
 */
export function releaseSummary(release: Release, today: Date = new Date()): { label: string; description: string } | null {
  if (release.available_from) {
    const date = new Date(`${release.available_from}T00:00:00Z`);
    if (Number.isNaN(date.getTime())) return null;
    const thisYear = date.getUTCFullYear() === today.getUTCFullYear();
    const short = format(date, { day: 'numeric', month: 'short', ...(thisYear ? {} : { year: 'numeric' }), timeZone: 'UTC' });
    const long = format(date, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    return { label: `From ${short}`, description: `Opens on ${long} (00:00 UTC)` };
  }
  const days = release.available_after_days;
  if (days) return { label: `Day ${days}`, description: `Opens ${days} ${days === 1 ? 'day' : 'days'} after the student's access began` };
  return null;
}
