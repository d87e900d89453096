import type { FastifyRequest } from 'fastify';
import { regionForCountry, type Region } from '../shared/regions.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { returnOrigin } from './http/return-origin.js';
import type { SnapshotCache } from './http/cache.js';
import type { Captcha } from './integrations/captcha/index.js';
import type { GeoResolver } from './integrations/geoip/index.js';
import type { GoogleVerifier } from './integrations/google/index.js';
import type { RazorpayGateway } from './integrations/razorpay/index.js';
import type { StripeGateway } from './integrations/stripe/index.js';
import type { Mailer } from './integrations/mail/index.js';
import type { AttemptCounters } from './integrations/redis/index.js';
import type { FileStorage } from './integrations/storage/index.js';
import type { Invalidation } from './invalidation/index.js';
import type { JobQueue } from './jobs/queue.js';
import { memoFor, type Memos, type ViewerCache } from './http/viewer-cache.js';

/** What every module's routes receive: configuration and the outside services, chosen once. */
export interface AppContext {
  config: Config;
  db: Database;
  queue: JobQueue;
  mailer: Mailer;
  captcha: Captcha;
  /** Counters of failed sign-ins and sent mails (Redis when REDIS_URL is set, else this process). */
  attempts: AttemptCounters;
  geo: GeoResolver;
  catalogCache: SnapshotCache;
  /** A signed-in viewer's facts per course, dropped when they change (topic 'viewer:{userId}'). */
  viewerCache: ViewerCache;
  /** Call `invalidate('catalog' | 'settings')` after a write commits: every process drops its caches. */
  invalidation: Invalidation;
  /** Uploads: S3-compatible storage when S3_BUCKET is set, else $DATA_DIR/uploads. */
  storage: FileStorage;
  /** Absent when GOOGLE_CLIENT_ID is not configured (the button is hidden). */
  google: GoogleVerifier | undefined;
  /** Absent when the method is not available (production without keys). */
  stripe: StripeGateway | undefined;
  razorpay: RazorpayGateway | undefined;
}

export interface Visitor {
  country: string;
  region: Region;
  /** Where a payment provider sends this visitor back (http/return-origin.ts). */
  returnOrigin: string;
}

/** A signed-in viewer's memos: their part of the viewer cache, and the catalog's snapshots. */
export function memosFor(ctx: Pick<AppContext, 'viewerCache' | 'catalogCache'>, userId: number): Memos {
  return { mine: memoFor(ctx.viewerCache, userId), shared: ctx.catalogCache.value };
}

/**
 * The visitor's country comes from the connection (trusted header, else the bundled database).
 * The legacy `ip` query parameter is deliberately not used for pricing: it is client-controlled.
 */
export function visitorOf(ctx: AppContext, request: FastifyRequest): Visitor {
  const country = ctx.geo.countryOf(request) ?? 'US';
  return { country, region: regionForCountry(country), returnOrigin: returnOrigin(ctx.config, request.headers) };
}
