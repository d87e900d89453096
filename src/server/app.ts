import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { messages, tooManyAttempts } from '../shared/messages.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { AppError, fieldErrorsOf, statusByCode } from './errors.js';
import { createSnapshotCache } from './http/cache.js';
import { frameworkErrors, MAX_PARAM_LENGTH, registerInputGuard } from './http/hostile-input.js';
import { registerHealth } from './http/health.js';
import { registerJsonCompression } from './http/compress.js';
import { registerBlockedUserGuard } from './http/auth.js';
import { documentAnswers, documentTransform, hideFromDocument } from './http/openapi.js';
import { AccessLog, registerMetrics, registerRequestId, requestId } from './http/observability.js';
import { returnOrigin } from './http/return-origin.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerPublicUploads } from './http/uploads.js';
import { registerDraining } from './lifecycle.js';
import { createAltchaCaptcha, createRecaptcha, type Captcha } from './integrations/captcha/index.js';
import { createGeoResolver, type GeoResolver } from './integrations/geoip/index.js';
import { createGoogleVerifier, type GoogleVerifier } from './integrations/google/index.js';
import { createRazorpayGateway, type RazorpayGateway } from './integrations/razorpay/index.js';
import { RAZORPAY_FAKE_PREFIX, registerFakeRazorpay } from './integrations/razorpay/fake-api.js';
import type { RazorpayFakeEvent } from './integrations/razorpay/fake-billing.js';
import { registerSandboxDashboard, type SandboxDashboardOptions } from './integrations/sandbox-dashboard.js';
import { createStripeGateway, type StripeGateway } from './integrations/stripe/index.js';
import { registerFakeStripe } from './integrations/stripe/fake-api.js';
import type { StripeFakeEvent } from './integrations/stripe/fake-billing.js';
import { createDevMailbox, createSmtpMailer, type Mailer } from './integrations/mail/index.js';
import { connectRedis, memoryCounters, redisCounters, type Redis } from './integrations/redis/index.js';
import { createLocalStorage, createS3Storage, type FileStorage } from './integrations/storage/index.js';
import { registerEmailJobs } from './jobs/email.js';
import { createJobQueue, type JobQueue } from './jobs/queue.js';
import { createLocalInvalidation, createPostgresInvalidation, type Invalidation } from './invalidation/index.js';
import { createViewerCache } from './http/viewer-cache.js';
import { onUserFactsChanged } from './invalidation/user-facts.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { cartRoutes } from './modules/cart/routes.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { storefrontRoutes } from './modules/storefront/routes.js';
import { contactRoutes } from './modules/contact/routes.js';
import { credentialRoutes } from './modules/credentials/routes.js';
import { registerDevMailbox } from './modules/devtools/routes.js';
import { registerDripJobs } from './modules/learning/index.js';
import { learningRoutes } from './modules/learning/routes.js';
import { reviewRoutes } from './modules/reviews/routes.js';
import { registerBroadcastJobs } from './modules/broadcasts/index.js';
import { broadcastRoutes } from './modules/broadcasts/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { projectRoutes } from './modules/projects/routes.js';
import { registerReminderJobs } from './modules/reminders/index.js';
import { reminderRoutes } from './modules/reminders/routes.js';
import { registerMembershipJobs, type MembershipDeps } from './modules/subscriptions/index.js';
import { subscriptionRoutes } from './modules/subscriptions/routes.js';
import { webhookRoutes } from './modules/webhooks/routes.js';
import type { PageRenderer } from './modules/web-host/index.js';
import { registerWebApp } from './modules/web-host/routes.js';
import { siteRoutes } from './modules/site/routes.js';
import { adminRoutes, setupRoutes } from './modules/admin/routes.js';

