import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminMessageSchema,
  adminStudentDetailSchema,
  adminStudentQuerySchema,
  adminStudentSchema,
  pageOf,
  studentCompBodySchema,
  studentEnrolBodySchema,
  studentUnlockBodySchema,
} from '../../../shared/admin.js';
import type { AppContext } from '../../context.js';
import { actorOf } from './guard.js';
import { errors } from '../../http/openapi.js';
import { adminDoc, idParam } from './openapi.js';
import * as students from './students.service.js';

const studentParams = z.object({ userId: idParam });

export function studentAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const detail = { 200: adminStudentDetailSchema };

    app.get(
      '/students/',
      {
        schema: {
          ...adminDoc,
          summary: 'Accounts by name or email, verified or blocked; sorted and paged',
          querystring: adminStudentQuerySchema,
          response: { 200: pageOf(adminStudentSchema) },
        },
      },
      async (request) => students.listStudents(ctx, request.query),
    );

    app.get(
      '/students/:userId/',
      { schema: { ...adminDoc, summary: 'One student: orders, enrolments with progress, memberships, questions', params: studentParams, response: detail } },
      async (request) => students.studentDetail(ctx, request.params.userId),
    );

    app.post(
      '/students/:userId/enrolments/',
      {
        schema: {
          ...adminDoc,
          summary: 'Enrols the student in a course by hand (409 when already enrolled)',
          params: studentParams,
          body: studentEnrolBodySchema,
          response: { 201: adminStudentDetailSchema, ...errors(409) },
        },
      },
      async (request, reply) => reply.code(201).send(await students.enrolStudent(ctx, actorOf(request), request.params.userId, request.body.course_id)),
    );

    app.delete(
      '/students/:userId/enrolments/:courseId/',
      {
        schema: {
          ...adminDoc,
          summary: "Revokes the student's enrolment in a course (progress is kept should they be enrolled again)",
          params: studentParams.extend({ courseId: idParam }),
          response: detail,
        },
      },
      async (request) => students.revokeStudent(ctx, actorOf(request), request.params.userId, request.params.courseId),
    );

    app.post(
      '/students/:userId/unlocks/',
      {
        schema: {
          ...adminDoc,
          summary: "Opens a dripped lesson early for this student ('Open early'): 201 when opened now, 200 when it already was",
          params: studentParams,
          body: studentUnlockBodySchema,
          response: { 200: adminStudentDetailSchema, 201: adminStudentDetailSchema },
        },
      },
      async (request, reply) => {
        const { created, detail } = await students.unlockLesson(ctx, actorOf(request), request.params.userId, request.body.lesson_id);
        return reply.code(created ? 201 : 200).send(detail);
      },
    );

    app.post(
      '/students/:userId/comp/',
      {
        schema: {
          ...adminDoc,
          summary: 'Gives the student N months of membership free (extends a complimentary one; 409 over a paid one)',
          params: studentParams,
          body: studentCompBodySchema,
          response: { ...detail, ...errors(409) },
        },
      },
      async (request) =>
        students.compStudent(
          ctx,
          { db: ctx.db, queue: ctx.queue, config: ctx.config, log: request.log, stripe: ctx.stripe, razorpay: ctx.razorpay },
          actorOf(request),
          request.params.userId,
          request.body.months,
        ),
    );

    app.post(
      '/students/:userId/resend-verification/',
      {
        schema: {
          ...adminDoc,
          summary: 'Sends a new verification link (409 when already verified)',
          params: studentParams,
          response: { 200: adminMessageSchema, ...errors(409) },
        },
      },
      async (request) => students.resendVerification(ctx, actorOf(request), request.params.userId),
    );

    for (const [verb, blocked] of [
      ['block', true],
      ['unblock', false],
    ] as const) {
      app.post(
        `/students/:userId/${verb}/`,
        {
          schema: {
            ...adminDoc,
            summary: blocked
              ? 'Blocks sign-in: the student cannot log in, and their open sessions stop at once (an admin cannot be blocked)'
              : 'Lets the student sign in again',
            params: studentParams,
            // Blocking an admin (or oneself) is refused: 409.
            response: { ...detail, ...errors(409) },
          },
        },
        async (request) => students.blockStudent(ctx, actorOf(request), request.params.userId, blocked),
      );
    }
  };
}
