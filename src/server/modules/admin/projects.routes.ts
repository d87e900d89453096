import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProjectSchema,
  adminSubmissionPageSchema,
  adminSubmissionQuerySchema,
  adminSubmissionSchema,
  letterSchema,
  projectBodySchema,
  projectPatchSchema,
  reviewBodySchema,
  reviewResultSchema,
  revokeBodySchema,
} from '../../../shared/projects.js';
import type { AppContext } from '../../context.js';
import { errors, fileResponse, noContent } from '../../http/openapi.js';
import * as projects from '../projects/index.js';
import { actorOf, reviewerOrAdmin } from './guard.js';
import { adminDoc, idParam } from './openapi.js';
import { pageWindow } from './paging.js';
import { partialUpdate } from './patch.js';
import * as studio from './projects.service.js';

const projectParams = z.object({ project_id: idParam });
const submissionParams = z.object({ id: idParam });

/** The studio's projects (a course's Projects tab), the review queue and the letters' revocation. Every change is audited. */
export function projectAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/courses/:course_id/projects/',
      {
        schema: {
          ...adminDoc,
          summary: "A course's projects in their order, published or not, with how many submissions each has",
          params: z.object({ course_id: idParam }),
          response: { 200: z.array(adminProjectSchema) },
        },
      },
      async (request) => projects.studioProjects(ctx.db, request.params.course_id),
    );

    app.post(
      '/courses/:course_id/projects/',
      {
        schema: {
          ...adminDoc,
          summary: 'Adds a project at the end of the course (the brief is sanitised rich text)',
          params: z.object({ course_id: idParam }),
          body: projectBodySchema,
          response: { 201: adminProjectSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await studio.createProject(ctx, actorOf(request), request.params.course_id, request.body)),
    );

    app.patch(
      '/projects/:project_id/',
      {
        schema: {
          ...adminDoc,
          summary: 'Edits the fields sent: published false unpublishes it, position moves it (1 = first)',
          params: projectParams,
          body: projectPatchSchema,
          response: { 200: adminProjectSchema },
        },
      },
      async (request) =>
        partialUpdate(
          request.body,
          () => projects.getStudioProject(ctx.db, request.params.project_id),
          (patch) => studio.updateProject(ctx, actorOf(request), request.params.project_id, patch),
        ),
    );

    app.delete(
      '/projects/:project_id/',
      {
        schema: {
          ...adminDoc,
          summary: 'Deletes a project nobody handed in yet (409 once students have: unpublish it instead)',
          params: projectParams,
          response: { 204: noContent('Deleted'), ...errors(409) },
        },
      },
      async (request, reply) => {
        await studio.deleteProject(ctx, actorOf(request), request.params.project_id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/project-submissions/',
      {
        config: reviewerOrAdmin,
        schema: {
          ...adminDoc,
          summary: 'The review queue: oldest first, with days waiting; filter by status and course. `waiting` counts those submitted or in review',
          querystring: adminSubmissionQuerySchema,
          response: { 200: adminSubmissionPageSchema },
        },
      },
      async (request) => {
        const page = await projects.reviewQueue(ctx.db, request.query, pageWindow(request.query));
        return { ...page, waiting: await projects.waitingSubmissions(ctx.db) };
      },
    );

    app.get(
      '/project-submissions/:id/',
      {
        config: reviewerOrAdmin,
        schema: {
          ...adminDoc,
          summary: 'A submission with every round; opening one that was submitted starts its review (status in_review)',
          params: submissionParams,
          response: { 200: adminSubmissionSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return projects.openForReview(ctx.db, studio.reviewerOf(actorOf(request)), request.params.id);
      },
    );

    app.post(
      '/project-submissions/:id/review/',
      {
        config: reviewerOrAdmin,
        schema: {
          ...adminDoc,
          summary:
            'Decides the waiting round: approved (every criterion met; issues the letter, answered as letter_id), changes_requested or rejected (with feedback). 409 when already decided',
          params: submissionParams,
          body: reviewBodySchema,
          response: { 200: reviewResultSchema, ...errors(409) },
        },
      },
      async (request) => studio.reviewSubmission(ctx, actorOf(request), request.params.id, request.body),
    );

    app.get(
      '/project-submissions/:id/rounds/:round_id/file/',
      {
        config: reviewerOrAdmin,
        schema: {
          ...adminDoc,
          summary: "A round's file, as the student handed it in",
          params: z.object({ id: idParam, round_id: idParam }),
          response: { 200: fileResponse(['application/pdf', 'application/zip'], 'The file') },
        },
      },
      async (request, reply) => {
        const { file, name, contentType } = await projects.studioRoundFile(ctx.storage, ctx.db, request.params.id, request.params.round_id);
        return reply
          .header('Content-Type', contentType)
          .header('Content-Disposition', `attachment; filename="${name.replace(/[^\w.\- ]/g, '_')}"`)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, no-store')
          .send(file.body);
      },
    );

    app.post(
      '/letters/:letter_id/revoke/',
      {
        config: reviewerOrAdmin,
        schema: {
          ...adminDoc,
          summary: 'Revokes a letter with the reason: its page says revoked, its credential answers 410, its PDF stays downloadable',
          params: z.object({ letter_id: z.string().max(64) }),
          body: revokeBodySchema,
          response: { 200: letterSchema, ...errors(409) },
        },
      },
      async (request) => studio.revokeLetter(ctx, actorOf(request), request.params.letter_id, request.body.reason),
    );
  };
}
