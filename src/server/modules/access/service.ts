import type { Db } from '../../db/client.js';
import type { Viewer } from '../../http/auth.js';
import { courseEnrolments, enrolmentsOf, enrolmentWithProgress, type EnrolmentFacts } from '../enrolments/index.js';
import {
  currentMembers,
  currentMembershipStarts,
  liveMembershipStates,
  membershipsChangeAt,
  membershipStartsAt,
  type LiveMembershipState,
} from '../memberships/index.js';
import { lessonsOpenedEarly } from '../unlocks/index.js';
import { accessBegan, releaseDate, type Release, type ScheduledLesson } from './release.js';

/**
 * Why the viewer may open every lesson of a course:
 * - 'enrolled': bought it, enrolled in it for free, or was granted it;
 * - 'membership': holds a current membership;
 * - 'admin': the instructor;
 * - 'none': only the preview lessons.
 */
export type AccessReason = 'enrolled' | 'membership' | 'admin' | 'none';

export interface CourseAccess {
  courseId: number;
  reason: AccessReason;
  /** Every lesson may be opened, not only the previews. */
  full: boolean;
  /**
   * The viewer's enrolment, where progress lives. It outlives access: a member whose membership
   * ended keeps it (and its progress) while the lessons lock again.
   */
  enrolment: EnrolmentFacts | null;
  /** Drip schedules: what they count from for this viewer, null when none applies (the instructor, no access). */
  release: Release | null;
}

export interface AccessFacts {
  isAdmin: boolean;
  enrolment: EnrolmentFacts | null;
  member: boolean;
}

/** The rule itself. An enrolment started through a membership counts only while the membership is current. */
export function decideAccess(facts: AccessFacts): AccessReason {
  if (facts.enrolment && facts.enrolment.source !== 'subscription') return 'enrolled';
  if (facts.member) return 'membership';
  if (facts.isAdmin) return 'admin';
  return 'none';
}

/** The facts drip schedules count from, beside the access facts. */
export interface DripFacts {
  /** The current membership's start (null when not a member). */
  memberSince: Date | null;
  openedEarly: ReadonlySet<number>;
}

/**
 * What the course's drip schedules count from: the start of the access that opens it (decideAccess's
 * reason). None for the instructor, who sees every lesson, nor for a viewer without access.
 */
export function releaseFor(reason: AccessReason, facts: AccessFacts, drip: DripFacts): Release | null {
  if (facts.isAdmin || reason === 'none' || reason === 'admin') return null;
  const began = accessBegan({
    enrolledAt: facts.enrolment && facts.enrolment.source !== 'subscription' ? facts.enrolment.enrolledAt : null,
    memberSince: facts.member ? drip.memberSince : null,
    openedEarly: drip.openedEarly,
  });
  return began ? { accessBegan: began, openedEarly: drip.openedEarly } : null;
}

export function toAccess(courseId: number, facts: AccessFacts, drip: DripFacts): CourseAccess {
  const reason = decideAccess(facts);
  return { courseId, reason, full: reason !== 'none', enrolment: facts.enrolment, release: releaseFor(reason, facts, drip) };
}

const NO_ACCESS = (courseId: number): CourseAccess => ({ courseId, reason: 'none', full: false, enrolment: null, release: null });

/**
 * The viewer's membership start and early opens: one query each. No early opens are read for the
 * instructor (no schedule applies) nor for a course without any schedule (`scheduled: false`).
 */
async function dripFactsOf(db: Db, viewer: Viewer, now: Date, scheduled = true): Promise<{ member: boolean; drip: DripFacts }> {
  const [starts, openedEarly] = await Promise.all([
    currentMembershipStarts(db, [viewer.userId], now),
    viewer.isAdmin || !scheduled ? new Set<number>() : lessonsOpenedEarly(db, viewer.userId),
  ]);
  const memberSince = starts.get(viewer.userId) ?? null;
  return { member: memberSince !== null, drip: { memberSince, openedEarly } };
}

/** What the viewer (or a visitor, undefined) may open in each course: three queries whatever the number of courses. */
export async function accessToCourses(db: Db, viewer: Viewer | undefined, courseIds: number[], now: Date = new Date()): Promise<Map<number, CourseAccess>> {
  if (!viewer) return new Map(courseIds.map((id) => [id, NO_ACCESS(id)]));
  const [enrolments, { member, drip }] = await Promise.all([enrolmentsOf(db, viewer.userId, courseIds), dripFactsOf(db, viewer, now)]);
  return new Map(courseIds.map((id) => [id, toAccess(id, { isAdmin: viewer.isAdmin, enrolment: enrolments.get(id) ?? null, member }, drip)]));
}

export async function accessTo(db: Db, viewer: Viewer | undefined, courseId: number, now: Date = new Date()): Promise<CourseAccess> {
  return (await accessToCourses(db, viewer, [courseId], now)).get(courseId)!;
}

/**
 * What the course page decides on for one viewer: their enrolment and completed lessons, the
 * memberships that may be current and the lessons opened early. Facts, not the decision: they stay
 * true as time passes (a membership's end is decided at each read), so a cache may keep them until
 * one of them is written (userFactsChanged).
 */
