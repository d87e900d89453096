import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ipQuerySchema } from '../../../shared/catalog.js';
import {
  changePlanBodySchema,
  paymentMethodResponseSchema,
  planChangesSchema,
  cancelSubscriptionBodySchema,
  cancelSubscriptionResponseSchema,
  lifetimeBodySchema,
  lifetimeResponseSchema,
  razorpayVerifyBodySchema,
  subscribeBodySchema,
  subscribeResponseSchema,
  subscriptionCoursesSchema,
  subscriptionDetailSchema,
  subscriptionHistoryRowSchema,
  updateLifetimeBodySchema,
  verifyResponseSchema,
} from '../../../shared/subscriptions.js';
import { memosFor, visitorOf, type AppContext } from '../../context.js';
import { requireViewer } from '../../http/auth.js';
import { bearerAuth, errors } from '../../http/openapi.js';
import type { MembershipDeps } from './state-machine.js';
import * as selfService from './self-service.js';
import * as memberships from './service.js';

/** A membership checkout start opens a provider session, priced for the visitor (`ip`): 20 per visitor in 10 minutes. */
const checkoutStart = <Body extends z.ZodType, Response extends z.ZodType>(summary: string, body: Body, response: Response) => ({
  schema: { tags: ['subscriptions'], ...bearerAuth, summary, querystring: ipQuerySchema, body, response: { 200: response, ...errors(404, 409, 503) } },
  config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
});

