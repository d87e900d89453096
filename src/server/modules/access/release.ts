/**
 * Drip schedules as plain data: when a lesson opens for a viewer. A lesson and its section may
 * each have a schedule (a number of days after the viewer's access began, or a fixed date, opening
 * at 00:00 UTC); the later of the two wins, so a section's schedule holds back all its lessons.
 * The instructor opens a lesson early for one student; previews are never held back.
 */

/** A schedule as stored on a lesson or a section; neither field set means no wait. */
export interface Schedule {
  availableAfterDays: number | null;
  /** 'YYYY-MM-DD' */
  availableFrom: string | null;
}

/** A lesson as the decision needs it: its own schedule and its section's. */
export interface ScheduledLesson {
  id: number;
  enablePreview: boolean;
  schedules: readonly Schedule[];
}

/** What the schedules count from for one viewer of one course; absent when none applies (the instructor). */
export interface Release {
  accessBegan: Date;
  /** Lessons the instructor opened early for this viewer. */
  openedEarly: ReadonlySet<number>;
}

/** The facts the start of access is read from. */
export interface ReleaseFacts {
  /** The viewer's enrolment in the course, when it counts towards access (not one a lapsed membership started). */
  enrolledAt: Date | null;
  /** The current membership's start, when the viewer is a current member. */
  memberSince: Date | null;
  openedEarly: ReadonlySet<number>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When one schedule opens, counted from `accessBegan`; null when it has no wait. */
export function scheduleOpensAt(schedule: Schedule, accessBegan: Date): Date | null {
  if (schedule.availableFrom) return new Date(`${schedule.availableFrom}T00:00:00Z`);
  if (schedule.availableAfterDays) return new Date(accessBegan.getTime() + schedule.availableAfterDays * DAY_MS);
  return null;
}

/** When the lesson's schedules (its own and its section's) open it: the later one; null when none holds it back. */
export function releaseDate(lesson: ScheduledLesson, accessBegan: Date): Date | null {
  let latest: Date | null = null;
  for (const schedule of lesson.schedules) {
    const at = scheduleOpensAt(schedule, accessBegan);
    if (at && (!latest || at > latest)) latest = at;
  }
  return latest;
}

/**
 * When access began: the enrolment (a purchase, a free enrolment, a grant) or the membership's
 * start, the earlier of the two when both count. Null when neither does.
 */
export function accessBegan(facts: ReleaseFacts): Date | null {
  const dates = [facts.enrolledAt, facts.memberSince].filter((d): d is Date => d !== null);
  if (!dates.length) return null;
  return new Date(Math.min(...dates.map((d) => d.getTime())));
}
