import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teamInviteBodySchema, teamMemberSchema } from '../../../shared/team.js';
import type { AppContext } from '../../context.js';
import { errors, noContent } from '../../http/openapi.js';
import { actorOf } from './guard.js';
import { adminDoc, idParam } from './openapi.js';
import { inviteMember, listTeam, removeReviewer } from './team.service.js';

const memberParams = z.object({ userId: idParam });

/** Settings → Team: the admins and reviewers; invite by email, remove a reviewer (admins only). */
export function teamAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/team/', { schema: { ...adminDoc, summary: 'The admins and reviewers, admins first', response: { 200: z.array(teamMemberSchema) } } }, async () =>
      listTeam(ctx),
    );

    app.post(
      '/team/',
      {
        schema: {
          ...adminDoc,
          summary: 'Invites a reviewer (or an admin) by email: the account gets the role (made when there is none) and an email with a link to set a password',
          body: teamInviteBodySchema,
          response: { 201: teamMemberSchema, ...errors(409) },
        },
      },
      async (request, reply) => reply.status(201).send(await inviteMember(ctx, actorOf(request), request.body)),
    );

    app.delete(
      '/team/:userId/',
      {
        schema: {
          ...adminDoc,
          summary: 'Removes a reviewer (the account stays, without the role); 409 for an admin or yourself',
          params: memberParams,
          response: { 204: noContent('Removed'), ...errors(404, 409) },
        },
      },
      async (request, reply) => {
        await removeReviewer(ctx, actorOf(request), request.params.userId);
        return reply.code(204).send(null);
      },
    );
  };
}