/** A payment's return is checked with the provider: 30 a minute. */
const providerReturnLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** The subscription calls of the spec, under /api/v1 (membership-plan lives with the catalog). */
export function subscriptionRoutes(ctx: AppContext, deps: MembershipDeps): FastifyPluginAsyncZod {
  const secret = ctx.config.jwtSecret;
  return async (app) => {
    app.post(
      '/membership-subscription-api/',
      checkoutStart(
        'Starts a monthly or yearly membership: a Stripe Checkout Session in subscription mode (checkout_url), or a Razorpay Subscription (subscription_id, India only)',
        subscribeBodySchema,
        subscribeResponseSchema,
      ),
      async (request) => {
        const viewer = await requireViewer(request, secret);
        const { plan_id, payment_method, auto_renew } = request.body;
        return memberships.subscribe(deps, { viewer, visitor: visitorOf(ctx, request), planId: plan_id, method: payment_method, autoRenew: auto_renew });
      },
    );

    app.post(
      '/subscription-lifetime/',
      checkoutStart(
        'Starts a lifetime membership: Stripe answers checkout_url and session_id; Razorpay (India) answers order_id, amount (minor units), user_info and currency',
        lifetimeBodySchema,
        lifetimeResponseSchema,
      ),
      async (request) =>
        memberships.subscribeLifetime(deps, {
          viewer: await requireViewer(request, secret),
          visitor: visitorOf(ctx, request),
          method: request.body.payment_method,
        }),
    );

    app.post(
      '/update-lifetime-subscription/',
      {
        schema: {
          tags: ['subscriptions'],
          ...bearerAuth,
          summary:
            "The browser's return from a lifetime payment: activates only what the provider confirms (Stripe session read back; Razorpay HMAC over order_id|payment_id)",
          body: updateLifetimeBodySchema,
          response: { 200: verifyResponseSchema.extend({ success: z.boolean() }), ...errors(403, 404, 409, 503) },
        },
        config: providerReturnLimit,
      },
      async (request) => memberships.confirmLifetime(deps, await requireViewer(request, secret), request.body),
    );

    app.post(
      '/razorpay-subscription-verify/',
      {
        schema: {
          tags: ['subscriptions'],
          ...bearerAuth,
          summary: "The Razorpay popup's result for a recurring plan: HMAC over payment_id|subscription_id, for the viewer's own subscription",
          body: razorpayVerifyBodySchema,
          response: { 200: verifyResponseSchema, ...errors(403, 404, 409, 503) },
        },
        config: providerReturnLimit,
      },
      async (request) => memberships.verifyRazorpaySubscription(deps, await requireViewer(request, secret), request.body),
    );

    app.get(
      '/user/subscription-detail/',
      {
        schema: {
          tags: ['subscriptions'],
          ...bearerAuth,
          summary: "The viewer's current (else latest) membership",
          response: { 200: subscriptionDetailSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        const viewer = await requireViewer(request, secret);
        return memberships.subscriptionDetail(deps, viewer, memosFor(ctx, viewer.userId));
      },
    );

    app.get(
      '/subscription/course/',
      {
        schema: {
          tags: ['subscriptions'],
          ...bearerAuth,
          summary: 'The courses the viewer may open through a membership, searchable by title (empty for a non-member)',
          querystring: ipQuerySchema.extend({ search: z.string().max(100).optional() }),
          response: { 200: subscriptionCoursesSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        const courses = await memberships.membershipCourses(deps, await requireViewer(request, secret), visitorOf(ctx, request), request.query.search);
        return { courses };
      },
    );

    app.get(
      '/subscription-history',
      {
        schema: {
          tags: ['subscriptions'],
          ...bearerAuth,
          summary: "The viewer's membership history: charges, renewals, failures, refunds, cancellations and expiries",
          response: { 200: z.array(subscriptionHistoryRowSchema) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return memberships.subscriptionHistory(deps, await requireViewer(request, secret));
      },
    );

    app.post(
      '/cancel-subscription/',
      {
        schema: {
          tags: ['subscriptions'],
          ...bearerAuth,
          summary: 'Turns auto-renewal off (owner only): the membership stays active until its end date',
          body: cancelSubscriptionBodySchema,
          response: { 200: cancelSubscriptionResponseSchema, ...errors(403, 404, 409, 503) },
        },
        config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      },
      async (request) => memberships.cancelSubscription(deps, await requireViewer(request, secret), request.body.subscription_id),
    );

    // What Stripe's customer portal gives a member: the card, auto-renewal back on, another plan.
    const ownChange = { rateLimit: { max: 20, timeWindow: '10 minutes' } };
    app.post(
      '/resume-subscription/',
      {
        schema: {
          tags: ['subscriptions'],
          ...bearerAuth,
          summary:
            'Turns auto-renewal back on before the period ends (owner only). Stripe: cancel_at_period_end=false. Razorpay cannot undo a cancellation: 409 with the way back',
          body: cancelSubscriptionBodySchema,
          response: { 200: cancelSubscriptionResponseSchema, ...errors(403, 404, 409, 503) },
        },
        config: ownChange,
      },
      async (request) => selfService.resumeSubscription(deps, await requireViewer(request, secret), request.body.subscription_id),
    );

    app.post(
      '/subscription/payment-method/',
      {
        schema: {
          tags: ['subscriptions'],
          ...bearerAuth,
          summary:
            "Where the member updates the card (owner only): a Stripe Billing Portal session (payment_method_update, back to /subscription), or the Razorpay subscription's hosted page (short_url)",
          body: cancelSubscriptionBodySchema,
          response: { 200: paymentMethodResponseSchema, ...errors(403, 404, 409, 503) },
        },
        config: ownChange,
      },
      async (request) => selfService.paymentMethodPage(deps, await requireViewer(request, secret), visitorOf(ctx, request), request.body.subscription_id),
    );

    app.get(
      '/subscription/plan-changes/',
      {
        schema: {
          tags: ['subscriptions'],
          ...bearerAuth,
          summary:
            "The plans the viewer's current membership may move to, with what it costs today (Stripe's proration, the lifetime upgrade's credit) or how it happens at renewal",
          response: { 200: planChangesSchema, ...errors(404) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return selfService.planChanges(deps, await requireViewer(request, secret), visitorOf(ctx, request));
      },
    );

    app.post(
      '/subscription/change-plan/',
      {
        schema: {
          tags: ['subscriptions'],
          ...bearerAuth,
          summary:
            "Moves a Stripe monthly membership to yearly now, with Stripe's proration charged today (a declined card changes nothing); other moves answer how they happen at renewal (409); lifetime is the lifetime checkout",
          body: changePlanBodySchema,
          response: { 200: cancelSubscriptionResponseSchema, ...errors(403, 404, 409, 503) },
        },
        config: ownChange,
      },
      async (request) => selfService.changePlan(deps, await requireViewer(request, secret), request.body.subscription_id, request.body.plan_id),
    );
  };
}
