import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '../../../shared/admin.js';
import {
  adminBroadcastDetailSchema,
  adminBroadcastSchema,
  audienceCountSchema,
  audienceQuerySchema,
  broadcastBodySchema,
  broadcastPatchSchema,
  broadcastQuerySchema,
  broadcastRecipientSchema,
  recipientQuerySchema,
  sendBroadcastBodySchema,
  testSentSchema,
} from '../../../shared/broadcasts.js';
import type { AppContext } from '../../context.js';
import { errors, noContent } from '../../http/openapi.js';
import {
  audienceCount,
  listBroadcastRecipients,
  createBroadcast,
  deleteBroadcast,
  getBroadcast,
  listBroadcasts,
  sendBroadcast,
  sendTestBroadcast,
  unscheduleBroadcast,
  updateBroadcast,
  type BroadcastDeps,
} from '../broadcasts/index.js';
import { audited } from './audit.js';
import { actorOf } from './guard.js';
import { adminDoc, idParam } from './openapi.js';
import { pageWindow } from './paging.js';
import { partialUpdate } from './patch.js';

const params = z.object({ broadcastId: idParam });

/** Studio → Emails: broadcasts to an audience of students, their sending and each recipient's status. */
export function broadcastAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const deps: BroadcastDeps = { db: ctx.db, queue: ctx.queue, config: ctx.config, mailer: ctx.mailer };
  return async (app) => {
    deps.log = app.log;
    app.get(
      '/broadcasts/',
      {
        schema: {
          ...adminDoc,
          summary: 'Broadcasts, newest first, with their counts (recipients, queued, sent, failed, unsubscribed)',
          querystring: broadcastQuerySchema,
          response: { 200: pageOf(adminBroadcastSchema) },
        },
      },
      async (request) => listBroadcasts(ctx.db, request.query, pageWindow(request.query)),
    );

    app.get(
      '/broadcasts/audience/',
      {
        schema: {
          ...adminDoc,
          summary: 'How many people an audience reaches if sent now (those who unsubscribed from broadcasts counted apart)',
          querystring: audienceQuerySchema,
          response: { 200: audienceCountSchema },
        },
      },
      async (request) => audienceCount(ctx.db, request.query.audience, request.query.course_id ?? null),
    );

    app.post(
      '/broadcasts/',
      {
        schema: {
          ...adminDoc,
          summary: 'Creates a draft: subject, HTML (sanitised; a plain-text part is made from it), audience and, for a course audience, course_id',
          body: broadcastBodySchema,
          response: { 201: adminBroadcastDetailSchema },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const broadcast = await audited(ctx.db, actor, async (tx) => {
          const result = await createBroadcast(tx, request.body, actor.id);
          return {
            result,
            audit: { action: 'broadcast.create', entityType: 'broadcast', entityId: result.id, summary: `Wrote email "${result.subject}"`, after: result },
          };
        });
        return reply.code(201).send(broadcast);
      },
    );

    app.get(
      '/broadcasts/:broadcastId/',
      { schema: { ...adminDoc, summary: 'One broadcast: its content and counts', params, response: { 200: adminBroadcastDetailSchema } } },
      async (request) => getBroadcast(ctx.db, request.params.broadcastId),
    );

    app.get(
      '/broadcasts/:broadcastId/recipients/',
      {
        schema: {
          ...adminDoc,
          summary: "Each recipient's status (queued, sending, sent, failed, unsubscribed), by status or part of the email or name",
          params,
          querystring: recipientQuerySchema,
          response: { 200: pageOf(broadcastRecipientSchema) },
        },
      },
      async (request) => listBroadcastRecipients(ctx.db, request.params.broadcastId, request.query, pageWindow(request.query)),
    );

    app.patch(
      '/broadcasts/:broadcastId/',
      {
        schema: {
          ...adminDoc,
          summary: 'Edits a draft or scheduled broadcast (only the fields sent); 409 once it is being sent',
          params,
          body: broadcastPatchSchema,
          response: { 200: adminBroadcastDetailSchema, ...errors(409) },
        },
      },
      async (request) =>
        partialUpdate(
          request.body,
          () => getBroadcast(ctx.db, request.params.broadcastId),
          (patch) =>
            audited(ctx.db, actorOf(request), async (tx) => {
              const { before, after } = await updateBroadcast(tx, request.params.broadcastId, patch);
              return {
                result: after,
                audit: { action: 'broadcast.update', entityType: 'broadcast', entityId: after.id, summary: `Edited email "${after.subject}"`, before, after },
              };
            }),
        ),
    );

    app.delete(
      '/broadcasts/:broadcastId/',
      {
        schema: {
          ...adminDoc,
          summary: 'Deletes a draft or scheduled broadcast; 409 once it is being sent',
          params,
          response: { 204: noContent('Deleted'), ...errors(409) },
        },
      },
      async (request, reply) => {
        await audited(ctx.db, actorOf(request), async (tx) => {
          const before = await deleteBroadcast(tx, request.params.broadcastId);
          return {
            result: before,
            audit: { action: 'broadcast.delete', entityType: 'broadcast', entityId: before.id, summary: `Deleted email "${before.subject}"`, before },
          };
        });
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/broadcasts/:broadcastId/send/',
      {
        schema: {
          ...adminDoc,
          summary:
            'Sends it now (its recipients are fixed now, in batches at BROADCAST_RATE_PER_MINUTE through the job queue), or schedules it with `at`. 409 when it is being sent or was sent, or the audience is empty',
          params,
          body: sendBroadcastBodySchema.default({}),
          response: { 200: adminBroadcastDetailSchema, ...errors(409) },
        },
      },
      async (request) => {
        const at = request.body.at ? new Date(request.body.at) : undefined;
        return audited(ctx.db, actorOf(request), async (tx) => {
          const { before, after } = await sendBroadcast(deps, tx, request.params.broadcastId, at);
          return {
            result: after,
            audit: {
              action: at ? 'broadcast.schedule' : 'broadcast.send',
              entityType: 'broadcast',
              entityId: after.id,
              summary: at ? `Scheduled email "${after.subject}" for ${at.toISOString()}` : `Sent email "${after.subject}" to ${after.counts.recipients} people`,
              before: { status: before.status, scheduled_at: before.scheduled_at },
              after: { status: after.status, scheduled_at: after.scheduled_at, recipients: after.counts.recipients },
            },
          };
        });
      },
    );

    app.post(
      '/broadcasts/:broadcastId/unschedule/',
      {
        schema: {
          ...adminDoc,
          summary: 'A scheduled broadcast back to a draft; 409 when it is not scheduled',
          params,
          response: { 200: adminBroadcastDetailSchema, ...errors(409) },
        },
      },
      async (request) =>
        audited(ctx.db, actorOf(request), async (tx) => {
          const { before, after } = await unscheduleBroadcast(tx, request.params.broadcastId);
          return {
            result: after,
            audit: {
              action: 'broadcast.unschedule',
              entityType: 'broadcast',
              entityId: after.id,
              summary: `Unscheduled email "${after.subject}"`,
              before: { status: before.status, scheduled_at: before.scheduled_at },
              after: { status: after.status, scheduled_at: null },
            },
          };
        }),
    );

    app.post(
      '/broadcasts/:broadcastId/test/',
      {
        schema: {
          ...adminDoc,
          summary: "Sends the broadcast, as a recipient gets it, to the signed-in admin's own address ('[Test]' before the subject)",
          params,
          response: { 200: testSentSchema, ...errors(503) },
        },
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (request) => {
        const actor = actorOf(request);
        return sendTestBroadcast(deps, request.params.broadcastId, { userId: actor.id!, email: actor.email });
      },
    );
  };
}
