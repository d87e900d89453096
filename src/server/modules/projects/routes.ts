import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../shared/ids.js';
import { letterCourseSchema, projectMessages, projectSchema, submissionBodySchema, submissionSchema, verifiedLetterSchema } from '../../../shared/projects.js';
import { uploadLimits } from '../../../shared/uploads.js';
import type { AppContext } from '../../context.js';
import { AppError, fieldErrorsOf } from '../../errors.js';
import { requireViewer, viewerOf } from '../../http/auth.js';
import { bearerAuth, errors, fileField, fileResponse, optionalBearerAuth } from '../../http/openapi.js';
import { readForm } from '../../http/upload.js';
import { CREDENTIAL_MEDIA_TYPE } from '../credentials/index.js';
import { getSiteSettings } from '../settings/index.js';
import { renderLetterImage } from './letter-image.js';
import { renderLetterPdf } from './letter-pdf.js';
import * as projects from './service.js';

const submissionFields = ['repository_url', 'live_url', 'notes'] as const;
const fileOptions = { field: 'file', maxBytes: uploadLimits.resourceBytes, fields: submissionFields, maxFieldBytes: 64 * 1024 };
const mb = Math.round(uploadLimits.resourceBytes / (1024 * 1024));

/** The body of a submit or resubmit: JSON, or multipart/form-data with the same fields and an optional `file`. */
const submissionForm = {
  consumes: ['application/json', 'multipart/form-data'],
  schema: submissionBodySchema.extend({ file: fileField(`Optional: a PDF or ZIP (checked by content), at most ${mb} MB`).optional() }),
};

/** Reads and checks a submission's body, before anything is stored: a bad field is a 400 under its name. */
async function readSubmission(request: FastifyRequest): Promise<projects.SubmissionInput> {
  let raw: unknown = request.body;
  let upload;
  if (request.isMultipart()) {
    const form = await readForm(request, fileOptions);
    if (form.tooLong.length)
      throw AppError.fields(Object.fromEntries(form.tooLong.map((f) => [f, [f === 'notes' ? projectMessages.notesTooLong : 'This field is too long.']])));
    raw = form.fields;
    upload = form.upload;
  }
  const parsed = submissionBodySchema.safeParse(raw ?? {});
  if (!parsed.success) throw AppError.fields(fieldErrorsOf(parsed.error.issues));
  return { body: parsed.data, upload };
}

const letterParams = z.object({ letter_id: z.string().max(64) });
const submissionParams = z.object({ id: idSchema() });

