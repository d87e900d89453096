import { randomBytes } from 'node:crypto';
import {
  projectMessages,
  type AdminProject,
  type AdminSubmission,
  type AdminSubmissionListItem,
  type AdminSubmissionQuery,
  type Letter,
  type VerifiedLetter,
  type LetterCourse,
  type Project,
  type ProjectPatch,
  type Submission,
  type SubmissionBody,
  type ReviewBody,
} from '../../../shared/projects.js';
import type { Page } from '../../../shared/admin.js';
import { siteName } from '../../../shared/pages.js';
import { formatPersonName } from '../../../shared/text.js';
import type { Config } from '../../config.js';
import type { Database, Db, Tx } from '../../db/client.js';
import { approvedEmail, changesRequestedEmail, notApprovedEmail, submissionReceivedEmail } from '../../emails/projects.js';
import { AppError } from '../../errors.js';
import type { Viewer } from '../../http/auth.js';
import type { Upload } from '../../http/upload.js';
import { newKey, type FileStorage, type StoredFile } from '../../integrations/storage/index.js';
import { SEND_EMAIL_JOB } from '../../jobs/email.js';
import type { JobQueue } from '../../jobs/queue.js';
import { sanitizeRichText } from '../../lib/html.js';
import { cleanFileName, detectSubmissionFile } from '../../lib/resources.js';
import { accessTo, isOwnedBy, ownedBy } from '../access/index.js';
import { credentialChecksOut, JWKS_PATH, signOpenBadge } from '../credentials/index.js';
import { getPublicUser, getPublicUsers } from '../accounts/index.js';
import { getCourseForCredential, getCourseMeta, getCourseSummaries, getCourseSummary, type CourseSummary } from '../catalog/index.js';
import * as q from './queries.js';

export interface ProjectsDeps {
  db: Database;
  queue: JobQueue;
  config: Config;
  storage: FileStorage;
}

/** Who decides a round: the signed-in reviewer (or admin), with the role printed on a letter. */
export interface Reviewer {
  id: number | null;
  name: string;
  /** 'Instructor' for the admin, 'Reviewer' for the review team. */
  role: string;
}

const iso = (d: Date) => d.toISOString();
const notFound = (message: string) => AppError.notFound(message);

// ---------------------------------------------------------------- projects (student side)

function toProject(row: q.ProjectRow, course: { slug: string; title: string }, unlocked: boolean, submission: q.SubmissionRow | undefined): Project {
  return {
    id: row.id,
    course_id: row.courseId,
    course_slug: course.slug,
    course_title: course.title,
    position: row.position,
    title: row.title,
    summary: row.summary,
    file_required: row.fileRequired,
    unlocked,
    brief: unlocked ? row.brief : null,
    criteria: unlocked ? row.criteria : null,
    submission: submission ? { id: submission.id, status: submission.status } : null,
  };
}

/** A published course's published projects: the brief and criteria only for those the access module lets open the course. */
export async function projectsOfCourse(db: Database, viewer: Viewer | undefined, slug: string): Promise<Project[]> {
  const course = await getCourseMeta(db, slug);
  if (!course) throw notFound('Course not found.');
  const rows = await q.selectProjectsOfCourse(db, course.id, true);
  if (!rows.length) return [];
  const [access, submissions] = await Promise.all([
    accessTo(db, viewer, course.id),
    viewer
      ? q.selectUserSubmissionsOfProjects(
          db,
          viewer.userId,
          rows.map((r) => r.id),
        )
      : Promise.resolve([]),
  ]);
  // The latest per project (the open one, when there is one: a new submission starts only after a rejection).
  const byProject = new Map(submissions.map((s) => [s.projectId, s]));
  return rows.map((row) => toProject(row, course, access.full, byProject.get(row.id)));
}

/** A published project of a course that is on the storefront (else 404), with what the viewer may see of it. */
async function openProject(db: Db, projectId: number): Promise<{ project: q.ProjectRow; course: CourseSummary }> {
  const project = await q.selectProject(db, projectId);
  const course = project?.published ? await getCourseSummary(db, project.courseId) : undefined;
  if (!project || !course?.isPublished) throw notFound(projectMessages.projectNotFound);
  return { project, course };
}

