import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '../../../shared/admin.js';
import { adminCouponDetailSchema, adminCouponSchema, couponBodySchema, couponPatchSchema, couponQuerySchema } from '../../../shared/coupons.js';
import type { AppContext } from '../../context.js';
import { createStudioCoupon, deleteStudioCoupon, getStudioCoupon, getStudioCouponDetail, listStudioCoupons, updateStudioCoupon } from '../orders/index.js';
import { audited } from './audit.js';
import { actorOf } from './guard.js';
import { errors, noContent } from '../../http/openapi.js';
import { adminDoc, idParam } from './openapi.js';
import { pageWindow } from './paging.js';
import { partialUpdate } from './patch.js';

const couponParams = z.object({ couponId: idParam });

export function couponAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/coupons/',
      {
        schema: {
          ...adminDoc,
          summary: 'Coupons with their limits, restrictions, state and uses so far (paid orders); searched by code, sorted and paged',
          querystring: couponQuerySchema,
          response: { 200: pageOf(adminCouponSchema) },
        },
      },
      async (request) => listStudioCoupons(ctx.db, request.query, pageWindow(request.query)),
    );

    app.get(
      '/coupons/:couponId/',
      {
        schema: { ...adminDoc, summary: 'One coupon and the latest orders that used it', params: couponParams, response: { 200: adminCouponDetailSchema } },
      },
      async (request) => getStudioCouponDetail(ctx.db, request.params.couponId),
    );

    app.post(
      '/coupons/',
      {
        schema: {
          ...adminDoc,
          summary: 'Creates a coupon: code (unique ignoring case, stored upper-case), percentage 1-100, optional expiry and limits, courses (empty: all)',
          body: couponBodySchema,
          response: { 201: adminCouponSchema },
        },
      },
      async (request, reply) => {
        const coupon = await audited(ctx.db, actorOf(request), async (tx) => {
          const result = await createStudioCoupon(tx, request.body);
          return {
            result,
            audit: { action: 'coupon.create', entityType: 'coupon', entityId: result.id, summary: `Created coupon ${result.code}`, after: result },
          };
        });
        return reply.code(201).send(coupon);
      },
    );

    app.patch(
      '/coupons/:couponId/',
      {
        schema: {
          ...adminDoc,
          summary: 'Edits a coupon (only the fields sent); orders already placed keep their discount',
          params: couponParams,
          body: couponPatchSchema,
          response: { 200: adminCouponSchema },
        },
      },
      async (request) =>
        partialUpdate(
          request.body,
          () => getStudioCoupon(ctx.db, request.params.couponId),
          (patch) =>
            audited(ctx.db, actorOf(request), async (tx) => {
              const { before, after } = await updateStudioCoupon(tx, request.params.couponId, patch);
              return {
                result: after,
                audit: { action: 'coupon.update', entityType: 'coupon', entityId: after.id, summary: `Edited coupon ${after.code}`, before, after },
              };
            }),
        ),
    );

    for (const [path, active] of [
      ['disable', false],
      ['enable', true],
    ] as const) {
      app.post(
        `/coupons/:couponId/${path}/`,
        {
          schema: {
            ...adminDoc,
            summary: active ? 'Turns a coupon back on' : 'Turns a coupon off: checkout refuses it at once; its orders keep their discount',
            params: couponParams,
            response: { 200: adminCouponSchema },
          },
        },
        async (request) =>
          audited(ctx.db, actorOf(request), async (tx) => {
            const { before, after } = await updateStudioCoupon(tx, request.params.couponId, { is_active: active });
            return {
              result: after,
              audit: {
                action: `coupon.${path}`,
                entityType: 'coupon',
                entityId: after.id,
                summary: `${active ? 'Enabled' : 'Disabled'} coupon ${after.code}`,
                before: { is_active: before.is_active, state: before.state },
                after: { is_active: after.is_active, state: after.state },
              },
            };
          }),
      );
    }

    app.delete(
      '/coupons/:couponId/',
      {
        schema: {
          ...adminDoc,
          summary: 'Deletes a coupon that no order ever used (409 otherwise: disable it instead)',
          params: couponParams,
          response: { 204: noContent('Deleted'), ...errors(409) },
        },
      },
      async (request, reply) => {
        await audited(ctx.db, actorOf(request), async (tx) => {
          const before = await deleteStudioCoupon(tx, request.params.couponId);
          return {
            result: before,
            audit: { action: 'coupon.delete', entityType: 'coupon', entityId: before.id, summary: `Deleted coupon ${before.code}`, before },
          };
        });
        return reply.code(204).send(null);
      },
    );
  };
}
