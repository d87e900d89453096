import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../shared/ids.js';
import {
  certificateSchema,
  completeLessonBodySchema,
  lessonCompletionSchema,
  dashboardSummarySchema,
  enrolmentSchema,
  progressSchema,
  publicCertificateSchema,
  questionBodySchema,
  questionSchema,
} from '../../../shared/learning.js';
import { quizAttemptBodySchema, quizAttemptResultSchema, quizAttemptsSchema } from '../../../shared/quizzes.js';
import { memosFor, type AppContext } from '../../context.js';
import { requireViewer } from '../../http/auth.js';
import { bearerAuth, errors, fileResponse } from '../../http/openapi.js';
import { ownedBy } from '../access/index.js';
import { CREDENTIAL_MEDIA_TYPE } from '../credentials/index.js';
import { renderCertificatePdf } from './certificate-pdf.js';
import * as quizzes from './quizzes.js';
import * as learning from './service.js';

const quizParams = z.object({ lessonUuid: z.uuid('Enter a valid lesson id.') });
const courseParams = z.object({ courseId: idSchema() });
const slugCourseParams = z.object({ slug: z.string().max(200), courseId: idSchema() });

export function learningRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const deps = { db: ctx.db, queue: ctx.queue, config: ctx.config };
  const secret = ctx.config.jwtSecret;
  return async (app) => {
    app.post(
      '/free-enroll/:courseId/',
      {
        schema: {
          tags: ['learning'],
          ...bearerAuth,
          summary: 'Enrols the viewer in a free course (paid courses are refused)',
          params: courseParams,
          response: { 200: z.object({ success: z.literal(true), message: z.string(), course_status: z.string() }) },
        },
      },
      async (request) => learning.freeEnroll(ctx.db, (await requireViewer(request, secret)).userId, request.params.courseId),
    );

    app.get(
      '/check-enrollment/:courseId/',
      { schema: { tags: ['learning'], ...bearerAuth, params: courseParams, response: { 200: z.object({ course_status: z.string() }) } } },
      async (request) => {
        // An enrolment fact: kept in the viewer cache until one of the viewer's enrolments changes.
        const { userId } = await requireViewer(request, secret);
        return ctx.viewerCache.get(userId, `check-enrollment:${request.params.courseId}`, () =>
          learning.checkEnrollment(ctx.db, userId, request.params.courseId),
        );
      },
    );

    app.get(
      '/student/courses/:userId/',
      {
        schema: {
          tags: ['learning'],
          ...bearerAuth,
          summary: "The user's own enrolments (anyone else's: 404)",
          params: z.object({ userId: idSchema() }),
          querystring: z.object({ search: z.string().max(100).optional(), course_status: z.enum(['completed']).optional() }),
          response: { 200: z.array(enrolmentSchema) },
        },
      },
      async (request) => {
        const viewer = await requireViewer(request, secret);
        ownedBy({ userId: request.params.userId }, viewer, 'Not found.');
        return learning.studentCourses(ctx.db, request.params.userId, {
          search: request.query.search,
          completedOnly: request.query.course_status === 'completed',
        });
      },
    );

    app.get(
      '/student/dashboard/',
      { schema: { tags: ['learning'], ...bearerAuth, summary: 'Dashboard counters (real counts)', response: { 200: dashboardSummarySchema } } },
      async (request) => {
        const { userId } = await requireViewer(request, secret);
        // Counts of the viewer's facts (enrolments, progress, certificates, letters): kept until one is written.
        return ctx.viewerCache.get(userId, 'dashboard', () => learning.dashboardSummary(ctx.db, userId));
      },
    );

    app.post(
      '/complete-lesson/',
      {
        schema: {
          tags: ['learning'],
          ...bearerAuth,
          summary: 'Marks a lesson completed (once), or not completed with completed_status false; refused for a course the student does not own',
          body: completeLessonBodySchema,
          response: { 200: lessonCompletionSchema, ...errors(403, 404) },
        },
      },
      async (request) => {
        const viewer = await requireViewer(request, secret);
        return learning.completeLesson(ctx.db, viewer, request.body.lesson_uuid, request.body.completed_status, memosFor(ctx, viewer.userId));
      },
    );

    app.post(
      '/quizzes/:lessonUuid/attempts/',
      {
        schema: {
          tags: ['learning'],
          ...bearerAuth,
          summary:
            'Grades an attempt at a quiz lesson; a pass completes the lesson. Correct options and explanations only once passed or out of attempts; 409 past max_attempts or once passed',
          params: quizParams,
          body: quizAttemptBodySchema,
          response: { 200: quizAttemptResultSchema, ...errors(403, 404, 409) },
        },
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      },
      async (request) => quizzes.submitAttempt(ctx.db, await requireViewer(request, secret), request.params.lessonUuid, request.body),
    );

    app.get(
      '/quizzes/:lessonUuid/attempts/',
      {
        schema: {
          tags: ['learning'],
          ...bearerAuth,
          summary: "The viewer's attempts at a quiz lesson, newest first (answers revealed only once passed or out of attempts)",
          params: quizParams,
          response: { 200: quizAttemptsSchema, ...errors(403, 404) },
        },
      },
      async (request) => quizzes.myAttempts(ctx.db, await requireViewer(request, secret), request.params.lessonUuid),
    );

    app.post(
      '/open-lesson/',
      {
        schema: {
          tags: ['learning'],
          ...bearerAuth,
          summary: "The lesson player opened a lesson: a member's first lesson of a course enrols them (progress, dashboard, certificate)",
          body: completeLessonBodySchema,
          response: { 200: z.object({ lesson_uuid: z.string(), course_status: z.string() }), ...errors(403, 404) },
        },
      },
      async (request) => {
        const viewer = await requireViewer(request, secret);
        return learning.openLesson(ctx.db, viewer, request.body.lesson_uuid, memosFor(ctx, viewer.userId));
      },
    );

    app.post(
      '/course-complete/:slug/:courseId/',
      {
        schema: {
          tags: ['learning'],
          ...bearerAuth,
          summary: 'Completes a course whose every lesson is completed (and answers its certificate); 409 before that',
          params: slugCourseParams,
          response: { 200: progressSchema, ...errors(403, 409) },
        },
      },
      async (request) => learning.completeCourse(ctx.db, await requireViewer(request, secret), request.params.slug, request.params.courseId),
    );

    app.post(
      '/course-restart/:slug/:courseId/',
      {
        schema: {
          tags: ['learning'],
          ...bearerAuth,
          summary: 'Resets progress to 0 (status in_progress)',
          params: slugCourseParams,
          response: { 200: progressSchema },
        },
      },
      async (request) => learning.restartCourse(ctx.db, (await requireViewer(request, secret)).userId, request.params.slug, request.params.courseId),
    );

    app.get(
      '/certificates/',
      { schema: { tags: ['learning'], ...bearerAuth, summary: "The viewer's certificates", response: { 200: z.array(certificateSchema) } } },
      async (request) => learning.myCertificates(deps, (await requireViewer(request, secret)).userId),
    );

    app.get(
      '/certificates/:certificate_id/',
      {
        schema: {
          tags: ['learning'],
          summary: 'Public verification of a certificate',
          params: z.object({ certificate_id: z.string().max(40) }),
          response: { 200: publicCertificateSchema },
        },
      },
      async (request) => learning.verifyCertificate(deps, request.params.certificate_id),
    );

    app.get(
      '/certificates/:certificate_id/credential/',
      {
        schema: {
          tags: ['learning'],
          summary: 'The certificate as an Open Badges 3.0 OpenBadgeCredential: a VC-JWT (EdDSA) that verifies with /.well-known/jwks.json',
          params: z.object({ certificate_id: z.string().max(40) }),
          response: { 200: fileResponse(CREDENTIAL_MEDIA_TYPE, 'The VC-JWT (compact JWS)'), ...errors(404) },
        },
      },
      async (request, reply) => {
        const token = await learning.certificateCredential(deps, request.params.certificate_id);
        return reply.header('Content-Type', CREDENTIAL_MEDIA_TYPE).header('Cache-Control', 'no-cache').send(token);
      },
    );

    app.get(
      '/certificates/:certificate_id/download/',
      {
        schema: {
          tags: ['learning'],
          ...bearerAuth,
          summary: 'The certificate as a PDF (its owner only)',
          params: z.object({ certificate_id: z.string().max(40) }),
          response: { 200: fileResponse('application/pdf', 'The certificate') },
        },
      },
      async (request, reply) => {
        const certificate = await learning.certificateForDownload(deps, request.params.certificate_id, await requireViewer(request, secret));
        reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `attachment; filename="certificate-${certificate.certificate_id}.pdf"`)
          .header('Cache-Control', 'private, no-store');
        return reply.send(await renderCertificatePdf(certificate));
      },
    );

    app.get(
      '/questions/',
      {
        schema: {
          tags: ['learning'],
          ...bearerAuth,
          summary: "Questions of a course the viewer owns, or the viewer's own",
          querystring: z.object({ course_id: idSchema().optional() }),
          response: { 200: z.array(questionSchema), ...errors(403, 404) },
        },
      },
      async (request) => learning.listQuestions(ctx.db, await requireViewer(request, secret), { courseId: request.query.course_id }),
    );

    app.post(
      '/questions/',
      {
        schema: {
          tags: ['learning'],
          ...bearerAuth,
          summary: 'Asks a question on a course or lesson (plain text)',
          body: questionBodySchema,
          response: { 201: questionSchema, ...errors(403, 404) },
        },
        config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      },
      async (request, reply) => reply.code(201).send(await learning.askQuestion(deps, await requireViewer(request, secret), request.body)),
    );
  };
}