export async function projectForViewer(db: Database, viewer: Viewer | undefined, projectId: number): Promise<Project> {
  const { project, course } = await openProject(db, projectId);
  const [access, submissions] = await Promise.all([
    accessTo(db, viewer, course.id),
    viewer ? q.selectUserSubmissionsOfProjects(db, viewer.userId, [project.id]) : Promise.resolve([]),
  ]);
  return toProject(project, course, access.full, submissions.at(-1));
}

// ---------------------------------------------------------------- submissions (student side)

export interface SubmissionInput {
  body: SubmissionBody;
  upload: Upload | undefined;
}

interface StoredUpload {
  fileName: string;
  fileStoragePath: string;
  fileContentType: string;
  fileSizeBytes: number;
}

/** A submitted file, judged by content (PDF or ZIP), stored under a key of ours in the private submissions/ folder. */
async function storeUpload(storage: FileStorage, userId: number, upload: Upload | undefined, required: boolean): Promise<StoredUpload | undefined> {
  if (!upload) {
    if (required) throw AppError.fields({ file: [projectMessages.fileRequired] });
    return undefined;
  }
  const kind = detectSubmissionFile(upload.bytes);
  if (!kind) throw new AppError('unsupported_type', projectMessages.fileType, { file: [projectMessages.fileType] });
  const fileStoragePath = newKey(`submissions/${userId}`, kind.extension);
  await storage.put(fileStoragePath, upload.bytes, { contentType: kind.contentType });
  return { fileName: cleanFileName(upload.fileName, kind.extension), fileStoragePath, fileContentType: kind.contentType, fileSizeBytes: upload.bytes.length };
}

/** Runs `change`; when it fails, the file stored for it is deleted again (a refused submission leaves nothing behind). */
async function keepFileOnlyIfCommitted<T>(storage: FileStorage, stored: StoredUpload | undefined, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (stored) await storage.delete(stored.fileStoragePath).catch(() => undefined);
    throw error;
  }
}

const projectsPageUrl = (config: Config) => `${config.publicUrl}/projects/`;
const letterUrl = (config: Config, letterId: string) => `${config.publicUrl}/letters/${letterId}`;

async function enqueueReceived(tx: Tx, deps: ProjectsDeps, userId: number, project: q.ProjectRow, courseTitle: string, round: number): Promise<void> {
  const user = await getPublicUser(tx, userId);
  if (!user) return;
  const email = submissionReceivedEmail({ name: user.fullName, projectTitle: project.title, courseTitle, url: projectsPageUrl(deps.config), round });
  await deps.queue.enqueue(SEND_EMAIL_JOB, { to: user.email, ...email }, { tx });
}

const roundValues = (body: SubmissionBody, stored: StoredUpload | undefined) => ({
  repositoryUrl: body.repository_url,
  liveUrl: body.live_url ?? null,
  notes: body.notes ?? '',
  ...(stored ?? {}),
});

/**
 * A student hands in a project: only one the access module lets open the course (else 403, nothing
 * stored), one open submission per project at a time (a second answers 409 while the first waits for
 * review, is back with changes requested, or was approved: it is followed on /projects/). After a
 * rejection the student may start again with a new submission; the rejected one stays in the history.
 */
export async function submitProject(deps: ProjectsDeps, viewer: Viewer, projectId: number, input: SubmissionInput): Promise<Submission> {
  const { project, course } = await openProject(deps.db, projectId);
  const access = await accessTo(deps.db, viewer, course.id);
  if (!access.full) throw new AppError('forbidden', projectMessages.notAllowed);
  const earlier = await q.selectUserSubmissionsOfProjects(deps.db, viewer.userId, [project.id]);
  if (earlier.some((s) => s.status !== 'rejected')) throw new AppError('conflict', projectMessages.alreadySubmitted);
  const stored = await storeUpload(deps.storage, viewer.userId, input.upload, project.fileRequired);
  const id = await keepFileOnlyIfCommitted(deps.storage, stored, () =>
    deps.db.transaction(async (tx) => {
      const submission = await q.insertSubmission(tx, project.id, viewer.userId);
      if (!submission) throw new AppError('conflict', projectMessages.alreadySubmitted);
      await q.insertRound(tx, { submissionId: submission.id, number: 1, ...roundValues(input.body, stored) });
      await enqueueReceived(tx, deps, viewer.userId, project, course.title, 1);
      return submission.id;
    }),
  );
  return ownSubmission(deps, viewer, id);
}

