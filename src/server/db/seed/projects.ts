import { randomBytes } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { formatPersonName } from '../../../shared/text.js';
import type { Db } from '../client.js';
import { courses, enrolments, letters, projectRounds, projects, projectSubmissions, users } from '../schema/index.js';

/**
 * The demo's projects (issue 23): a capstone on three courses, and hand-ins from students enrolled
 * in them in every status (submitted, in review, changes requested, resubmitted, approved, not
 * approved), two of them approved with their letters, so the studio's queue and a letter's page
 * show real data on first start. Everything happened in the past, by the instructor.
 */
interface DemoProject {
  slug: string;
  title: string;
  summary: string;
  brief: string;
  criteria: string[];
}

const demoProjects: DemoProject[] = [
  {
    slug: 'django-ecommerce',
    title: 'Ship a store with a real checkout',
    summary: 'Proves you can build, test and deploy a Django shop that takes payments.',
    brief:
      '<h2>Goal</h2><p>Build an online store with a catalogue, a cart and a checkout that takes test payments.</p><h3>Requirements</h3><ul><li>Products with images and stock</li><li>A cart kept across visits</li><li>Checkout through Stripe or Razorpay in test mode, with a webhook confirming the order</li><li>Deployed at a public https address</li></ul>',
    criteria: [
      'Catalogue, cart and checkout work end to end',
      'Payments are confirmed by the provider, never by the browser',
      'Tests cover the order flow',
      'The README explains setup and deployment',
    ],
  },
  {
    slug: 'react-django-fullstack',
    title: 'A full-stack task board',
    summary: 'Proves you can join a React front end to a Django REST API with authentication.',
    brief:
      '<h2>Goal</h2><p>A task board where a signed-in user creates boards, lists and cards and drags cards between lists.</p><h3>Requirements</h3><ul><li>JWT sign-in with refresh</li><li>A REST API with permissions per board</li><li>Optimistic updates in the React app</li></ul>',
    criteria: ['Sign-in and permissions per board', 'The API is tested', 'Drag and drop saves the order', 'Deployed at a public https address'],
  },
  {
    slug: 'python-foundations',
    title: 'A command-line expense tracker',
    summary: 'Proves you can structure a small Python program with files, functions and tests.',
    brief:
      '<h2>Goal</h2><p>A command-line program that records expenses in a CSV file and prints monthly totals per category.</p><h3>Requirements</h3><ul><li>Add, list and delete expenses</li><li>Totals per month and category</li><li>Tests with pytest</li></ul>',
    criteria: ['Commands work as described', 'Data is kept in a CSV file', 'Tests with pytest pass'],
  },
];

type Step = 'submitted' | 'in_review' | 'changes_requested' | 'resubmitted' | 'approved' | 'rejected';

/** Which hand-ins each project gets: together, every status (and a resubmission). */
const plan: Step[][] = [
  ['approved', 'changes_requested', 'submitted', 'in_review'],
  ['approved', 'resubmitted', 'rejected'],
  ['submitted', 'in_review'],
];

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

export async function seedDemoProjects(tx: Db, courseIds: Map<string, number>, reviewerName: string): Promise<void> {
  const reviewer = formatPersonName(reviewerName);
  for (const [index, spec] of demoProjects.entries()) {
    const courseId = courseIds.get(spec.slug);
    if (courseId === undefined) throw new Error(`Demo project refers to unknown course '${spec.slug}'`);
    const [project] = await tx
      .insert(projects)
      .values({ courseId, position: 1, title: spec.title, summary: spec.summary, brief: spec.brief, criteria: spec.criteria, createdAt: daysAgo(60) })
      .returning();
    const steps = plan[index] ?? [];
    const enrolled = await tx
      .select({ userId: enrolments.userId })
      .from(enrolments)
      .where(eq(enrolments.courseId, courseId))
      .orderBy(asc(enrolments.userId))
      .limit(steps.length);
    const names = new Map(
      (
        await tx
          .select({ id: users.id, fullName: users.fullName })
          .from(users)
          .where(
            inArray(
              users.id,
              enrolled.map((e) => e.userId),
            ),
          )
      ).map((u) => [u.id, u.fullName]),
    );
    for (const [k, step] of steps.entries()) {
      const student = enrolled[k];
      if (!student) break;
      const repo = `https://github.com/${(names.get(student.userId) ?? 'student').toLowerCase().replace(/[^a-z]+/g, '-')}/${spec.slug}-capstone`;
      const start = 20 - k * 4 - index;
      const status = step === 'resubmitted' ? 'submitted' : step;
      const [submission] = await tx
        .insert(projectSubmissions)
        .values({ projectId: project!.id, userId: student.userId, status, createdAt: daysAgo(start), updatedAt: daysAgo(start - 2) })
        .returning();
      const base = { submissionId: submission!.id, repositoryUrl: repo, liveUrl: null, notes: 'The README lists how to run it and the tests.' };
      const review = (met: (i: number) => boolean) =>
        spec.criteria.map((criterion, i) => ({ criterion, met: met(i), comment: met(i) ? '' : 'Not yet: see the feedback.' }));
      const decided = (decision: 'approved' | 'changes_requested' | 'rejected', feedback: string, met: (i: number) => boolean) => ({
        reviewStartedAt: daysAgo(start - 1),
        decision,
        feedback,
        criteria: review(met),
        reviewerName: reviewer,
        decidedAt: daysAgo(start - 2),
      });
      if (step === 'submitted') await tx.insert(projectRounds).values({ ...base, number: 1, submittedAt: daysAgo(start) });
      if (step === 'in_review') await tx.insert(projectRounds).values({ ...base, number: 1, submittedAt: daysAgo(start), reviewStartedAt: daysAgo(start - 1) });
      if (step === 'changes_requested' || step === 'resubmitted') {
        await tx.insert(projectRounds).values({
          ...base,
          number: 1,
          submittedAt: daysAgo(start),
          ...decided('changes_requested', 'A good start. The checkout needs tests before it can be approved.', (i) => i !== 2),
        });
      }
      if (step === 'resubmitted') {
        await tx.insert(projectRounds).values({ ...base, number: 2, submittedAt: daysAgo(start - 3), notes: 'Added the tests you asked for.' });
      }
      if (step === 'rejected') {
        await tx.insert(projectRounds).values({
          ...base,
          number: 1,
          submittedAt: daysAgo(start),
          ...decided('rejected', 'The repository is the course’s sample code with the names changed.', () => false),
        });
      }
      if (step === 'approved') {
        await tx
          .insert(projectRounds)
          .values({ ...base, number: 1, submittedAt: daysAgo(start), ...decided('approved', 'Clean, tested and deployed. Well done.', () => true) });
        await tx.insert(letters).values({
          letterId: randomBytes(16).toString('hex'),
          userId: student.userId,
          projectId: project!.id,
          courseId,
          submissionId: submission!.id,
          studentName: formatPersonName(names.get(student.userId)) || 'Student',
          courseTitle: (await courseTitle(tx, courseId)) ?? spec.slug,
          projectTitle: spec.title,
          criteria: spec.criteria,
          reviewerName: reviewer,
          reviewerRole: 'Instructor',
          issuedAt: daysAgo(start - 2),
        });
      }
    }
  }
}

async function courseTitle(tx: Db, courseId: number): Promise<string | undefined> {
  const [row] = await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId)).limit(1);
  return row?.title;
}
