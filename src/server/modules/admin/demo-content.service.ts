/**
 * 'Remove the demo content' (issue 25): the demo catalog the seed marked is_demo goes, except what
 * anyone else touched. A demo course stays while an order names it, or anyone but the demo's own
 * students enrolled, handed in a project, holds a letter or certificate, asked a question or left a
 * review; a plan stays once anyone took a membership on it; a coupon once an order named it; a demo
 * student once they have an order or a membership. What goes: those courses (their lessons,
 * prices, projects), the demo's students with what was theirs alone (enrolments, progress,
 * reviews, hand-ins, letters), the testimonials, unused plans and coupons, the roadmap, the
 * categories and placeholder instructor nothing names any more, and the spec's figures in Settings.
 *
 * The preview and the removal are one computation: the removal recomputes it in its transaction
 * with the demo rows locked (a checkout or enrolment naming one waits), and refuses (409) when it
 * differs from the preview the instructor confirmed (its token). Idempotent: with nothing left to
 * delete it answers at once and writes nothing.
 */
import { createHash } from 'node:crypto';
import { setupMessages, type DemoContent, type DemoKept, type DemoRemoval, type RemoveDemoResult } from '../../../shared/setup.js';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { deleteDemoStudents, demoStudentIds } from '../accounts/index.js';
import { deleteBundles, demoBundles, demoCatalog, demoCategoriesAndInstructor, removeDemoCatalog, type DemoPeople } from '../catalog/index.js';
import { countEnrolmentsOf, coursesWithEnrolments } from '../enrolments/index.js';
import { coursesWithLearnerActivity } from '../learning/index.js';
import { plansWithMemberships, usersWithMemberships } from '../memberships/index.js';
import { bundlesWithOrders, coursesWithOrders, deleteDemoCoupons, demoCoupons, usersWithOrders } from '../orders/index.js';
import { countHandInsOf, coursesWithSubmissions } from '../projects/index.js';
import { countReviewsBy, coursesReviewedBy, removeReviewsBy } from '../reviews/index.js';
import { deleteDemoSettings, demoSettingKeys } from '../settings/index.js';
import { recordAudit, type Actor } from './audit.js';