/** After 'changes requested', the student hands the same submission in again: a new round, the earlier ones kept. */
export async function resubmitProject(deps: ProjectsDeps, viewer: Viewer, submissionId: number, input: SubmissionInput): Promise<Submission> {
  const submission = ownedBy(await q.selectSubmission(deps.db, submissionId), viewer, projectMessages.submissionNotFound);
  if (submission.status !== 'changes_requested') throw new AppError('conflict', projectMessages.notChangesRequested);
  const project = (await q.selectProject(deps.db, submission.projectId))!;
  const course = await getCourseSummary(deps.db, project.courseId);
  const access = await accessTo(deps.db, viewer, project.courseId);
  if (!access.full) throw new AppError('forbidden', projectMessages.notAllowed);
  const stored = await storeUpload(deps.storage, viewer.userId, input.upload, project.fileRequired);
  await keepFileOnlyIfCommitted(deps.storage, stored, () =>
    deps.db.transaction(async (tx) => {
      const moved = await q.moveSubmission(tx, submission.id, ['changes_requested'], 'submitted');
      if (!moved) throw new AppError('conflict', projectMessages.notChangesRequested);
      const rounds = await q.selectRounds(tx, [submission.id]);
      const number = rounds.length + 1;
      await q.insertRound(tx, { submissionId: submission.id, number, ...roundValues(input.body, stored) });
      await enqueueReceived(tx, deps, viewer.userId, project, course?.title ?? '', number);
    }),
  );
  return ownSubmission(deps, viewer, submission.id);
}

type FileUrl = (round: q.RoundRow) => string;

function toRound(round: q.RoundRow, fileUrl: FileUrl): Submission['rounds'][number] {
  return {
    id: round.id,
    number: round.number,
    repository_url: round.repositoryUrl,
    live_url: round.liveUrl,
    notes: round.notes,
    file:
      round.fileStoragePath && round.fileName
        ? { name: round.fileName, content_type: round.fileContentType ?? 'application/octet-stream', size_bytes: round.fileSizeBytes ?? 0, url: fileUrl(round) }
        : null,
    submitted_at: iso(round.submittedAt),
    review_started_at: round.reviewStartedAt ? iso(round.reviewStartedAt) : null,
    review:
      round.decision && round.decidedAt
        ? {
            decision: round.decision,
            feedback: round.feedback,
            criteria: round.criteria,
            reviewer_name: round.reviewerName ?? '',
            decided_at: iso(round.decidedAt),
          }
        : null,
  };
}

/** Submitted, In review, Changes requested, Resubmitted, Approved, Not approved: what happened, oldest first. */
function timelineOf(rounds: q.RoundRow[]): Submission['timeline'] {
  const events: Submission['timeline'] = [];
  for (const round of rounds) {
    events.push({ event: round.number === 1 ? 'submitted' : 'resubmitted', at: iso(round.submittedAt), round: round.number });
    if (round.reviewStartedAt) events.push({ event: 'in_review', at: iso(round.reviewStartedAt), round: round.number });
    if (round.decision && round.decidedAt) events.push({ event: round.decision, at: iso(round.decidedAt), round: round.number });
  }
  return events;
}

/** Submissions with their project, course, rounds and letter: four queries whatever the number. */
async function describeSubmissions(db: Db, rows: q.SubmissionRow[], fileUrl: FileUrl): Promise<Submission[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [projectRows, rounds, letterRows] = await Promise.all([
    q.selectProjectsByIds(
      db,
      rows.map((r) => r.projectId),
    ),
    q.selectRounds(db, ids),
    q.selectLettersOfSubmissions(db, ids),
  ]);
  const projects = new Map(projectRows.map((p) => [p.id, p]));
  const courses = await getCourseSummaries(
    db,
    projectRows.map((p) => p.courseId),
  );
  const letters = new Map(letterRows.map((l) => [l.submissionId, l]));
  return rows.map((row) => {
    const project = projects.get(row.projectId)!;
    const course = courses.get(project.courseId);
    const own = rounds.filter((r) => r.submissionId === row.id);
    return {
      id: row.id,
      status: row.status,
      project_id: project.id,
      project_title: project.title,
      criteria: project.criteria,
      course_id: project.courseId,
      course_title: course?.title ?? '',
      course_slug: course?.slug ?? '',
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
      rounds: own.map((r) => toRound(r, fileUrl)),
      timeline: timelineOf(own),
      letter_id: letters.get(row.id)?.letterId ?? null,
    };
  });
}

