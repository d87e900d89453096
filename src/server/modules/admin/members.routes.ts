import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminMemberDetailSchema, adminMemberQuerySchema, adminMemberSchema, memberCancelBodySchema, pageOf } from '../../../shared/admin.js';
import type { AppContext } from '../../context.js';
import { findUserIds } from '../accounts/index.js';
import { cancelMembershipFor, getMembershipDetail, listMemberships, refundLastCharge, type MembershipDeps } from '../subscriptions/index.js';
import { audited } from './audit.js';
import { actorOf } from './guard.js';
import { errors } from '../../http/openapi.js';
import { adminDoc, idParam } from './openapi.js';
import { pageWindow } from './paging.js';

const memberParams = z.object({ membershipId: idParam });

export function memberAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const depsOf = (log: MembershipDeps['log']): MembershipDeps => ({
      db: ctx.db,
      queue: ctx.queue,
      config: ctx.config,
      log,
      stripe: ctx.stripe,
      razorpay: ctx.razorpay,
    });

    app.get(
      '/members/',
      {
        schema: {
          ...adminDoc,
          summary: 'Memberships by state (active, in grace, cancelled, expired, incomplete), method, plan or member; sorted and paged',
          querystring: adminMemberQuerySchema,
          response: { 200: pageOf(adminMemberSchema) },
        },
      },
      async (request) => {
        const { page, page_size, search, state, payment_method, plan_type, sort } = request.query;
        pageWindow({ page, page_size });
        const userIds = search ? await findUserIds(ctx.db, search) : undefined;
        const list = await listMemberships(depsOf(request.log), {
          userIds,
          state,
          paymentMethod: payment_method,
          planType: plan_type,
          sort,
          page,
          pageSize: page_size,
        });
        return { count: list.count, page, page_size, results: list.results };
      },
    );

    app.get(
      '/members/:membershipId/',
      {
        schema: {
          ...adminDoc,
          summary: 'One membership: its history and the provider ids (customer, subscription, checkout)',
          params: memberParams,
          response: { 200: adminMemberDetailSchema },
        },
      },
      async (request) => getMembershipDetail(depsOf(request.log), request.params.membershipId),
    );

    app.post(
      '/members/:membershipId/cancel/',
      {
        schema: {
          ...adminDoc,
          summary:
            "Cancels on the member's behalf: at the end of the period (renewal off), or at once with immediately=true (access ends, the provider stops billing)",
          params: memberParams,
          body: memberCancelBodySchema,
          response: { 200: adminMemberDetailSchema },
        },
      },
      async (request) => {
        const deps = depsOf(request.log);
        const id = request.params.membershipId;
        const before = await getMembershipDetail(deps, id);
        await cancelMembershipFor(deps, { membershipId: id, immediately: request.body.immediately });
        const after = await getMembershipDetail(deps, id);
        // The provider call cannot roll back: the audit row records what it did.
        return audited(ctx.db, actorOf(request), async () => {
          return {
            result: after,
            audit: {
              action: request.body.immediately ? 'membership.cancel_now' : 'membership.cancel',
              entityType: 'membership',
              entityId: id,
              summary: `${request.body.immediately ? 'Ended' : 'Turned off renewal of'} ${before.user?.email ?? 'a member'}'s ${before.plan_name}`,
              before: { status: before.status, auto_renew: before.auto_renew, end_date: before.end_date },
              after: { status: after.status, auto_renew: after.auto_renew, end_date: after.end_date },
            },
          };
        });
      },
    );

    app.post(
      '/members/:membershipId/refund/',
      {
        schema: {
          ...adminDoc,
          summary: 'Refunds the last charge in full at its provider; the membership ends at once',
          params: memberParams,
          response: { 200: adminMemberDetailSchema, ...errors(409, 503) },
        },
      },
      async (request) => {
        const deps = depsOf(request.log);
        const id = request.params.membershipId;
        const before = await getMembershipDetail(deps, id);
        const charge = before.history.find((h) => h.status === 'active' || h.status === 'renewed');
        await refundLastCharge(deps, { membershipId: id });
        const after = await getMembershipDetail(deps, id);
        // The provider call cannot roll back: the audit row records what it did.
        return audited(ctx.db, actorOf(request), async () => {
          return {
            result: after,
            audit: {
              action: 'membership.refund',
              entityType: 'membership',
              entityId: id,
              summary: `Refunded ${charge?.amount ?? ''} ${charge?.currency ?? ''} to ${before.user?.email ?? 'a member'}`,
              before: { status: before.status, charge: charge?.provider_payment_id ?? null },
              after: { status: after.status },
            },
          };
        });
      },
    );
  };
}
