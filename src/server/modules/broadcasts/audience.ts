import type { BroadcastAudience } from '../../../shared/broadcasts.js';
import type { Db } from '../../db/client.js';
import { courseStudents } from '../access/index.js';
import { mailableUsers } from '../accounts/index.js';
import { membershipHolders } from '../memberships/index.js';
import * as q from './queries.js';

export interface Person {
  userId: number;
  email: string;
  fullName: string;
}

/**
 * Who an audience is, now: the one reading of each audience (the studio's labels in
 * src/shared/broadcasts.ts say the same). Only accounts a bulk email may go to (accounts'
 * mailableUsers: not blocked, verified or a buyer); never the studio's admins, who send
 * themselves a test. A course's students are those the access module lets open it (courseStudents),
 * members are whom isMembershipCurrent says (membershipHolders). Those who unsubscribed from
 * broadcasts are counted apart and never included.
 */
export async function resolveAudience(
  db: Db,
  audience: BroadcastAudience,
  courseId: number | null,
  now: Date = new Date(),
): Promise<{ recipients: Person[]; unsubscribed: number }> {
  const [people, off] = await Promise.all([mailableUsers(db), q.selectUnsubscribedUserIds(db)]);
  let inAudience: (user: (typeof people)[number]) => boolean;
  switch (audience) {
    case 'all':
      inAudience = () => true;
      break;
    case 'course_students':
    case 'course_unfinished': {
      const students = courseId === null ? [] : await courseStudents(db, courseId, now);
      const ids = new Set(students.filter((s) => audience === 'course_students' || !s.completed).map((s) => s.userId));
      inAudience = (user) => ids.has(user.id);
      break;
    }
    case 'members_active':
    case 'members_ended': {
      const holders = await membershipHolders(db, now);
      const ids = audience === 'members_active' ? holders.current : holders.former;
      inAudience = (user) => ids.has(user.id);
      break;
    }
    case 'free_learners': {
      const holders = await membershipHolders(db, now);
      inAudience = (user) => !user.hasPaid && !holders.current.has(user.id) && !holders.former.has(user.id);
      break;
    }
  }
  const recipients: Person[] = [];
  let unsubscribed = 0;
  for (const user of people) {
    if (user.isAdmin || !inAudience(user)) continue;
    if (off.has(user.id)) unsubscribed++;
    else recipients.push({ userId: user.id, email: user.email, fullName: user.fullName });
  }
  return { recipients, unsubscribed };
}

/** The footer's 'why you get this', per audience. */
export function audienceReason(audience: BroadcastAudience, courseTitle: string | null): string {
  switch (audience) {
    case 'course_students':
      return courseTitle ? `you are a student of ${courseTitle}` : 'you are a student';
    case 'course_unfinished':
      return courseTitle ? `you are taking ${courseTitle}` : 'you are taking a course';
    case 'members_active':
      return 'you are a member';
    case 'members_ended':
      return 'you were a member';
    default:
      return 'you have an account there';
  }
}