const ownFileUrl: FileUrl = (round) => `/api/v1/project-submissions/${round.submissionId}/rounds/${round.id}/file/`;
const studioFileUrl: FileUrl = (round) => `/api/v1/admin/project-submissions/${round.submissionId}/rounds/${round.id}/file/`;

export async function mySubmissions(db: Database, viewer: Viewer): Promise<Submission[]> {
  return describeSubmissions(db, await q.selectSubmissionsOfUser(db, viewer.userId), ownFileUrl);
}

/** The viewer's own submission; anyone else's answers 404 (its existence is not theirs to learn). */
export async function ownSubmission(deps: { db: Database }, viewer: Viewer, submissionId: number): Promise<Submission> {
  const row = ownedBy(await q.selectSubmission(deps.db, submissionId), viewer, projectMessages.submissionNotFound);
  const [submission] = await describeSubmissions(deps.db, [row], ownFileUrl);
  return submission!;
}

/** A round's file, for the submission's owner (student side). */
export async function ownRoundFile(storage: FileStorage, db: Database, viewer: Viewer, submissionId: number, roundId: number) {
  const submission = ownedBy(await q.selectSubmission(db, submissionId), viewer, 'File not found.');
  const round = await q.selectRound(db, roundId);
  if (!round || round.submissionId !== submission.id) throw notFound('File not found.');
  return openRoundFile(storage, round);
}

async function openRoundFile(storage: FileStorage, round: q.RoundRow): Promise<{ file: StoredFile; name: string; contentType: string }> {
  const file = round.fileStoragePath ? await storage.get(round.fileStoragePath) : undefined;
  if (!file || !round.fileName) throw notFound('File not found.');
  return { file, name: round.fileName, contentType: round.fileContentType ?? 'application/octet-stream' };
}

// ---------------------------------------------------------------- the studio: projects

