// The catalog module's public surface: the only file other modules may import.
export { catalogRoutes } from './routes.js';
export {
  getCourseMeta,
  getInstructorEmail,
  getPlanForPurchase,
  listCourses,
  listPlanNames,
  listSitemapCourses,
  resourceLinkPurpose,
  type PlanForPurchase,
} from './service.js';
export {
  createCategory,
  createCourse,
  createLesson,
  createSection,
  currentSlugFor,
  deleteLesson,
  deleteSection,
  getStudioCourse,
  listCategories,
  listStudioCourses,
  renameSection,
  reorderCurriculum,
  setCoursePrices,
  slugOfCourse,
  transitionCourse,
  updateCourse,
  updateLesson,
  type Change,
  type CourseTransition,
} from './studio.js';
export { getCourseDetail } from './service.js';
