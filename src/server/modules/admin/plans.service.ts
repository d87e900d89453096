import type { Page } from '../../../shared/admin.js';
import type { AdminPlan, AdminPlanQuery, PlanBody } from '../../../shared/plans.js';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import * as catalog from '../catalog/index.js';
import { membershipCountsByPlan } from '../memberships/index.js';
import { syncPlanWithProviders } from '../subscriptions/index.js';
import { audited, type Actor } from './audit.js';
import { pageWindow } from './paging.js';

/**
 * Membership plans in the studio: the catalog holds them, the subscriptions module keeps them in
 * step with Stripe and Razorpay. Each change commits with its audit row, then every process drops
 * its catalog snapshots (GET /membership-plan/ shows it at once) and the providers catch up.
 */

async function withMembers(ctx: AppContext, plans: catalog.StudioPlan[]): Promise<AdminPlan[]> {
  const counts = await membershipCountsByPlan(
    ctx,
    plans.map((p) => p.id),
  );
  return plans.map((p) => ({ ...p, members: counts.get(p.id)?.current ?? 0 }));
}

export async function listPlans(ctx: AppContext, query: AdminPlanQuery): Promise<Page<AdminPlan>> {
  const window = pageWindow(query);
  const page = await catalog.listStudioPlans(ctx.db, { active: query.state === undefined ? undefined : query.state === 'on' }, { ...window, page: query.page });
  return { ...page, results: await withMembers(ctx, page.results) };
}

export async function getPlan(ctx: AppContext, planId: number): Promise<AdminPlan> {
  const [plan] = await withMembers(ctx, [await catalog.getStudioPlan(ctx.db, planId)]);
  return plan!;
}

const syncDeps = (ctx: AppContext, log: FastifyBaseLogger) => ({ db: ctx.db, log, stripe: ctx.stripe, razorpay: ctx.razorpay });

export async function createPlan(ctx: AppContext, actor: Actor, log: FastifyBaseLogger, body: PlanBody): Promise<AdminPlan> {
  const plan = await audited(ctx.db, actor, async (tx) => {
    const created = await catalog.createPlan(tx, body);
    const summary = `Created plan "${created.name}" (${created.plan_type}${created.is_active ? '' : ', off: another plan of this interval is on sale'})`;
    return { result: created, audit: { action: 'plan.create', entityType: 'plan', entityId: created.id, summary, after: created } };
  });
  await ctx.invalidation.invalidate('catalog');
  await syncPlanWithProviders(syncDeps(ctx, log), plan.id);
  return getPlan(ctx, plan.id);
}

export async function updatePlan(ctx: AppContext, actor: Actor, log: FastifyBaseLogger, planId: number, body: PlanBody): Promise<AdminPlan> {
  const counts = await membershipCountsByPlan(ctx, [planId]);
  const change = await audited(ctx.db, actor, async (tx) => {
    const result = await catalog.updatePlan(tx, planId, body, { typeLocked: (counts.get(planId)?.total ?? 0) > 0 });
    return {
      result,
      audit: {
        action: 'plan.update',
        entityType: 'plan',
        entityId: planId,
        summary: `Edited plan "${result.after.name}"`,
        before: result.before,
        after: result.after,
      },
    };
  });
  await ctx.invalidation.invalidate('catalog');
  await syncPlanWithProviders(syncDeps(ctx, log), planId, { retiredStripePrices: change.retiredStripePrices, renamed: change.renamed });
  return getPlan(ctx, planId);
}

export async function setPlanActive(ctx: AppContext, actor: Actor, planId: number, active: boolean): Promise<AdminPlan> {
  await audited(ctx.db, actor, async (tx) => {
    const { before, after } = await catalog.setPlanActive(tx, planId, active);
    const summary = `${active ? 'Turned on' : 'Turned off'} plan "${after.name}"${active ? '' : ': off the storefront, members keep it'}`;
    return {
      result: after,
      audit: { action: active ? 'plan.on' : 'plan.off', entityType: 'plan', entityId: planId, summary, before, after: { is_active: after.is_active } },
    };
  });
  await ctx.invalidation.invalidate('catalog');
  return getPlan(ctx, planId);
}