function toAdminProject(row: q.ProjectRow, submissions: number): AdminProject {
  return {
    id: row.id,
    course_id: row.courseId,
    position: row.position,
    title: row.title,
    summary: row.summary,
    brief: row.brief,
    criteria: row.criteria,
    file_required: row.fileRequired,
    published: row.published,
    submission_count: submissions,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

async function assertCourse(db: Db, courseId: number): Promise<CourseSummary> {
  const course = await getCourseSummary(db, courseId);
  if (!course) throw notFound('Course not found.');
  return course;
}

export async function studioProjects(db: Db, courseId: number): Promise<AdminProject[]> {
  await assertCourse(db, courseId);
  const rows = await q.selectProjectsOfCourse(db, courseId, false);
  const counts = await q.countSubmissionsByProject(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toAdminProject(r, counts.get(r.id) ?? 0));
}

async function studioProject(db: Db, projectId: number, lock = false): Promise<AdminProject> {
  const row = await q.selectProject(db, projectId, lock);
  if (!row) throw notFound(projectMessages.projectNotFound);
  const counts = await q.countSubmissionsByProject(db, [row.id]);
  return toAdminProject(row, counts.get(row.id) ?? 0);
}

export { studioProject as getStudioProject };

export interface ProjectInput {
  title: string;
  summary: string;
  brief: string;
  criteria: string[];
  file_required: boolean;
  published: boolean;
}

/** A course's new project, last in its order; the brief is sanitised as lesson articles are. */
export async function createProject(tx: Tx, courseId: number, body: ProjectInput): Promise<{ project: AdminProject; courseTitle: string }> {
  const course = await assertCourse(tx, courseId);
  const row = await q.insertProject(tx, {
    courseId,
    position: await q.nextProjectPosition(tx, courseId),
    title: body.title,
    summary: body.summary,
    brief: sanitizeRichText(body.brief),
    criteria: body.criteria,
    fileRequired: body.file_required,
    published: body.published,
  });
  return { project: toAdminProject(row, 0), courseTitle: course.title };
}

/** Edits the fields sent; `position` moves the project among its course's projects. */
export async function updateProject(tx: Tx, projectId: number, patch: ProjectPatch): Promise<{ before: AdminProject; after: AdminProject }> {
  const before = await studioProject(tx, projectId, true);
  const { position, brief, file_required, ...rest } = patch;
  await q.updateProject(tx, projectId, {
    ...rest,
    ...(brief === undefined ? {} : { brief: sanitizeRichText(brief) }),
    ...(file_required === undefined ? {} : { fileRequired: file_required }),
  });
  if (position !== undefined) {
    const ids = (await q.selectProjectsOfCourse(tx, before.course_id, false)).map((p) => p.id).filter((id) => id !== projectId);
    ids.splice(Math.min(position - 1, ids.length), 0, projectId);
    await q.renumberProjects(tx, ids);
  }
  return { before, after: await studioProject(tx, projectId) };
}

/** Deletes a project nobody handed in yet (one with submissions is unpublished instead: their history and letters stay). */
export async function deleteProject(tx: Tx, projectId: number): Promise<AdminProject> {
  const before = await studioProject(tx, projectId, true);
  if (before.submission_count > 0) throw new AppError('conflict', projectMessages.hasSubmissions);
  await q.deleteProject(tx, projectId);
  return before;
}

// ---------------------------------------------------------------- the studio: the review queue

const DAY_MS = 24 * 60 * 60 * 1000;

export async function reviewQueue(db: Db, query: AdminSubmissionQuery, window: { limit: number; offset: number }): Promise<Page<AdminSubmissionListItem>> {
  const { rows, total } = await q.selectSubmissionPage(db, { status: query.status, courseId: query.course_id }, window.limit, window.offset);
  const [courses, people] = await Promise.all([
    getCourseSummaries(
      db,
      rows.map((r) => r.courseId),
    ),
    getPublicUsers(
      db,
      rows.map((r) => r.userId),
    ),
  ]);
  const now = Date.now();
  return {
    count: total,
    page: query.page,
    page_size: query.page_size,
    results: rows.map((r) => {
      const submittedAt = new Date(r.submittedAt as unknown as string | Date);
      const person = people.get(r.userId);
      return {
        id: r.id,
        status: r.status,
        project_id: r.projectId,
        project_title: r.projectTitle,
        course_id: r.courseId,
        course_title: courses.get(r.courseId)?.title ?? '',
        student_id: r.userId,
        student_name: formatPersonName(person?.fullName) || 'Student',
        student_email: person?.email ?? '',
        round: Number(r.round),
        submitted_at: iso(submittedAt),
        days_waiting: Math.max(0, Math.floor((now - submittedAt.getTime()) / DAY_MS)),
      };
    }),
  };
}

export function waitingSubmissions(db: Db): Promise<number> {
  return q.countWaitingSubmissions(db);
}

async function describeForStudio(db: Db, row: q.SubmissionRow): Promise<AdminSubmission> {
  const [[submission], student] = await Promise.all([describeSubmissions(db, [row], studioFileUrl), getPublicUser(db, row.userId)]);
  return { ...submission!, student_id: row.userId, student_name: formatPersonName(student?.fullName) || 'Student', student_email: student?.email ?? '' };
}

/**
 * A submission for its reviewer. Opening one that waits starts its review: submitted → in_review
 * (the student's timeline shows 'In review' from then), by a conditional update, so it happens once.
 */
export async function openForReview(db: Database, reviewer: Reviewer, submissionId: number): Promise<AdminSubmission> {
  let row = await q.selectSubmission(db, submissionId);
  if (!row) throw notFound(projectMessages.submissionNotFound);
  if (row.status === 'submitted') {
    row = await db.transaction(async (tx) => {
      const moved = await q.moveSubmission(tx, submissionId, ['submitted'], 'in_review');
      if (moved) await q.markRoundOpened(tx, submissionId, reviewer.id, formatPersonName(reviewer.name) || reviewer.name);
      return moved ?? (await q.selectSubmission(tx, submissionId))!;
    });
  }
  return describeForStudio(db, row);
}

export async function studioRoundFile(storage: FileStorage, db: Database, submissionId: number, roundId: number) {
  const round = await q.selectRound(db, roundId);
  if (!round || round.submissionId !== submissionId) throw notFound('File not found.');
  return openRoundFile(storage, round);
}

function newLetterId(): string {
  return randomBytes(16).toString('hex');
}

/** The review as stored: each of the project's criteria once, in the project's order. */
function checkReview(project: q.ProjectRow, body: ReviewBody & { feedback: string }) {
  const known = new Map(project.criteria.map((c) => [c.toLowerCase(), c]));
  const seen = new Set<string>();
  const criteria = body.criteria.map((entry) => {
    const key = entry.criterion.toLowerCase();
    const criterion = known.get(key);
    if (!criterion || seen.has(key)) throw AppError.fields({ criteria: [projectMessages.unknownCriterion] });
    seen.add(key);
    return { criterion, met: entry.met, comment: entry.comment ?? '' };
  });
  criteria.sort((a, b) => project.criteria.indexOf(a.criterion) - project.criteria.indexOf(b.criterion));
  if (body.decision === 'approved' && (criteria.length !== project.criteria.length || criteria.some((c) => !c.met))) {
    throw AppError.fields({ criteria: [projectMessages.approvalNeedsEveryCriterion] });
  }
  if (body.decision !== 'approved' && !body.feedback) throw AppError.fields({ feedback: [projectMessages.feedbackRequired] });
  return criteria;
}

export interface Decided {
  submission: AdminSubmission;
  letterId: string | null;
  before: { status: string };
  after: { status: string; decision: string; letter_id: string | null };
  summary: string;
}

/**
 * Decides the waiting round, in the caller's transaction (the studio audits it there): the
 * submission leaves submitted/in_review in one conditional statement, so of two reviewers deciding
 * the same round at once exactly one wins and the other gets 409, and a decided round cannot be
 * decided again. An approval issues the letter. The student is emailed either way.
 */
export async function decideSubmission(
  tx: Tx,
  deps: { queue: JobQueue; config: Config },
  reviewer: Reviewer,
  submissionId: number,
  body: ReviewBody,
): Promise<Decided> {
  const current = await q.selectSubmission(tx, submissionId);
  if (!current) throw notFound(projectMessages.submissionNotFound);
  const project = (await q.selectProject(tx, current.projectId))!;
  const review = { decision: body.decision, feedback: (body.feedback ?? '').trim(), criteria: body.criteria };
  const criteria = checkReview(project, review);
  const moved = await q.moveSubmission(tx, submissionId, ['submitted', 'in_review'], body.decision);
  if (!moved) throw new AppError('conflict', projectMessages.alreadyDecided);
  const reviewerName = formatPersonName(reviewer.name) || reviewer.name;
  const round = await q.decideOpenRound(tx, submissionId, {
    decision: body.decision,
    feedback: review.feedback,
    criteria,
    reviewerId: reviewer.id,
    reviewerName,
  });
  if (!round) throw new AppError('conflict', projectMessages.alreadyDecided);

  const [course, student] = await Promise.all([getCourseSummary(tx, project.courseId), getPublicUser(tx, current.userId)]);
  const courseTitle = course?.title ?? '';
  const base = { name: student?.fullName ?? '', projectTitle: project.title, courseTitle, url: projectsPageUrl(deps.config) };
  let letterId: string | null = null;
  let email;
  if (body.decision === 'approved') {
    const letter = await q.insertLetter(tx, {
      letterId: newLetterId(),
      userId: current.userId,
      projectId: project.id,
      courseId: project.courseId,
      submissionId,
      studentName: formatPersonName(student?.fullName) || 'Student',
      courseTitle,
      projectTitle: project.title,
      criteria: criteria.map((c) => c.criterion),
      reviewerId: reviewer.id,
      reviewerName,
      reviewerRole: reviewer.role,
    });
    letterId = letter.letterId;
    email = approvedEmail({ ...base, letterUrl: letterUrl(deps.config, letter.letterId) });
  } else if (body.decision === 'changes_requested') {
    email = changesRequestedEmail({ ...base, feedback: review.feedback, criteria });
  } else {
    email = notApprovedEmail({ ...base, feedback: review.feedback, criteria });
  }
  if (student) await deps.queue.enqueue(SEND_EMAIL_JOB, { to: student.email, ...email }, { tx });
  return {
    submission: await describeForStudio(tx, moved),
    letterId,
    before: { status: current.status },
    after: { status: moved.status, decision: body.decision, letter_id: letterId },
    summary: `${body.decision === 'approved' ? 'Approved' : body.decision === 'rejected' ? 'Did not approve' : 'Requested changes to'} round ${round.number} of "${project.title}" by ${base.name || 'a student'}`,
  };
}

// ---------------------------------------------------------------- letters

/** LTR-00042: the letter number printed on it. */
export const letterNumber = (n: number) => `LTR-${String(n).padStart(5, '0')}`;

function toLetter(config: Config, row: q.LetterRow, courseSlug: string): Letter {
  const verifyUrl = letterUrl(config, row.letterId);
  const issued = row.issuedAt;
  const linkedin = new URL('https://www.linkedin.com/profile/add');
  linkedin.search = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: `Pre-experience letter: ${row.projectTitle}`,
    organizationName: siteName,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: verifyUrl,
    certId: letterNumber(row.number),
  }).toString();
  return {
    letter_id: row.letterId,
    number: letterNumber(row.number),
    student_name: row.studentName,
    course_title: row.courseTitle,
    course_slug: courseSlug,
    project_title: row.projectTitle,
    criteria: row.criteria,
    reviewer_name: row.reviewerName,
    reviewer_role: row.reviewerRole,
    issued_at: iso(row.issuedAt),
    status: row.revokedAt ? 'revoked' : 'valid',
    revoked_at: row.revokedAt ? iso(row.revokedAt) : null,
    verify_url: verifyUrl,
    credential_url: `${config.publicUrl}/api/v1/letters/${row.letterId}/credential/`,
    image_url: `${config.publicUrl}/api/v1/letters/${row.letterId}/image/`,
    linkedin_url: linkedin.toString(),
  };
}

