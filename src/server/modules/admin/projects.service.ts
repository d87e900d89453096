import type { ProjectPatch, ReviewBody } from '../../../shared/projects.js';
import type { StaffRole } from '../../../shared/team.js';
import type { AppContext } from '../../context.js';
import * as projects from '../projects/index.js';
import { audited, type Actor } from './audit.js';

/** The reviewer deciding: the signed-in account, with the role a letter prints (the admin is the instructor). */
export function reviewerOf(actor: Actor & { role: StaffRole }): projects.Reviewer {
  return { id: actor.id, name: actor.name, role: actor.role === 'admin' ? 'Instructor' : 'Reviewer' };
}

export function createProject(ctx: AppContext, actor: Actor, courseId: number, body: projects.ProjectInput) {
  return audited(ctx.db, actor, async (tx) => {
    const { project, courseTitle } = await projects.createProject(tx, courseId, body);
    return {
      result: project,
      audit: {
        action: 'project.create',
        entityType: 'project',
        entityId: project.id,
        summary: `Created project "${project.title}" in "${courseTitle}"`,
        after: project,
      },
    };
  });
}

export function updateProject(ctx: AppContext, actor: Actor, projectId: number, patch: ProjectPatch) {
  return audited(ctx.db, actor, async (tx) => {
    const { before, after } = await projects.updateProject(tx, projectId, patch);
    const summary =
      patch.published === false && before.published
        ? `Unpublished project "${after.title}"`
        : patch.published === true && !before.published
          ? `Published project "${after.title}"`
          : `Edited project "${after.title}"`;
    return { result: after, audit: { action: 'project.update', entityType: 'project', entityId: projectId, summary, before, after } };
  });
}

export function deleteProject(ctx: AppContext, actor: Actor, projectId: number) {
  return audited(ctx.db, actor, async (tx) => {
    const before = await projects.deleteProject(tx, projectId);
    return {
      result: null,
      audit: { action: 'project.delete', entityType: 'project', entityId: projectId, summary: `Deleted project "${before.title}"`, before },
    };
  });
}

/** A decision and its audit row commit together; a refused one (409, 400) writes neither. */
export function reviewSubmission(ctx: AppContext, actor: Actor & { role: StaffRole }, submissionId: number, body: ReviewBody) {
  return audited(ctx.db, actor, async (tx) => {
    const decided = await projects.decideSubmission(tx, ctx, reviewerOf(actor), submissionId, body);
    return {
      result: { ...decided.submission, letter_id: decided.letterId },
      audit: {
        action: `submission.${body.decision}`,
        entityType: 'project_submission',
        entityId: submissionId,
        summary: decided.summary,
        before: decided.before,
        after: { ...decided.after, feedback: body.feedback ?? '', criteria: body.criteria },
      },
    };
  });
}

export function revokeLetter(ctx: AppContext, actor: Actor, letterId: string, reason: string) {
  return audited(ctx.db, actor, async (tx) => {
    const { before, after } = await projects.revokeLetter(tx, ctx.config, letterId, reason);
    return {
      result: after,
      audit: {
        action: 'letter.revoke',
        entityType: 'letter',
        entityId: letterId,
        summary: `Revoked letter ${after.number} of ${after.student_name} ("${after.project_title}"): ${reason}`,
        before: { status: before.status },
        after: { status: after.status, revoked_at: after.revoked_at, reason },
      },
    };
  });
}
