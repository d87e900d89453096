// The learning module's public surface: the only file other modules may import.
export { answerQuestion, coursesWithLearnerActivity } from './service.js';
export { enrolByHand, questionInbox, quizStats, revokeEnrolment, studentLearning, type StudentLearning } from './studio.js';
export { registerDripJobs, scheduleDripSweep } from './drip-emails.js';