/** A letter id is 32 hex digits; anything else is no letter (and never reaches a query). */
const isLetterId = (value: string) => /^[0-9a-f]{32}$/.test(value);

export async function letterRecord(db: Db, letterId: string): Promise<q.LetterRow | undefined> {
  return isLetterId(letterId) ? q.selectLetter(db, letterId) : undefined;
}

/** A letter's record and its answer, or 404 for no such letter. */
async function readLetter(db: Db, config: Config, letterId: string): Promise<{ row: q.LetterRow; letter: Letter }> {
  const row = await letterRecord(db, letterId);
  if (!row) throw notFound(projectMessages.letterNotFound);
  const course = await getCourseSummary(db, row.courseId);
  return { row, letter: toLetter(config, row, course?.slug ?? '') };
}

/** A letter by its id, as anyone may read it (never the student's email). */
export async function publicLetter(db: Db, config: Config, letterId: string): Promise<Letter> {
  return (await readLetter(db, config, letterId)).letter;
}

/**
 * Anyone may verify a letter by its id: the facts, and whether its Open Badges credential checks
 * out against the site's published keys (the same check an employer's verifier makes).
 */
export async function verifyLetter(db: Db, config: Config, letterId: string): Promise<VerifiedLetter> {
  const { row, letter } = await readLetter(db, config, letterId);
  const verified = !row.revokedAt && (await credentialChecksOut({ db, config }, await signLetter(db, config, row), letter.verify_url));
  return { ...letter, jwks_url: `${config.publicUrl}${JWKS_PATH}`, credential_verified: verified };
}

