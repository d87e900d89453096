import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '../../../shared/admin.js';
import { adminPlanQuerySchema, adminPlanSchema, planBodySchema } from '../../../shared/plans.js';
import type { AppContext } from '../../context.js';
import { actorOf } from './guard.js';
import { adminDoc, idParam } from './openapi.js';
import * as plans from './plans.service.js';

const planParams = z.object({ planId: idParam });

export function planAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/plans/',
      {
        schema: {
          ...adminDoc,
          summary: 'Membership plans (on, off or both) with their prices per region, provider ids and current members',
          querystring: adminPlanQuerySchema,
          response: { 200: pageOf(adminPlanSchema) },
        },
      },
      async (request) => plans.listPlans(ctx, request.query),
    );

    app.post(
      '/plans/',
      {
        schema: {
          ...adminDoc,
          summary: 'Creates a plan (on sale unless another plan of its interval is); a recurring one gets its Stripe Product, Prices and Razorpay plan',
          body: planBodySchema,
          response: { 201: adminPlanSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await plans.createPlan(ctx, actorOf(request), request.log, request.body)),
    );

    app.get(
      '/plans/:planId/',
      { schema: { ...adminDoc, summary: 'One plan with its prices and provider ids', params: planParams, response: { 200: adminPlanSchema } } },
      async (request) => plans.getPlan(ctx, request.params.planId),
    );

    app.put(
      '/plans/:planId/',
      {
        schema: {
          ...adminDoc,
          summary: 'Replaces a plan: a changed price gets a new Stripe Price (the old one is archived) and Razorpay plan; members keep what they bought',
          params: planParams,
          body: planBodySchema,
          response: { 200: adminPlanSchema },
        },
      },
      async (request) => plans.updatePlan(ctx, actorOf(request), request.log, request.params.planId, request.body),
    );

    app.post(
      '/plans/:planId/on/',
      {
        schema: {
          ...adminDoc,
          summary: 'Puts the plan on sale (refused while another plan of its interval is on)',
          params: planParams,
          response: { 200: adminPlanSchema },
        },
      },
      async (request) => plans.setPlanActive(ctx, actorOf(request), request.params.planId, true),
    );

    app.post(
      '/plans/:planId/off/',
      {
        schema: {
          ...adminDoc,
          summary: 'Takes the plan off sale: gone from the storefront and the checkout; current members keep it',
          params: planParams,
          response: { 200: adminPlanSchema },
        },
      },
      async (request) => plans.setPlanActive(ctx, actorOf(request), request.params.planId, false),
    );
  };
}