export interface AppDeps {
  config: Config;
  db: Database;
  /** Built web app folder (dist/web); absent in API-only tests. */
  webRoot?: string | undefined;
  /** Server rendering of the public pages (dist/ssr/entry-server.js, or src/web/entry-server.tsx in tests). */
  renderer?: PageRenderer | undefined;
  mailer?: Mailer;
  captcha?: Captcha;
  geo?: GeoResolver;
  queue?: JobQueue;
  google?: GoogleVerifier;
  /** Payment gateways; null disables a method. Default: the real provider when keys are set, else the local sandbox (never in production). */
  stripe?: StripeGateway | null;
  razorpay?: RazorpayGateway | null;
  /** How long anonymous catalog reads are memoised in this process (0 disables). */
  catalogCacheMs?: number;
  storage?: FileStorage;
  /** Default: LISTEN/NOTIFY on DATABASE_URL, else this process only (embedded database). */
  invalidation?: Invalidation;
  /** The longest the blocked-account list is trusted without a reload (default BLOCKED_RELOAD_MS, 10 s). */
  blockedReloadMs?: number;
  /** Shared state across processes (rate limits). Default: REDIS_URL when set, else none (in-process). */
  redis?: Redis;
  /** Write the log here (tests read the request log this way). */
  logStream?: NodeJS.WritableStream;
}

export type App = FastifyInstance & { ctx: AppContext };

/** Fastify's schema validation errors (from zod, or a JSON schema's missingProperty) in the spec's field errors. */
function fieldErrors(validation: { instancePath?: string; message?: string; params?: Record<string, unknown> }[]) {
  return fieldErrorsOf(
    validation.map((issue) => {
      const path = (issue.instancePath ?? '').split('/').filter(Boolean);
      const missing = issue.params?.missingProperty;
      return { path: path.length ? path : missing ? [String(missing)] : [], message: issue.message ?? 'Invalid value.' };
    }),
  );
}

const SANDBOX_STRIPE = { secretKey: 'sk_test_lectern_sandbox', webhookSecret: 'whsec_lectern_sandbox' };
const SANDBOX_RAZORPAY = { keyId: 'rzp_test_lectern_sandbox', keySecret: 'lectern_sandbox_secret', webhookSecret: 'lectern_sandbox_webhook' };
const selfUrl = (config: Config) => `http://127.0.0.1:${config.port}`;

function defaultStripe(config: Config): StripeGateway | undefined {
  if (config.stripe) return createStripeGateway({ ...config.stripe, mode: 'live' });
  if (config.isProduction) return undefined;
  return createStripeGateway({ ...SANDBOX_STRIPE, mode: 'sandbox', apiBase: selfUrl(config) });
}

function defaultRazorpay(config: Config): RazorpayGateway | undefined {
  if (config.razorpay) return createRazorpayGateway({ ...config.razorpay, mode: 'live' });
  if (config.isProduction) return undefined;
  return createRazorpayGateway({ ...SANDBOX_RAZORPAY, mode: 'sandbox', apiBase: `${selfUrl(config)}${RAZORPAY_FAKE_PREFIX}` });
}

/**
 * Without provider keys (and never in production) the app serves local fakes of Stripe's and
 * Razorpay's APIs and their checkout screens, so the real code paths run offline. Their webhooks
 * are delivered, signed, to our own webhook routes.
 */