/** The letter's PDF: its owner and admins only (anyone else: 404, as an unknown id). */
export async function letterForDownload(db: Db, config: Config, viewer: Viewer, letterId: string): Promise<Letter> {
  const { row, letter } = await readLetter(db, config, letterId);
  // The one exception to the ownership rule here: admins may also print any letter (the PDF is kept for the record, revoked ones too).
  if (!(isOwnedBy(row.userId, viewer) || viewer.isAdmin)) throw notFound(projectMessages.letterNotFound);
  return letter;
}

/**
 * The letter as an Open Badges 3.0 credential, a VC-JWT signed with the site's key (the credentials
 * module): the achievement is the project, its criteria narrative the criteria met, the issuing
 * person the course's instructor (the reviewer is named in the description). A revoked letter's
 * credential is gone (410); an unknown id 404.
 */
export async function letterCredential(db: Db, config: Config, letterId: string): Promise<string> {
  const row = await letterRecord(db, letterId);
  if (!row) throw notFound(projectMessages.letterNotFound);
  if (row.revokedAt) throw new AppError('gone', projectMessages.letterRevoked);
  return signLetter(db, config, row);
}

async function signLetter(db: Db, config: Config, row: q.LetterRow): Promise<string> {
  const course = await getCourseForCredential(db, row.courseId);
  return signOpenBadge(
    { db, config },
    {
      credentialId: letterUrl(config, row.letterId),
      subjectName: row.studentName,
      validFrom: row.issuedAt,
      issuingPerson: course?.instructorName ?? siteName,
      achievement: {
        id: `${config.publicUrl}/projects/${row.projectId}`,
        type: 'ext:PreExperienceLetter',
        name: `Pre-experience letter: ${row.projectTitle}`,
        description: `Completed the project "${row.projectTitle}" of the course "${row.courseTitle}"; the work was reviewed personally by ${row.reviewerName}, ${row.reviewerRole}, and approved.`,
        criteria: `Approved against each of these criteria: ${row.criteria.join('; ')}.`,
      },
    },
  );
}

