import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../shared/ids.js';
import { ipQuerySchema } from '../../../shared/catalog.js';
import { regions } from '../../../shared/regions.js';
import {
  couponBodySchema,
  couponResponseSchema,
  commerceMessages,
  createOrderBodySchema,
  createOrderRequestSchema,
  createOrderResponseSchema,
  orderConfirmationSchema,
  orderHistoryItemSchema,
} from '../../../shared/commerce.js';
import { visitorOf, type AppContext } from '../../context.js';
import { requireViewer, viewerOf } from '../../http/auth.js';
import { parseForm, readForm } from '../../http/form.js';
import { bearerAuth, errors, fileResponse, optionalBearerAuth } from '../../http/openapi.js';
import { ownedBy } from '../access/index.js';
import { getCartBundleIds, getCartCourseIds } from '../cart/index.js';
import { checkCoupon, couponInCurrency, majorAmounts } from './coupons.js';
import { renderInvoicePdf } from './invoice.js';
import { paymentRoutes } from './payment-routes.js';
import * as orders from './service.js';
import { createdOrderView, orderConfirmationView, orderView } from './serialise.js';

/** Checkout, coupons, order reads, and the browser's returns from the payment providers (the webhooks: modules/webhooks). */
export function orderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const secret = ctx.config.jwtSecret;
  return async (app) => {
    const deps: orders.OrderDeps = { db: ctx.db, queue: ctx.queue, config: ctx.config, log: app.log, stripe: ctx.stripe, razorpay: ctx.razorpay };
    await app.register(paymentRoutes(ctx, deps));

    app.post(
      '/coupon/',
      {
        schema: { tags: ['orders'], summary: 'Checks a coupon code', ...optionalBearerAuth, body: couponBodySchema, response: { 200: couponResponseSchema } },
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      async (request) => {
        const viewer = await viewerOf(request, secret);
        const courseIds = request.body.cart_id ? await getCartCourseIds(ctx.db, request.body.cart_id) : undefined;
        const bundleIds = request.body.cart_id ? await getCartBundleIds(ctx.db, request.body.cart_id) : undefined;
        const coupon = await checkCoupon(ctx.db, request.body.coupon_code, { userId: viewer?.userId, courseIds, bundleIds });
        const { currency } = regions[visitorOf(ctx, request).region];
        couponInCurrency(coupon, currency);
        return {
          message: commerceMessages.couponApplied,
          discount_percentage: coupon.percentage,
          discount_type: coupon.discountType,
          amount_off: coupon.amountOff && majorAmounts(coupon.amountOff),
          currency,
          code: coupon.code,
          course_ids: coupon.courseIds ? [...coupon.courseIds] : null,
          bundle_ids: coupon.bundleIds ? [...coupon.bundleIds] : null,
        };
      },
    );

    app.post(
      '/create-order/',
      {
        schema: {
          tags: ['orders'],
          summary: 'Creates the order from the billing form (multipart or JSON); the server recomputes every price and refuses a different total',
          ...optionalBearerAuth,
          form: { consumes: ['application/json', 'multipart/form-data'], schema: createOrderBodySchema },
          querystring: ipQuerySchema,
          response: { 201: createOrderResponseSchema, ...errors(404, 409, 503) },
        },
        config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      },
      async (request, reply) => {
        const raw = await readForm(request, { arrays: ['courses', 'bundles'] });
        const body = parseForm(createOrderRequestSchema, raw);
        const created = await orders.createOrder(deps, { body, visitor: visitorOf(ctx, request), viewer: await viewerOf(request, secret) });
        return reply.code(201).send(createdOrderView(created));
      },
    );

    app.get(
      '/orders/:orderNumber/',
      {
        schema: {
          tags: ['orders'],
          summary: "The success page's confirmation (the owner's only; anyone else's: 404)",
          ...bearerAuth,
          params: z.object({ orderNumber: z.string().max(40) }),
          response: { 200: orderConfirmationSchema },
        },
      },
      async (request) => orderConfirmationView(await orders.getOwnOrder(deps, request.params.orderNumber, await requireViewer(request, secret))),
    );

    app.get(
      '/order-details/:orderNumber/',
      {
        schema: {
          tags: ['orders'],
          summary: 'One order with its invoice fields (owner only)',
          ...bearerAuth,
          params: z.object({ orderNumber: z.string().max(40) }),
          response: { 200: orderHistoryItemSchema },
        },
      },
      async (request) => orderView(await orders.getOwnOrder(deps, request.params.orderNumber, await requireViewer(request, secret))),
    );

    app.get(
      '/orders/:orderNumber/invoice.pdf',
      {
        schema: {
          tags: ['orders'],
          summary: 'The PDF invoice of a paid order (owner only)',
          ...bearerAuth,
          params: z.object({ orderNumber: z.string().max(40) }),
          response: { 200: fileResponse('application/pdf', 'The invoice') },
        },
      },
      async (request, reply) => {
        const invoice = await orders.issueInvoice(deps, request.params.orderNumber, await requireViewer(request, secret));
        const pdf = await renderInvoicePdf(invoice);
        reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `attachment; filename="invoice-${invoice.invoiceNumber}.pdf"`)
          .header('Cache-Control', 'private, no-store');
        return reply.send(pdf);
      },
    );

    app.get(
      '/order-history/:userId/',
      {
        schema: {
          tags: ['orders'],
          summary: "The user's own orders (anyone else's: 404), filtered by search or order_id",
          ...bearerAuth,
          params: z.object({ userId: idSchema() }),
          querystring: z.object({ search: z.string().max(100).optional(), order_id: z.string().max(40).optional() }),
          response: { 200: z.array(orderHistoryItemSchema) },
        },
      },
      async (request) => {
        const viewer = await requireViewer(request, secret);
        ownedBy({ userId: request.params.userId }, viewer, 'Not found.');
        return (await orders.orderHistory(deps, request.params.userId, { search: request.query.search, orderNumber: request.query.order_id })).map(orderView);
      },
    );
  };
}
