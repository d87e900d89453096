import type { Db } from '../../db/client.js';
import type { Viewer } from '../../http/auth.js';
import { enrolmentsOf, enrolmentWithProgress, type EnrolmentFacts } from '../enrolments/index.js';
import { currentMembers } from '../memberships/index.js';

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

const toAccess = (courseId: number, facts: AccessFacts): CourseAccess => {
  const reason = decideAccess(facts);
  return { courseId, reason, full: reason !== 'none', enrolment: facts.enrolment };
};

const NO_ACCESS = (courseId: number): CourseAccess => ({ courseId, reason: 'none', full: false, enrolment: null });

/** What the viewer (or a visitor, undefined) may open in each course: two queries whatever the number of courses. */
export async function accessToCourses(db: Db, viewer: Viewer | undefined, courseIds: number[], now: Date = new Date()): Promise<Map<number, CourseAccess>> {
  if (!viewer) return new Map(courseIds.map((id) => [id, NO_ACCESS(id)]));
  const [enrolments, members] = await Promise.all([enrolmentsOf(db, viewer.userId, courseIds), currentMembers(db, [viewer.userId], now)]);
  const member = members.has(viewer.userId);
  return new Map(courseIds.map((id) => [id, toAccess(id, { isAdmin: viewer.isAdmin, enrolment: enrolments.get(id) ?? null, member })]));
}

export async function accessTo(db: Db, viewer: Viewer | undefined, courseId: number, now: Date = new Date()): Promise<CourseAccess> {
  return (await accessToCourses(db, viewer, [courseId], now)).get(courseId)!;
}

/**
 * The course page's read: what the viewer may open and the lessons they completed (their progress
 * lives in the enrolment), in two queries. A visitor costs none.
 */
export async function accessWithProgress(
  db: Db,
  viewer: Viewer | undefined,
  courseId: number,
  now: Date = new Date(),
): Promise<{ access: CourseAccess; completed: Set<number> }> {
  if (!viewer) return { access: NO_ACCESS(courseId), completed: new Set() };
  const [{ enrolment, completed }, members] = await Promise.all([enrolmentWithProgress(db, viewer.userId, courseId), currentMembers(db, [viewer.userId], now)]);
  return { access: toAccess(courseId, { isAdmin: viewer.isAdmin, enrolment, member: members.has(viewer.userId) }), completed };
}

/** A preview lesson opens for everyone; any other lesson needs full access to its course. */
export function canOpenLesson(access: CourseAccess, lesson: { enablePreview: boolean }): boolean {
  return lesson.enablePreview || access.full;
}