interface Plan {
  preview: DemoContent;
  studentIds: number[];
  courseIds: number[];
  planIds: number[];
  couponIds: number[];
  bundleIds: number[];
  testimonialIds: number[];
  roadmapStepIds: number[];
  people: DemoPeople;
  figures: string[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Why a demo course stays: the first thing found that someone other than the demo did with it. */
async function keptCourses(db: Db, courseIds: number[], demoStudents: number[]): Promise<Map<number, string>> {
  const why = new Map<number, string>();
  const checks: [Set<number>, string][] = [
    [await coursesWithOrders(db, courseIds), 'An order names it.'],
    [await coursesWithEnrolments(db, courseIds, demoStudents), 'Students of yours are enrolled.'],
    [await coursesWithSubmissions(db, courseIds, demoStudents), 'Students of yours handed in its project.'],
    [await coursesWithLearnerActivity(db, courseIds, demoStudents), 'Students of yours hold its certificate or asked about it.'],
    [await coursesReviewedBy(db, courseIds, demoStudents), 'Students of yours reviewed it.'],
  ];
  for (const [ids, reason] of checks) for (const id of ids) if (!why.has(id)) why.set(id, reason);
  return why;
}

/** What a removal would do now (locked in the caller's transaction when `lock`). */
async function planRemoval(db: Db, lock: boolean): Promise<Plan> {
  const candidates = await demoStudentIds(db, { lock });
  const withOrders = await usersWithOrders(db, candidates);
  const withMemberships = await usersWithMemberships(db, candidates);
  const studentIds = candidates.filter((id) => !withOrders.has(id) && !withMemberships.has(id));
  const keptStudents = candidates.length - studentIds.length;

  const catalog = await demoCatalog(db, { lock });
  const courseReasons = await keptCourses(
    db,
    catalog.courses.map((c) => c.id),
    studentIds,
  );
  for (const course of catalog.courses) if (course.onOwnRoadmap && !courseReasons.has(course.id)) courseReasons.set(course.id, 'It is on your roadmap.');
  const courses = catalog.courses.filter((c) => !courseReasons.has(c.id));
  const people = await demoCategoriesAndInstructor(
    db,
    courses.map((c) => c.id),
  );

  const boughtPlans = await plansWithMemberships(
    db,
    catalog.plans.map((p) => p.id),
  );
  const plans = catalog.plans.filter((p) => !boughtPlans.has(p.id));
  // Demo bundles go unless an order names one (its buyer keeps the order's lines).
  const allBundles = await demoBundles(db, { lock });
  const boughtBundles = await bundlesWithOrders(
    db,
    allBundles.map((b) => b.id),
  );
  const bundles = allBundles.filter((b) => !boughtBundles.has(b.id));
  const coupons = await demoCoupons(db, { lock });
  const unusedCoupons = coupons.filter((c) => !c.used);
  const figures = await demoSettingKeys(db);
  const handIns = await countHandInsOf(db, studentIds);

  const remove: DemoRemoval = {
    courses: courses.map((c) => ({ id: c.id, name: c.title })),
    categories: people.categories,
    instructor: people.instructor ? { name: people.instructor.name, action: people.instructor.action } : null,
    testimonials: catalog.testimonials,
    plans: plans.map((p) => ({ id: p.id, name: p.name })),
    coupons: unusedCoupons.map((c) => ({ id: c.id, name: c.code })),
    bundles: bundles.map((b) => ({ id: b.id, name: b.title })),
    roadmap_steps: catalog.roadmapStepIds.length,
    students: {
      accounts: studentIds.length,
      enrolments: await countEnrolmentsOf(db, studentIds),
      reviews: await countReviewsBy(db, studentIds),
      submissions: handIns.submissions,
      letters: handIns.letters,
    },
    figures,
  };
  const keep: DemoKept[] = [
    ...catalog.courses
      .filter((c) => courseReasons.has(c.id))
      .map((c) => ({ kind: 'course' as const, id: c.id, name: c.title, reason: courseReasons.get(c.id)! })),
    ...catalog.plans
      .filter((p) => boughtPlans.has(p.id))
      .map((p) => ({ kind: 'plan' as const, id: p.id, name: p.name, reason: 'Someone took a membership on it.' })),
    ...allBundles.filter((b) => boughtBundles.has(b.id)).map((b) => ({ kind: 'bundle' as const, id: b.id, name: b.title, reason: 'An order names it.' })),
    ...coupons.filter((c) => c.used).map((c) => ({ kind: 'coupon' as const, id: c.id, name: c.code, reason: 'An order used it.' })),
    ...(keptStudents
      ? [{ kind: 'students' as const, id: null, name: plural(keptStudents, 'demo student'), reason: 'They have an order or a membership.' }]
      : []),
  ];
  const empty =
    !studentIds.length &&
    !remove.courses.length &&
    !remove.categories.length &&
    !remove.instructor &&
    !remove.testimonials.length &&
    !remove.plans.length &&
    !remove.coupons.length &&
    !bundles.length &&
    !remove.roadmap_steps &&
    !remove.figures.length;
  const ids = {
    students: studentIds,
    courses: courses.map((c) => c.id),
    categories: people.categories.map((c) => c.id),
    instructor: people.instructor,
    testimonials: catalog.testimonials.map((t) => t.id),
    plans: plans.map((p) => p.id),
    coupons: unusedCoupons.map((c) => c.id),
    bundles: bundles.map((b) => b.id),
    roadmap: catalog.roadmapStepIds,
    figures,
  };
  const token = createHash('sha256').update(JSON.stringify(ids)).digest('base64url').slice(0, 32);
  return {
    preview: { token, empty, remove, keep },
    studentIds,
    courseIds: ids.courses,
    planIds: ids.plans,
    couponIds: ids.coupons,
    bundleIds: ids.bundles,
    testimonialIds: ids.testimonials,
    roadmapStepIds: ids.roadmap,
    people,
    figures,
  };
}

/** What 'Remove the demo content' would delete now, and what it keeps (and why). */
export async function previewDemoRemoval(ctx: AppContext): Promise<DemoContent> {
  return (await planRemoval(ctx.db, false)).preview;
}

/** Summary line of the audit entry: 'Removed the demo content: 11 courses, 3 plans, ...'. */
function summaryOf(r: DemoRemoval): string {
  const parts = [
    r.courses.length && plural(r.courses.length, 'course'),
    r.students.accounts && plural(r.students.accounts, 'demo student'),
    r.students.reviews && plural(r.students.reviews, 'review'),
    r.testimonials.length && plural(r.testimonials.length, 'testimonial'),
    r.plans.length && plural(r.plans.length, 'plan'),
    r.coupons.length && plural(r.coupons.length, 'coupon'),
    r.bundles?.length && plural(r.bundles.length, 'bundle'),
    r.categories.length && plural(r.categories.length, 'category', 'categories'),
    r.instructor && (r.instructor.action === 'delete' ? 'the placeholder instructor' : 'the placeholder instructor reset'),
    r.roadmap_steps && plural(r.roadmap_steps, 'roadmap step'),
    r.figures.length && plural(r.figures.length, 'demo figure'),
  ].filter(Boolean);
  return `Removed the demo content: ${parts.join(', ')}`;
}

/**
 * Deletes what the preview named `token` showed, in one transaction with its audit entry. 409 when
 * the demo content changed since that preview; nothing to delete: answers at once, writes nothing.
 */
export async function removeDemoContent(ctx: AppContext, actor: Actor, token: string): Promise<RemoveDemoResult> {
  const removed = await ctx.db.transaction(async (tx: Tx) => {
    const plan = await planRemoval(tx, true);
    if (plan.preview.empty) return null;
    if (plan.preview.token !== token) throw new AppError('conflict', setupMessages.demoChanged, { detail: setupMessages.demoChanged, code: 'demo_changed' });
    await removeReviewsBy(tx, plan.studentIds);
    await deleteDemoStudents(tx, plan.studentIds);
    await deleteBundles(tx, plan.bundleIds);
    await removeDemoCatalog(tx, {
      courseIds: plan.courseIds,
      planIds: plan.planIds,
      testimonialIds: plan.testimonialIds,
      roadmapStepIds: plan.roadmapStepIds,
      categoryIds: plan.people.categories.map((c) => c.id),
      instructor: plan.people.instructor,
      admin: { name: actor.name, email: actor.email },
    });
    await deleteDemoCoupons(tx, plan.couponIds);
    await deleteDemoSettings(tx, plan.figures);
    const left = (await planRemoval(tx, false)).preview;
    await recordAudit(tx, actor, {
      action: 'demo.remove',
      entityType: 'demo',
      entityId: 'site',
      summary: summaryOf(plan.preview.remove),
      before: plan.preview.remove,
      after: { kept: left.keep },
    });
    return plan.preview.remove;
  });
  if (removed) {
    await ctx.invalidation.invalidate('catalog');
    await ctx.invalidation.invalidate('settings');
  }
  const left = await previewDemoRemoval(ctx);
  return { removed: removed ?? emptyRemoval(), left };
}

const emptyRemoval = (): DemoRemoval => ({
  courses: [],
  categories: [],
  instructor: null,
  testimonials: [],
  plans: [],
  coupons: [],
  bundles: [],
  roadmap_steps: 0,
  students: { accounts: 0, enrolments: 0, reviews: 0, submissions: 0, letters: 0 },
  figures: [],
});
