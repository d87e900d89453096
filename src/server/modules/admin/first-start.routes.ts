import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { demoContentSchema, removeDemoBodySchema, removeDemoResultSchema, setupChecklistSchema } from '../../../shared/setup.js';
import type { AppContext } from '../../context.js';
import { errors } from '../../http/openapi.js';
import { previewDemoRemoval, removeDemoContent } from './demo-content.service.js';
import { actorOf } from './guard.js';
import { adminDoc } from './openapi.js';
import { dismissChecklist, setupChecklist } from './setup-checklist.service.js';

/** A first start that makes the site the instructor's: the Overview's checklist and 'Remove the demo content'. */
export function firstStartAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/setup-checklist/',
      { schema: { ...adminDoc, summary: "The first-run checklist, each step's state computed from the data", response: { 200: setupChecklistSchema } } },
      async () => setupChecklist(ctx),
    );
    app.post(
      '/setup-checklist/dismiss/',
      {
        schema: {
          ...adminDoc,
          summary: 'Hides the completed checklist for good (409 while a step is not done)',
          response: { 200: setupChecklistSchema, ...errors(409) },
        },
      },
      async (request) => dismissChecklist(ctx, actorOf(request)),
    );
    app.get(
      '/demo-content/',
      {
        schema: {
          ...adminDoc,
          summary: "What 'Remove the demo content' would delete now, what it keeps and why, and the token confirming exactly this",
          response: { 200: demoContentSchema },
        },
      },
      async () => previewDemoRemoval(ctx),
    );
    app.post(
      '/demo-content/remove/',
      {
        schema: {
          ...adminDoc,
          summary:
            'Deletes the demo content the preview named by `token` showed, never anything with an order, enrolment, membership, hand-in or letter; 409 when it changed since; nothing left: 200, nothing written',
          body: removeDemoBodySchema,
          response: { 200: removeDemoResultSchema, ...errors(409) },
        },
      },
      async (request) => removeDemoContent(ctx, actorOf(request), request.body.token),
    );
  };
}