async function registerSandboxProviders(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (ctx.config.isProduction) return;
  // Like the real providers, the sandbox delivers webhooks after answering the call that caused
  // them, one at a time and in order; shutdown waits for the ones on their way.
  let deliveries: Promise<unknown> = Promise.resolve();
  const later = (send: () => Promise<{ statusCode: number; body: string }>) => {
    deliveries = deliveries
      .then(send)
      .then((res) => {
        if (res.statusCode >= 300) app.log.warn({ status: res.statusCode, body: res.body }, 'sandbox webhook was not accepted');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'sandbox webhook could not be delivered'));
    return Promise.resolve();
  };
  app.addHook('onClose', async () => {
    await deliveries;
  });

  const dashboard: SandboxDashboardOptions = {};
  if (ctx.stripe?.mode === 'sandbox' && !ctx.config.stripe) {
    const stripe = ctx.stripe;
    const deliver = (event: StripeFakeEvent) => {
      const payload = JSON.stringify({ id: event.id, object: 'event', type: event.type, created: event.created, data: { object: event.object } });
      return later(() =>
        app.inject({
          method: 'POST',
          url: '/api/v1/webhooks/stripe',
          payload,
          headers: { 'content-type': 'application/json', 'stripe-signature': stripe.signPayload(payload) },
        }),
      );
    };
    const billing = await registerFakeStripe(app, {
      db: ctx.db,
      secretKey: SANDBOX_STRIPE.secretKey,
      // The hosted page is ours: serve it on the origin the buyer returns to (checked like every return).
      publicBase: (returnUrl) => returnOrigin(ctx.config, { referer: returnUrl }),
      failurePath: '/order/failure/',
      deliver,
    });
    dashboard.stripe = { billing, deliver: async (events) => void (await Promise.all(events.map(deliver))) };
  }
  if (ctx.razorpay?.mode === 'sandbox' && !ctx.config.razorpay) {
    const razorpay = ctx.razorpay;
    const deliver = (event: RazorpayFakeEvent) => {
      const payload = JSON.stringify({ entity: 'event', event: event.event, payload: event.payload, created_at: Math.floor(Date.now() / 1000) });
      return later(() =>
        app.inject({
          method: 'POST',
          url: '/api/v1/webhooks/razorpay',
          payload,
          headers: { 'content-type': 'application/json', 'x-razorpay-signature': razorpay.signWebhook(payload), 'x-razorpay-event-id': event.id },
        }),
      );
    };
    const billing = await registerFakeRazorpay(app, {
      db: ctx.db,
      keyId: SANDBOX_RAZORPAY.keyId,
      keySecret: SANDBOX_RAZORPAY.keySecret,
      gateway: razorpay,
      deliver,
    });
    dashboard.razorpay = { billing, deliver: async (events) => void (await Promise.all(events.map(deliver))) };
  }
  if (dashboard.stripe || dashboard.razorpay) await registerSandboxDashboard(app, dashboard);
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, db } = deps;
  const app = Fastify({
    logger: deps.logStream ? { level: config.logLevel, stream: deps.logStream } : config.env === 'test' ? false : { level: config.logLevel },
    logController: new AccessLog(),
    genReqId: requestId,
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  registerSecurityHeaders(app, config);
  registerInputGuard(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonCompression(app);

  const mailer = deps.mailer ?? (config.smtpUrl ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom }) : createDevMailbox(db));
  const queue = deps.queue ?? createJobQueue(db, app.log);
  registerEmailJobs(queue, mailer);
  const redis = deps.redis ?? (config.redisUrl ? await connectRedis(config.redisUrl, app.log) : undefined);
  if (redis && !deps.redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  const ctx: AppContext = {
    config,
    db,
    queue,
    mailer,
    attempts: redis ? redisCounters(redis, `${config.redisPrefix}attempts:`, app.log) : memoryCounters(),
    captcha: deps.captcha ?? (config.recaptcha ? createRecaptcha(config.recaptcha) : createAltchaCaptcha({ db, hmacKey: config.altchaHmacKey })),
    geo: deps.geo ?? createGeoResolver({ countryHeader: config.geoCountryHeader, devCountry: config.devCountry }),
    catalogCache: createSnapshotCache(deps.catalogCacheMs ?? 30_000),
    viewerCache: createViewerCache(),
    invalidation:
      deps.invalidation ??
      (config.databaseUrl ? await createPostgresInvalidation({ url: config.databaseUrl, db, log: app.log }) : createLocalInvalidation(app.log)),
    storage: deps.storage ?? (config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.resolve(config.dataDir, 'uploads'))),
    google: deps.google ?? (config.googleClientId ? createGoogleVerifier({ clientId: config.googleClientId }) : undefined),
    stripe: deps.stripe === null ? undefined : (deps.stripe ?? defaultStripe(config)),
    razorpay: deps.razorpay === null ? undefined : (deps.razorpay ?? defaultRazorpay(config)),
  };
  // A viewer's kept reads are built on the catalog too (plan names; a deleted lesson takes its progress with it).
  ctx.invalidation.onInvalidate('catalog', () => {
    ctx.catalogCache.clear();
    ctx.viewerCache.clear();
  });
  // The home page's figures and wording are kept with the catalog's snapshots and come partly from the settings.
  ctx.invalidation.onInvalidate('settings', () => ctx.catalogCache.clear());
  // A user's facts changed (written here, after the commit): every process drops that viewer's cached reads.
  const stopHearingFacts = onUserFactsChanged((userId) => void ctx.invalidation.invalidate(`viewer:${userId}`));
  ctx.invalidation.onInvalidate('viewer:*', (topic) => {
    const userId = Number(topic.slice('viewer:'.length));
    if (Number.isInteger(userId)) ctx.viewerCache.forget(userId);
    else ctx.viewerCache.clear();
  });
  app.addHook('onClose', async () => {
    stopHearingFacts();
    await ctx.invalidation.close();
  });
  registerReminderJobs({ db, queue, config });
  registerDripJobs({ db, queue, config });
  const membershipDeps: MembershipDeps = { db, queue, config, log: app.log, stripe: ctx.stripe, razorpay: ctx.razorpay };
  registerMembershipJobs(membershipDeps);
  registerBroadcastJobs({ db, queue, config, mailer, log: app.log });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) return reply.code(400).send(fieldErrors(error.validation));
    if (error instanceof AppError) {
      const wait = error.body.retry_after_seconds;
      if (error.code === 'rate_limited' && typeof wait === 'number') reply.header('Retry-After', wait);
      return reply.code(statusByCode[error.code]).send(error.body);
    }
    if (error.validation) return reply.code(400).send(fieldErrors(error.validation));
    const status = error.statusCode ?? 500;
    if (status === 429) {
      const retryAfter = Number(reply.getHeader('retry-after')) || 60;
      return reply.code(429).send({ detail: tooManyAttempts(retryAfter), retry_after_seconds: retryAfter });
    }
    if (status >= 400 && status < 500) {
      const detail = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? messages.http.badRequest : error.message;
      return reply.code(status).send({ detail });
    }
    request.log.error({ err: error }, 'unhandled error');
    // Tests run without a logger: a 500 there prints, and the console.error guard fails the test.
    if (config.env === 'test') console.error(error);
    return reply.code(500).send({ detail: messages.http.server });
  });

  registerRequestId(app);
  registerDraining(app);
  registerMetrics(app, config.metrics);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });
  // Only re-encoded images are public; lesson resources are served behind signed links.
  registerPublicUploads(app, ctx.storage);
  await app.register(fastifyRateLimit, {
    global: false,
    // With Redis, every process counts against the same limits; if Redis is down, requests pass.
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}rate-limit:`, skipOnError: true } : {}),
    // Counted after validation: a request refused as malformed never uses up the allowance.
    hook: 'preHandler',
    errorResponseBuilder: (_request, context) => {
      // Thrown by the plugin, so the error handler answers it like every other AppError.
      const retryAfter = Math.ceil(context.ttl / 1000);
      const detail = tooManyAttempts(retryAfter);
      return Object.assign(new AppError('rate_limited', detail, { detail, retry_after_seconds: retryAfter }), { statusCode: 429 });
    },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Lectern API', version: '1.0.0', description: 'The API behind the Lectern course platform.' },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    // Each call's request, security and answers come from its route (http/openapi.ts).
    transform: documentTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  registerHealth(app, db);
  await app.register(credentialRoutes(ctx));

  await app.register(
    async (api) => {
      api.addHook('onRoute', documentAnswers);
      registerBlockedUserGuard(api, { db, invalidation: ctx.invalidation, secret: config.jwtSecret, reloadMs: deps.blockedReloadMs });
      await api.register(catalogRoutes(ctx));
      await api.register(storefrontRoutes(ctx));
      await api.register(accountRoutes(ctx));
      await api.register(siteRoutes(ctx));
      await api.register(contactRoutes(ctx));
      await api.register(analyticsRoutes(ctx));
      await api.register(cartRoutes(ctx));
      await api.register(orderRoutes(ctx));
      await api.register(webhookRoutes(ctx));
      await api.register(reminderRoutes(ctx));
      await api.register(subscriptionRoutes(ctx, membershipDeps));
      await api.register(learningRoutes(ctx));
      await api.register(reviewRoutes(ctx));
      await api.register(projectRoutes(ctx));
      await api.register(broadcastRoutes(ctx));
      await api.register(setupRoutes(ctx));
      await api.register(adminRoutes(ctx), { prefix: '/admin' });
    },
    { prefix: '/api/v1' },
  );
  // Development tools (provider sandboxes and their fakes, the dev mailbox) are not part of the API document.
  await app.register(async (dev) => {
    dev.addHook('onRoute', hideFromDocument);
    await registerSandboxProviders(dev, ctx);
    await registerDevMailbox(dev, ctx);
  });
  await registerWebApp(app, ctx, deps.webRoot, deps.renderer);

  return Object.assign(app, { ctx }) as unknown as App;
}
