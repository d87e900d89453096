// The learning module's public surface: the only file other modules may import.
export {
  completedLessonIds,
  enrol,
  enrolledCount,
  enrolmentsOf,
  enrolmentWithProgress,
  ownedCourseIds,
  revokeOrderEnrolments,
  type EnrolmentFacts,
  type EnrolmentSource,
} from './enrolments.js';
export { activeEnrolmentCounts, answerQuestion } from './service.js';
export { enrolByHand, questionInbox, revokeEnrolment, studentLearning, type StudentLearning } from './studio.js';
