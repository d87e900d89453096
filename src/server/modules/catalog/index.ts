// The catalog module's public surface: the only file other modules may import.
export { catalogRoutes } from './routes.js';
export { getCourseMeta, getInstructorEmail, listCourses, listSitemapCourses, resourceLinkPurpose } from './service.js';
