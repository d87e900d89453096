/**
 * Who may open what: the only place that decides. Course detail, lesson content, lesson and course
 * completion, certificates, Q&A and resources all ask here.
 */
export {
  accessChangesAt,
  accessTo,
  accessToCourses,
  accessFromFacts,
  accessWithProgress,
  courseFactsKey,
  viewerCourseFacts,
  type ViewerCourseFacts,
  canOpenLesson,
  courseStudents,
  decideAccess,
  lessonState,
  toAccess,
  type AccessFacts,
  type DripFacts,
  type LessonState,
  type AccessReason,
  type CourseAccess,
} from './service.js';
/** Whether a paid order still opens its courses after its refunds (partial: yes; the last of what was paid: no). */
export { coursesStillOpened, purchaseStillOpens, type PurchaseOfCourse } from './purchase.js';
/** Whose a user's own thing is (orders, carts, certificates, memberships, a user's lists): one rule, one answer (404). */
export { isOwnedBy, ownedBy, type NotFound } from './ownership.js';
export { releaseDate, type Release, type Schedule, type ScheduledLesson } from './release.js';
