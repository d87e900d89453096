// The enrolments module's public surface (facts layer: who is enrolled in which course, how, and the
// lessons they completed there): the only file other modules may import.
export {
  activeEnrolment,
  activeEnrolmentCounts,
  clearProgress,
  completedLessonCount,
  completedLessonIds,
  courseEnrolments,
  enrol,
  enrolledCount,
  enrolledStudents,
  enrolmentsOf,
  enrolmentSources,
  enrolmentSummary,
  enrolmentsWithProgress,
  enrolmentWithProgress,
  markLessonCompleted,
  ownedCourseIds,
  revokeEnrolmentById,
  revokeOrderEnrolments,
  setEnrolmentStatus,
  unmarkLessonCompleted,
  type ActiveEnrolment,
  type EnrolmentFacts,
  type EnrolmentSource,
  type EnrolmentStatus,
} from './service.js';
export { firstQuizAttempts, hasPassedQuiz, quizAttemptsAt, quizAttemptsOfUser, quizAttemptsUsed, recordQuizAttempt } from './quizzes.js';