export interface ViewerCourseFacts {
  enrolment: EnrolmentFacts | null;
  completed: ReadonlySet<number>;
  memberships: readonly LiveMembershipState[];
  openedEarly: ReadonlySet<number>;
}

/** Where a viewer cache keeps a course's ViewerCourseFacts: the course page and the lesson player's calls share them. */
export function courseFactsKey(courseId: number, scheduled = true): string {
  return `course-facts:${courseId}:${scheduled}`;
}

/** The viewer's facts for a course: three queries at once (no early opens are read when `scheduled` is false, or for the instructor). */
export async function viewerCourseFacts(db: Db, viewer: Viewer, courseId: number, scheduled = true): Promise<ViewerCourseFacts> {
  const [{ enrolment, completed }, memberships, openedEarly] = await Promise.all([
    enrolmentWithProgress(db, viewer.userId, courseId),
    liveMembershipStates(db, [viewer.userId]),
    viewer.isAdmin || !scheduled ? new Set<number>() : lessonsOpenedEarly(db, viewer.userId),
  ]);
  return { enrolment, completed, memberships, openedEarly };
}

/** decideAccess over the viewer's facts at `now`. */
export function accessFromFacts(viewer: Viewer, courseId: number, facts: ViewerCourseFacts, now: Date): CourseAccess {
  const memberSince = membershipStartsAt(facts.memberships, now).get(viewer.userId) ?? null;
  return toAccess(
    courseId,
    { isAdmin: viewer.isAdmin, enrolment: facts.enrolment, member: memberSince !== null },
    { memberSince, openedEarly: facts.openedEarly },
  );
}

/**
 * The first instant after `now` at which accessFromFacts over the same facts may answer otherwise
 * (a membership stops being current); Infinity when only a write can change it. Drip dates are
 * each lesson's own (lessonState's availableAt).
 */
export function accessChangesAt(facts: ViewerCourseFacts, now: Date): number {
  return membershipsChangeAt(facts.memberships, now);
}

/**
 * The course page's read: what the viewer may open and the lessons they completed (their progress
 * lives in the enrolment), in three queries at once (viewerCourseFacts), none when `facts` answers
 * from a cache. A visitor costs none. `changesAt`: when the answer may change with time alone (accessChangesAt).
 */
export async function accessWithProgress(
  db: Db,
  viewer: Viewer | undefined,
  courseId: number,
  options: { now?: Date; scheduled?: boolean; facts?: (load: () => Promise<ViewerCourseFacts>) => Promise<ViewerCourseFacts> } = {},
): Promise<{ access: CourseAccess; completed: ReadonlySet<number>; changesAt: number }> {
  if (!viewer) return { access: NO_ACCESS(courseId), completed: new Set(), changesAt: Infinity };
  const load = () => viewerCourseFacts(db, viewer, courseId, options.scheduled ?? true);
  const facts = await (options.facts ? options.facts(load) : load());
  const now = options.now ?? new Date();
  return { access: accessFromFacts(viewer, courseId, facts, now), completed: facts.completed, changesAt: accessChangesAt(facts, now) };
}

/**
 * The students of a course: everyone enrolled whom decideAccess lets open it now (a membership's
 * enrolment only while that membership is current), with whether they completed it. The
 * instructor is not a student. Two queries.
 */
export async function courseStudents(db: Db, courseId: number, now: Date = new Date()): Promise<{ userId: number; completed: boolean }[]> {
  const rows = await courseEnrolments(db, courseId);
  const members = await currentMembers(
    db,
    rows.filter((r) => r.source === 'subscription').map((r) => r.userId),
    now,
  );
  return rows
    .filter(
      (r) =>
        decideAccess({ isAdmin: false, enrolment: { id: 0, courseId, status: r.status, source: r.source, enrolledAt: now }, member: members.has(r.userId) }) !==
        'none',
    )
    .map((r) => ({ userId: r.userId, completed: r.status === 'completed' }));
}

/** Whether the viewer may open a lesson now and, when a drip schedule holds it back, from when. */
export type LessonState = { open: true; availableAt: null } | { open: false; availableAt: Date | null };

const OPEN: LessonState = { open: true, availableAt: null };

/**
 * A preview lesson opens for everyone; any other lesson needs full access to its course, and then
 * waits for its drip schedule (release.ts) unless the instructor opened it early for this viewer.
 */
export function lessonState(access: CourseAccess, lesson: ScheduledLesson, now: Date = new Date()): LessonState {
  if (lesson.enablePreview) return OPEN;
  if (!access.full) return { open: false, availableAt: null };
  if (!access.release || access.release.openedEarly.has(lesson.id)) return OPEN;
  const at = releaseDate(lesson, access.release.accessBegan);
  return at && at > now ? { open: false, availableAt: at } : OPEN;
}

export function canOpenLesson(access: CourseAccess, lesson: ScheduledLesson, now: Date = new Date()): boolean {
  return lessonState(access, lesson, now).open;
}
