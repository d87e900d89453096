// The storefront module's public surface (features layer: the course page with the viewer's access,
// progress and the enrolment count): the only file other modules may import.
export { getCourseDetail, type CourseDetailRecord } from './service.js';
export { courseDetailView } from './serialise.js';
