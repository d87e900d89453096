import type { AdminStudent, AdminStudentDetail, AdminStudentQuery, Page } from '../../../shared/admin.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { getPublicUser, listUsersForStudio, sendVerificationEmail, setBlocked, type PublicUser } from '../accounts/index.js';
import { getLessonsById } from '../catalog/index.js';
import { enrolByHand, revokeEnrolment, studentLearning } from '../learning/index.js';
import { openLessonEarly } from '../unlocks/index.js';
import { checkoutContactOfUser, studioOrdersOfUser } from '../orders/index.js';
import { compMembership, listMemberships, type MembershipDeps } from '../subscriptions/index.js';
import type { Tx } from '../../db/client.js';
import { audited, recordAudit, type Actor, type AuditInput } from './audit.js';
import { pageWindow } from './paging.js';

const toStudent = (u: PublicUser): AdminStudent => ({
  id: u.id,
  email: u.email,
  full_name: u.fullName,
  country: u.country,
  is_verified: u.isVerified,
  is_admin: u.isAdmin,
  blocked: u.blockedAt !== null,
  blocked_at: u.blockedAt?.toISOString() ?? null,
  created_at: u.createdAt.toISOString(),
});

export async function listStudents(ctx: AppContext, query: AdminStudentQuery): Promise<Page<AdminStudent>> {
  const { limit, offset } = pageWindow(query);
  const { rows, total } = await listUsersForStudio(ctx.db, {
    search: query.search,
    verified: query.verified,
    blocked: query.blocked,
    sort: query.sort,
    limit,
    offset,
  });
  return { count: total, page: query.page, page_size: query.page_size, results: rows.map(toStudent) };
}

async function userOr404(ctx: AppContext, userId: number): Promise<PublicUser> {
  const user = await getPublicUser(ctx.db, userId);
  if (!user) throw AppError.notFound('Student not found.');
  return user;
}

export async function studentDetail(ctx: AppContext, userId: number): Promise<AdminStudentDetail> {
  const user = await userOr404(ctx, userId);
  const [orders, learning, memberships, checkout] = await Promise.all([
    studioOrdersOfUser(ctx.db, user.id),
    studentLearning(ctx.db, { userId: user.id, isAdmin: user.isAdmin }),
    listMemberships({ db: ctx.db }, { userIds: [user.id], pageSize: 100 }),
    checkoutContactOfUser(ctx.db, user.id),
  ]);
  return {
    ...toStudent(user),
    // A signed-in buyer's checkout collects a phone and country without writing them to the account.
    phone_number: user.phoneNumber || checkout.phoneNumber,
    country: user.country || checkout.country,
    orders,
    enrolments: learning.enrolments.map((e) => ({
      course_id: e.course.id,
      title: e.course.title,
      slug: e.course.slug,
      source: e.source,
      course_status: e.course_status,
      enrolled_at: e.enrolled_at,
      total_lessons: e.course.total_lessons,
      completed_lessons: e.course.completed_total_lessons,
      progress: e.course.student_progress,
      held_back_lessons: e.heldBack.map((l) => ({ id: l.id, lesson_title: l.title, available_at: l.availableAt.toISOString() })),
    })),
    memberships: memberships.results,
    questions: learning.questions.map((q) => ({
      id: q.id,
      title: q.title,
      course_title: q.course.title,
      created_at: q.created_at,
      answered: q.answers.length > 0,
    })),
    quiz_attempts: learning.quizAttempts,
  };
}

/** A change to one student's enrolments, audited on the student; answered with the student's detail. */
async function studentChange(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  change: (tx: Tx, user: PublicUser) => Promise<Omit<AuditInput, 'entityType' | 'entityId'>>,
): Promise<AdminStudentDetail> {
  const user = await userOr404(ctx, userId);
  await audited(ctx.db, actor, async (tx) => ({ result: null, audit: { ...(await change(tx, user)), entityType: 'user', entityId: user.id } }));
  return studentDetail(ctx, user.id);
}

