import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminQuestionPageSchema,
  adminQuestionQuerySchema,
  contactHandledBodySchema,
  contactMessagePageSchema,
  contactMessageQuerySchema,
  contactMessageSchema,
} from '../../../shared/inbox.js';
import { answerBodySchema, questionSchema } from '../../../shared/learning.js';
import type { AppContext } from '../../context.js';
import { contactInbox, setContactHandled } from '../contact/index.js';
import { answerQuestion, questionInbox } from '../learning/index.js';
import { audited } from './audit.js';
import { actorOf } from './guard.js';
import { adminDoc, idParam } from './openapi.js';
import { pageWindow } from './paging.js';

/** The studio's two inboxes: students' questions (answered from here) and contact-page messages. */
export function inboxAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/questions/',
      {
        schema: {
          ...adminDoc,
          summary: 'Questions across every course, unanswered first (newest first within each), with student, course, lesson and answers',
          querystring: adminQuestionQuerySchema,
          response: { 200: adminQuestionPageSchema },
        },
      },
      async (request) => {
        const query = request.query;
        const { limit, offset } = pageWindow(query);
        const page = await questionInbox(ctx.db, { answered: query.answered, courseId: query.course_id }, limit, offset);
        return { count: page.total, page: query.page, page_size: query.page_size, results: page.results, unanswered: page.unanswered };
      },
    );

    app.post(
      '/questions/:questionId/answers/',
      {
        schema: {
          ...adminDoc,
          summary: "The instructor's answer; the student is emailed",
          params: z.object({ questionId: idParam }),
          body: answerBodySchema,
          response: { 201: questionSchema },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const question = await audited(ctx.db, actor, async (tx) => {
          const result = await answerQuestion(tx, ctx, actor.id!, request.params.questionId, request.body.body);
          return {
            result,
            audit: {
              action: 'question.answer',
              entityType: 'question',
              entityId: request.params.questionId,
              summary: `Answered "${result.title}"`,
              before: { answers: result.answers.length - 1 },
              after: { answers: result.answers.length, answer: request.body.body },
            },
          };
        });
        return reply.code(201).send(question);
      },
    );

    app.get(
      '/contact-messages/',
      {
        schema: {
          ...adminDoc,
          summary: 'Messages from the contact page, newest first; filter handled or not',
          querystring: contactMessageQuerySchema,
          response: { 200: contactMessagePageSchema },
        },
      },
      async (request) => {
        const query = request.query;
        const { limit, offset } = pageWindow(query);
        const page = await contactInbox(ctx.db, { handled: query.handled }, limit, offset);
        return { count: page.total, page: query.page, page_size: query.page_size, results: page.results, unhandled: page.unhandled };
      },
    );

    app.patch(
      '/contact-messages/:messageId/',
      {
        schema: {
          ...adminDoc,
          summary: 'Marks a contact message handled, or back to waiting',
          params: z.object({ messageId: idParam }),
          body: contactHandledBodySchema,
          response: { 200: contactMessageSchema },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const { messageId } = request.params;
        const { handled } = request.body;
        return audited(ctx.db, actor, async (tx) => {
          const { before, after } = await setContactHandled(tx, messageId, handled, actor.id);
          return {
            result: after,
            audit: {
              action: handled ? 'contact.handled' : 'contact.unhandled',
              entityType: 'contact_message',
              entityId: messageId,
              summary: `${handled ? 'Marked handled' : 'Marked not handled'}: message from ${after.name} <${after.email}>`,
              before: { handled: before.handled, handled_at: before.handled_at },
              after: { handled: after.handled, handled_at: after.handled_at },
            },
          };
        });
      },
    );
  };
}