/** The student's side of projects, and the letters anyone may verify. */
export function projectRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const secret = ctx.config.jwtSecret;
  const deps = { db: ctx.db, queue: ctx.queue, config: ctx.config, storage: ctx.storage };
  return async (app) => {
    app.get(
      '/courses/:slug/projects/',
      {
        schema: {
          tags: ['projects'],
          ...optionalBearerAuth,
          summary: "A published course's projects: title and summary for everyone; brief and criteria for those who may open the course",
          params: z.object({ slug: z.string().max(200) }),
          response: { 200: z.array(projectSchema) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return projects.projectsOfCourse(ctx.db, await viewerOf(request, secret), request.params.slug);
      },
    );

    app.get(
      '/projects/:project_id/',
      {
        schema: {
          tags: ['projects'],
          ...optionalBearerAuth,
          summary: 'One project (its own page): the brief and criteria for those who may open its course',
          params: z.object({ project_id: idSchema() }),
          response: { 200: projectSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return projects.projectForViewer(ctx.db, await viewerOf(request, secret), request.params.project_id);
      },
    );

    app.post(
      '/projects/:project_id/submissions/',
      {
        schema: {
          tags: ['projects'],
          ...bearerAuth,
          form: submissionForm,
          summary:
            'Hands in a project (who may open the course only): repository (https on GitHub, GitLab, Bitbucket or Codeberg), optional live URL (https), notes, optional PDF or ZIP; one open submission per project (409 while one waits, has changes requested or was approved; a new one after a rejection)',
          params: z.object({ project_id: idSchema() }),
          response: { 201: submissionSchema, ...errors(403, 409) },
        },
        config: { rateLimit: { max: 120, timeWindow: '10 minutes' } },
      },
      async (request, reply) => {
        const viewer = await requireViewer(request, secret);
        const input = await readSubmission(request);
        return reply.code(201).send(await projects.submitProject(deps, viewer, request.params.project_id, input));
      },
    );

    app.get(
      '/project-submissions/',
      {
        schema: {
          tags: ['projects'],
          ...bearerAuth,
          summary: "The viewer's own submissions, with their rounds and timeline",
          response: { 200: z.array(submissionSchema) },
        },
      },
      async (request) => projects.mySubmissions(ctx.db, await requireViewer(request, secret)),
    );

    app.get(
      '/project-submissions/:id/',
      {
        schema: {
          tags: ['projects'],
          ...bearerAuth,
          summary: "One of the viewer's submissions (anyone else's: 404)",
          params: submissionParams,
          response: { 200: submissionSchema },
        },
      },
      async (request) => projects.ownSubmission(deps, await requireViewer(request, secret), request.params.id),
    );

    app.post(
      '/project-submissions/:id/resubmit/',
      {
        schema: {
          tags: ['projects'],
          ...bearerAuth,
          form: submissionForm,
          summary: 'Hands the same submission in again after the reviewer asked for changes (a new round; 409 otherwise)',
          params: submissionParams,
          response: { 200: submissionSchema, ...errors(403, 409) },
        },
        config: { rateLimit: { max: 120, timeWindow: '10 minutes' } },
      },
      async (request) => {
        const viewer = await requireViewer(request, secret);
        const input = await readSubmission(request);
        return projects.resubmitProject(deps, viewer, request.params.id, input);
      },
    );

    app.get(
      '/project-submissions/:id/rounds/:round_id/file/',
      {
        schema: {
          tags: ['projects'],
          ...bearerAuth,
          summary: "A round's file, for the submission's owner",
          params: z.object({ id: idSchema(), round_id: idSchema() }),
          response: { 200: fileResponse(['application/pdf', 'application/zip'], 'The file as handed in') },
        },
      },
      async (request, reply) => {
        const viewer = await requireViewer(request, secret);
        const { file, name, contentType } = await projects.ownRoundFile(ctx.storage, ctx.db, viewer, request.params.id, request.params.round_id);
        return reply
          .header('Content-Type', contentType)
          .header('Content-Disposition', `attachment; filename="${name.replace(/[^\w.\- ]/g, '_')}"`)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, no-store')
          .send(file.body);
      },
    );

    app.get(
      '/letters/:letter_id/',
      {
        schema: {
          tags: ['projects'],
          summary:
            "A pre-experience letter, public: the facts, its status (valid or revoked), whether its credential's signature checks out against the published keys; never the student's email",
          params: letterParams,
          response: { 200: verifiedLetterSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-cache');
        return projects.verifyLetter(ctx.db, ctx.config, request.params.letter_id);
      },
    );

    app.get(
      '/letters/:letter_id/credential/',
      {
        schema: {
          tags: ['projects'],
          summary: 'The letter as an Open Badges 3.0 OpenBadgeCredential, a VC-JWT (EdDSA, kid of a key in /.well-known/jwks.json); 410 once revoked',
          params: letterParams,
          response: { 200: fileResponse(CREDENTIAL_MEDIA_TYPE, 'The VC-JWT (compact JWS)'), ...errors(410) },
        },
      },
      async (request, reply) => {
        const token = await projects.letterCredential(ctx.db, ctx.config, request.params.letter_id);
        return reply.header('Content-Type', CREDENTIAL_MEDIA_TYPE).header('Cache-Control', 'no-cache').send(token);
      },
    );

    app.get(
      '/letters/:letter_id/image/',
      {
        schema: {
          tags: ['projects'],
          summary: "The letter's share picture (og:image): a 1200×630 JPEG",
          params: letterParams,
          response: { 200: fileResponse('image/jpeg', 'The share picture') },
        },
      },
      async (request, reply) => {
        const letter = await projects.publicLetter(ctx.db, ctx.config, request.params.letter_id);
        return reply
          .header('Content-Type', 'image/jpeg')
          .header('Cache-Control', 'public, max-age=300')
          .send(await renderLetterImage(letter));
      },
    );

    app.get(
      '/letters/:letter_id/download/',
      {
        schema: {
          tags: ['projects'],
          ...bearerAuth,
          summary: 'The letter as a PDF, for its owner and admins (a revoked one too, marked revoked)',
          params: letterParams,
          response: { 200: fileResponse('application/pdf', 'The letter') },
        },
      },
      async (request, reply) => {
        const letter = await projects.letterForDownload(ctx.db, ctx.config, await requireViewer(request, secret), request.params.letter_id);
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `attachment; filename="letter-${letter.number}.pdf"`)
          .header('Cache-Control', 'private, no-store')
          .send(await renderLetterPdf(letter));
      },
    );

    app.get(
      '/letter-course/',
      {
        schema: {
          tags: ['projects'],
          summary:
            "The course the home page's 'Get Your Letter' banner leads to (chosen in the studio's Settings; else the first published course with a project)",
          response: { 200: letterCourseSchema },
        },
      },
      async () => {
        const settings = await getSiteSettings(ctx.db, ctx.config);
        const chosen = Number(settings.letter_course_id) || undefined;
        return projects.letterCourse(ctx.db, chosen);
      },
    );
  };
}
