/**
 * The demo catalog as the studio's 'Remove the demo content' sees it (rows marked is_demo by the
 * seed), the first-run checklist's catalog facts, and the home page's catalog figures. Which demo
 * course may go is decided above (modules/admin, which asks orders, enrolments, projects ...);
 * here are the rows, what still names them, and their deletion in the caller's transaction.
 */
import type { CourseState } from '../../../shared/admin.js';
import type { Db, Tx } from '../../db/client.js';
import * as q from './queries/demo.js';

export interface DemoCourse {
  id: number;
  title: string;
  /** A roadmap step of the instructor's own names it (it cannot go while it does). */
  onOwnRoadmap: boolean;
}

export interface DemoCatalog {
  courses: DemoCourse[];
  plans: { id: number; name: string }[];
  testimonials: { id: number; name: string }[];
  roadmapStepIds: number[];
}

/** The demo's courses, plans, testimonials and roadmap; `lock` holds the courses and plans until the caller's transaction ends. */
export async function demoCatalog(db: Db, options: { lock: boolean }): Promise<DemoCatalog> {
  const courses = await q.selectDemoCourses(db, options.lock);
  const plans = await q.selectDemoPlans(db, options.lock);
  const ownRoadmap = new Set(
    await q.selectOwnRoadmapCourseIds(
      db,
      courses.map((c) => c.id),
    ),
  );
  return {
    courses: courses.map((c) => ({ id: c.id, title: c.title, onOwnRoadmap: ownRoadmap.has(c.id) })),
    plans: plans.map((p) => ({ id: p.id, name: p.name })),
    testimonials: await q.selectDemoTestimonials(db),
    roadmapStepIds: (await q.selectDemoRoadmapSteps(db)).map((s) => s.id),
  };
}

export interface DemoPeople {
  /** Demo categories no course but the leaving ones names: they go too. */
  categories: { id: number; name: string }[];
  /** The placeholder instructor: deleted when only leaving courses name it, else made a blank profile in the admin's name. */
  instructor: { id: number; name: string; action: 'delete' | 'reset' } | null;
}

/** What follows from deleting the `leaving` courses: the demo categories and the placeholder instructor. */
export async function demoCategoriesAndInstructor(db: Db, leaving: number[]): Promise<DemoPeople> {
  const categories = (await q.selectDemoCategories(db, leaving)).filter((c) => c.usedBy === 0).map((c) => ({ id: c.id, name: c.name }));
  const [placeholder] = await q.selectDemoInstructors(db, leaving);
  return {
    categories,
    instructor: placeholder ? { id: placeholder.id, name: placeholder.name, action: placeholder.usedBy === 0 ? 'delete' : 'reset' } : null,
  };
}

export interface DemoCatalogRemoval {
  courseIds: number[];
  planIds: number[];
  testimonialIds: number[];
  roadmapStepIds: number[];
  categoryIds: number[];
  instructor: DemoPeople['instructor'];
  /** Whose name a placeholder still named by a course takes. */
  admin: { name: string; email: string };
}

/**
 * Deletes the demo rows named (only rows still marked is_demo), in the caller's transaction:
 * roadmap steps, then courses (their sections, lessons, prices, projects, cart lines go with them),
 * plans, testimonials, then the categories and the instructor nothing names any more.
 */
export async function removeDemoCatalog(tx: Tx, r: DemoCatalogRemoval) {
  const roadmapSteps = await q.deleteRoadmapSteps(tx, r.roadmapStepIds);
  if (roadmapSteps) await q.renumberRoadmap(tx);
  const courses = await q.deleteCourses(tx, r.courseIds);
  const plans = await q.deletePlans(tx, r.planIds);
  const testimonials = await q.deleteTestimonials(tx, r.testimonialIds);
  const categories = await q.deleteUnusedDemoCategories(tx, r.categoryIds);
  if (r.instructor?.action === 'delete') await q.deleteInstructor(tx, r.instructor.id);
  if (r.instructor?.action === 'reset') await q.resetInstructor(tx, r.instructor.id, r.admin);
  return { roadmapSteps, courses, plans, testimonials, categories };
}

/** The published catalog behind the home page's figures. */
export async function catalogFigureFacts(db: Db) {
  const f = await q.selectFigureFacts(db);
  return {
    publishedCourses: f.courses,
    averageRating: f.ratings > 0 ? f.ratingPoints / f.ratings : null,
    ratings: f.ratings,
    enrolledBaseline: f.baseline,
    hours: Math.floor(f.seconds / 3600),
  };
}

/** The site's instructor: none yet, the demo's placeholder, or the instructor's own profile. */
export async function instructorState(db: Db): Promise<{ state: 'missing' | 'placeholder' | 'yours'; name: string | null }> {
  const row = await q.selectInstructorState(db);
  if (!row) return { state: 'missing', name: null };
  return { state: row.isDemo ? 'placeholder' : 'yours', name: row.name };
}

/** The instructor's own newest course (published ones first), not the demo's. */
export async function ownCourse(db: Db): Promise<{ id: number; title: string; state: CourseState } | null> {
  const row = await q.selectOwnCourse(db);
  if (!row) return null;
  return { id: row.id, title: row.title, state: row.archivedAt ? 'archived' : row.isPublished ? 'published' : 'draft' };
}
