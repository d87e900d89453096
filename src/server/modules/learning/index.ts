// The learning module's public surface: the only file other modules may import.
export { enrol, ownedCourseIds, revokeOrderEnrolments } from './enrolments.js';
export { learningRoutes } from './routes.js';
