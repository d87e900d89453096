import { aiCourses } from './courses-ai.js';
import { djangoCourses } from './courses-django.js';
import { pythonCourses } from './courses-python.js';
import { webCourses } from './courses-web.js';
import type { CourseSpec } from './types.js';

export { bundles, type BundleSpec } from './bundles.js';
export { categories } from './categories.js';
export { coupons } from './coupons.js';
export { instructor } from './instructor.js';
export { plans } from './plans.js';
export { clientReviews } from './reviews.js';
export { demoReviewPool, demoStudents, type DemoReview } from './course-reviews.js';
export { roadmap } from './roadmap.js';
export type { CategorySlug, CourseSpec, LessonEntry, LessonSpec, ResourceRef, SectionSpec } from './types.js';

function bySlug(slug: string): CourseSpec {
  const course = [...pythonCourses, ...djangoCourses, ...aiCourses, ...webCourses].find((c) => c.slug === slug);
  if (!course) throw new Error(`Unknown demo course '${slug}'`);
  return course;
}

/** The 13 demo courses in display order (position 1..13): free courses first, then paid. */
export const demoCourses: CourseSpec[] = [
  'python-foundations',
  'django-for-beginners',
  'data-analysis-pandas',
  'html-css-fundamentals',
  'javascript-essentials',
  'intermediate-python',
  'django-rest-framework',
  'django-ecommerce',
  'machine-learning-scikit-learn',
  'build-ai-apps-llm',
  'react-django-fullstack',
  'deep-learning-pytorch',
  'advanced-django',
].map(bySlug);

/** Public path of a course's cover image under public/media. */
export function courseCover(slug: string): string {
  return `/media/courses/${slug}.svg`;
}