/** Revokes a valid letter with the reason, in the caller's transaction (a second revocation: 409). */
export async function revokeLetter(tx: Tx, config: Config, letterId: string, reason: string): Promise<{ before: Letter; after: Letter }> {
  const current = await letterRecord(tx, letterId);
  if (!current) throw notFound(projectMessages.letterNotFound);
  const course = await getCourseSummary(tx, current.courseId);
  const row = await q.revokeLetter(tx, letterId, reason);
  if (!row) throw new AppError('conflict', projectMessages.alreadyRevoked);
  return { before: toLetter(config, current, course?.slug ?? ''), after: toLetter(config, row, course?.slug ?? '') };
}

/** What a letter's page head says (title, description, share picture), or undefined for no such letter. */
export async function letterHeadFacts(db: Db, letterId: string) {
  const row = await letterRecord(db, letterId);
  if (!row) return undefined;
  return {
    letterId: row.letterId,
    number: letterNumber(row.number),
    studentName: row.studentName,
    projectTitle: row.projectTitle,
    courseTitle: row.courseTitle,
    reviewerName: row.reviewerName,
    revoked: row.revokedAt !== null,
  };
}

/** The student's valid letters (the dashboard's counter). */
export function countLetters(db: Db, userId: number): Promise<number> {
  return q.countValidLetters(db, userId);
}

/** Letters issued and not revoked, everyone's (the home page's figure). */
export function countIssuedLetters(db: Db): Promise<number> {
  return q.countIssuedLetters(db);
}

/** How many project hand-ins and letters the users have. */
export function countHandInsOf(db: Db, userIds: number[]): Promise<{ submissions: number; letters: number }> {
  return q.countHandInsOf(db, userIds);
}

/** Of `courseIds`, those with a hand-in or a letter of anyone but `exceptUserIds` (the demo's students). */
export async function coursesWithSubmissions(db: Db, courseIds: number[], exceptUserIds: number[]): Promise<Set<number>> {
  return new Set(await q.selectCoursesWithSubmissions(db, courseIds, exceptUserIds));
}

// ---------------------------------------------------------------- the home banner

/**
 * The course the home page's 'Get Your Letter' banner leads to: the one chosen in the studio's
 * Settings while it is published with a published project, else the first published course (in
 * the catalog's order) that has one; null when none has.
 */
export async function letterCourse(db: Db, chosenCourseId: number | undefined): Promise<LetterCourse> {
  const rows = await q.selectCoursesWithPublishedProject(db);
  if (!rows.length) return null;
  const courses = await getCourseSummaries(
    db,
    rows.map((r) => r.courseId),
  );
  const published = rows.filter((r) => courses.get(r.courseId)?.isPublished);
  const pick = published.find((r) => r.courseId === chosenCourseId) ?? published[0];
  if (!pick) return null;
  const course = courses.get(pick.courseId)!;
  return { course_id: course.id, slug: course.slug, title: course.title, project_title: pick.title };
}

/** Whether a course has a published project (the studio's banner choice must). */
export async function hasPublishedProject(db: Db, courseId: number): Promise<boolean> {
  return (await q.selectProjectsOfCourse(db, courseId, true)).length > 0;
}