export async function enrolStudent(ctx: AppContext, actor: Actor, userId: number, courseId: number): Promise<AdminStudentDetail> {
  return studentChange(ctx, actor, userId, async (tx, user) => {
    const course = await enrolByHand(tx, user.id, courseId);
    return { action: 'student.enrol', summary: `Enrolled ${user.email} in "${course.title}"`, after: { course_id: courseId } };
  });
}

export async function revokeStudent(ctx: AppContext, actor: Actor, userId: number, courseId: number): Promise<AdminStudentDetail> {
  return studentChange(ctx, actor, userId, async (tx, user) => {
    const revoked = await revokeEnrolment(tx, user.id, courseId);
    return {
      action: 'student.revoke',
      summary: `Revoked ${user.email}'s access to course ${courseId}`,
      before: { course_id: courseId, source: revoked.source },
      after: { course_id: courseId, revoked: true },
    };
  });
}

/**
 * 'Open early': opens a dripped lesson now for this one student (audited on the student). Answers
 * whether it was new; opening it again changes nothing and writes nothing.
 */
export async function unlockLesson(ctx: AppContext, actor: Actor, userId: number, lessonId: number): Promise<{ created: boolean; detail: AdminStudentDetail }> {
  const user = await userOr404(ctx, userId);
  const lesson = (await getLessonsById(ctx.db, [lessonId])).get(lessonId);
  if (!lesson) throw AppError.fields({ lesson_id: ['This lesson does not exist.'] });
  const created = await ctx.db.transaction(async (tx) => {
    const opened = await openLessonEarly(tx, { userId: user.id, lessonId, by: actor.id });
    if (opened)
      await recordAudit(tx, actor, {
        action: 'student.unlock_lesson',
        entityType: 'user',
        entityId: user.id,
        summary: `Opened "${lesson.title}" early for ${user.email}`,
        after: { lesson_id: lessonId, course_id: lesson.courseId },
      });
    return opened;
  });
  return { created, detail: await studentDetail(ctx, user.id) };
}

export async function compStudent(ctx: AppContext, deps: MembershipDeps, actor: Actor, userId: number, months: number): Promise<AdminStudentDetail> {
  const user = await userOr404(ctx, userId);
  const granted = await compMembership(deps, { userId: user.id, months });
  await audited(ctx.db, actor, async () => ({
    result: granted,
    audit: {
      action: 'membership.comp',
      entityType: 'user',
      entityId: user.id,
      summary: `Gave ${user.email} ${months} month${months === 1 ? '' : 's'} of membership`,
      after: { membership_id: granted.id, months, end_date: granted.end_date },
    },
  }));
  return studentDetail(ctx, user.id);
}

export async function resendVerification(ctx: AppContext, actor: Actor, userId: number): Promise<{ detail: string }> {
  const user = await userOr404(ctx, userId);
  if (user.isVerified) throw new AppError('conflict', 'This account is already verified.');
  await sendVerificationEmail(ctx, user);
  await audited(ctx.db, actor, async () => ({
    result: null,
    audit: { action: 'student.resend_verification', entityType: 'user', entityId: user.id, summary: `Sent ${user.email} a new verification link` },
  }));
  return { detail: `A new verification link was sent to ${user.email}.` };
}

export async function blockStudent(ctx: AppContext, actor: Actor, userId: number, blocked: boolean): Promise<AdminStudentDetail> {
  const user = await userOr404(ctx, userId);
  if (blocked && (user.isAdmin || user.id === actor.id)) throw new AppError('conflict', 'An admin account cannot be blocked.');
  await audited(ctx.db, actor, async (tx) => {
    const change = await setBlocked(tx, user.id, blocked);
    return {
      result: change,
      audit: {
        action: blocked ? 'student.block' : 'student.unblock',
        entityType: 'user',
        entityId: user.id,
        summary: `${blocked ? 'Blocked' : 'Unblocked'} sign-in for ${user.email}`,
        before: { blocked_at: change.before },
        after: { blocked_at: change.after },
      },
    };
  });
  await ctx.invalidation.invalidate('accounts.blocked');
  return studentDetail(ctx, user.id);
}
