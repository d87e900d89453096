import { randomBytes } from 'node:crypto';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'must be a two-letter ISO country code such as IN or GB');

function isEd25519PrivateJwk(text: string): boolean {
  try {
    const jwk = JSON.parse(text) as Record<string, unknown>;
    return jwk.kty === 'OKP' && jwk.crv === 'Ed25519' && typeof jwk.x === 'string' && typeof jwk.d === 'string';
  } catch {
    return false;
  }
}

/** Every environment variable the server reads. Keep README.md's table in step with this. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  /** More origins (comma-separated) a buyer may return to from a payment, besides PUBLIC_URL's. */
  ALLOWED_ORIGINS: optionalText.pipe(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must be a comma-separated list of http:// or https:// origins' })))
      .optional(),
  ),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  DATA_DIR: z.string().default('./data'),
  /** Default: on outside production, off in production. */
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: optionalText,
  GEO_COUNTRY_HEADER: optionalText.transform((v) => v?.toLowerCase()),
  DEV_COUNTRY: optionalText.pipe(countryCode.optional()),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** The Ed25519 private key (a JWK, as JSON) that signs certificates and letters; else one kept in DATA_DIR. */
  CREDENTIAL_SIGNING_KEY: optionalText.pipe(
    z
      .string()
      .refine(
        isEd25519PrivateJwk,
        'must be an Ed25519 private key as a JWK in JSON ({"kty":"OKP","crv":"Ed25519","x":…,"d":…}); npm run admin -- signing-key prints one',
      )
      .optional(),
  ),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Lectern <no-reply@lectern.local>'),
  SUPPORT_EMAIL: optionalText.pipe(z.email().optional()),
  /** The older name of SUPPORT_EMAIL, still read. */
  INSTRUCTOR_EMAIL: optionalText.pipe(z.email().optional()),
  SELLER_LEGAL_NAME: optionalText.pipe(z.string().max(200).optional()),
  SELLER_ADDRESS: optionalText.pipe(z.string().max(500).optional()),
  SELLER_TAX_ID: optionalText.pipe(z.string().max(40).optional()),
  RECAPTCHA_SITE_KEY: optionalText,
  RECAPTCHA_SECRET_KEY: optionalText,
  ALTCHA_HMAC_KEY: optionalText,
  SITE_VERIFICATION: optionalText,
  COMMUNITY_URL: z.url().default('https://discord.com/invite/lectern'),
  JOBS_POLL_MS: z.coerce.number().int().min(50).default(1000),
  ACCESS_TOKEN_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  RESET_TOKEN_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(60),
  VERIFY_TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 24)
    .default(48),
  GOOGLE_CLIENT_ID: optionalText,
  CAPTCHA_ENFORCE: bool.optional(),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: optionalText.pipe(z.url().optional()),
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  RAZORPAY_API_BASE: optionalText.pipe(z.url().optional()),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  REDIS_PREFIX: z.string().trim().min(1).max(64).default('lectern:'),
  METRICS_ENABLED: bool.default(false),
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  JOBS_WORKER: bool.default(true),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional()),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: bool.optional(),
  S3_PREFIX: optionalText,
  ABANDONED_CART_DELAY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  MEMBERSHIP_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  /** How many broadcast emails leave per minute, across all broadcasts (your mail provider's limit). */
  BROADCAST_RATE_PER_MINUTE: z.coerce.number('must be a whole number from 1 to 10000').int().min(1).max(10_000).default(120),
});

export type Env = z.input<typeof envSchema>;

/** The names of every variable the server reads (README's environment table lists each). */
export const envVariableNames = Object.keys(envSchema.shape) as (keyof Env)[];

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  /** Origins besides PUBLIC_URL's that a payment may return to (http/return-origin.ts). */
  allowedOrigins: string[];
  databaseUrl: string | undefined;
  dataDir: string;
  seedDemo: boolean;
  logLevel: string;
  trustProxy: boolean | string | undefined;
  geoCountryHeader: string | undefined;
  /** Development only: pretend every visitor is in this country (ignored in production). */
  devCountry: string | undefined;
  jwtSecret: string;
  /** The private JWK (JSON) signing credentials; absent: a key made for this process (main.ts keeps one in DATA_DIR). */
  credentialSigningKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where contact messages and new-question notices go; else the address set in the studio, else the first admin's. */
  supportEmail: string | undefined;
  /** The seller printed on invoices (the studio's site settings override each field). */
  seller: { legalName: string | undefined; address: string | undefined; taxId: string | undefined };
  recaptcha: { siteKey: string; secretKey: string } | undefined;
  altchaHmacKey: string;
  siteVerification: string | undefined;
  communityUrl: string;
  jobsPollMs: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  resetTokenTtlSeconds: number;
  verifyTokenTtlSeconds: number;
  googleClientId: string | undefined;
  /** Registration and contact require a solved captcha (the pass cookie or a token in the body). */
  captchaEnforced: boolean;
  /** Absent: the local sandbox stands in (never in production). */
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | undefined;
  razorpay: { keyId: string; keySecret: string; webhookSecret: string; apiBase: string | undefined } | undefined;
  abandonedCartDelayMs: number;
  /** Rate-limit counters (and any other state processes share) live here; absent means in this process. */
  redisUrl: string | undefined;
  /** Prepended to every Redis key, so several sites (or test runs) can share one Redis. */
  redisPrefix: string;
  /** Prometheus metrics at /metrics, behind a bearer token when one is set. */
  metrics: { enabled: boolean; token: string | undefined };
  /** How long shutdown waits for requests and jobs in flight before giving up. */
  shutdownTimeoutMs: number;
  /** This process runs the job worker (every process may: jobs are claimed with SKIP LOCKED). */
  jobsWorker: boolean;
  /** After a failed renewal the member keeps access this long while the provider retries (dunning). */
  membershipGraceMs: number;
  /** Broadcast emails sent per minute at most, all broadcasts together (sent in batches through the job queue). */
  broadcastRatePerMinute: number;
  /** Uploads go to this S3-compatible bucket; absent means $DATA_DIR/uploads on local disk. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
        forcePathStyle: boolean;
        prefix: string | undefined;
      }
    | undefined;
}

export class ConfigError extends Error {}

function parseTrustProxy(value: string | undefined): boolean | string | undefined {
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/** Reads the environment once. A bad value throws a ConfigError naming the variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction && !env.JWT_SECRET) throw new ConfigError('Invalid environment configuration:\n  JWT_SECRET: is required in production');
  if (isProduction && !env.PUBLIC_URL) throw new ConfigError('Invalid environment configuration:\n  PUBLIC_URL: is required in production');
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET)
    throw new ConfigError('Invalid environment configuration:\n  STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY');
  if (Boolean(env.RAZORPAY_KEY_ID) !== Boolean(env.RAZORPAY_KEY_SECRET)) {
    throw new ConfigError('Invalid environment configuration:\n  RAZORPAY_KEY_SECRET: set both RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET, or neither');
  }
  if (Boolean(env.RECAPTCHA_SITE_KEY) !== Boolean(env.RECAPTCHA_SECRET_KEY)) {
    throw new ConfigError('Invalid environment configuration:\n  RECAPTCHA_SECRET_KEY: set both RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY, or neither');
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid environment configuration:\n  S3_SECRET_ACCESS_KEY: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither');
  }
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? []).map((o) => new URL(o).origin),
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    seedDemo: env.SEED_DEMO ?? !isProduction,
    logLevel: env.LOG_LEVEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    geoCountryHeader: env.GEO_COUNTRY_HEADER,
    devCountry: isProduction ? undefined : env.DEV_COUNTRY,
    jwtSecret: env.JWT_SECRET ?? randomBytes(32).toString('hex'),
    credentialSigningKey: env.CREDENTIAL_SIGNING_KEY,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL ?? env.INSTRUCTOR_EMAIL,
    seller: { legalName: env.SELLER_LEGAL_NAME, address: env.SELLER_ADDRESS?.replace(/\\n/g, '\n'), taxId: env.SELLER_TAX_ID },
    recaptcha: env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET_KEY ? { siteKey: env.RECAPTCHA_SITE_KEY, secretKey: env.RECAPTCHA_SECRET_KEY } : undefined,
    altchaHmacKey: env.ALTCHA_HMAC_KEY ?? env.JWT_SECRET ?? randomBytes(32).toString('hex'),
    siteVerification: env.SITE_VERIFICATION,
    communityUrl: env.COMMUNITY_URL,
    jobsPollMs: env.JOBS_POLL_MS,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_MINUTES * 60,
    refreshTokenTtlSeconds: env.REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60,
    resetTokenTtlSeconds: env.RESET_TOKEN_TTL_MINUTES * 60,
    verifyTokenTtlSeconds: env.VERIFY_TOKEN_TTL_HOURS * 60 * 60,
    googleClientId: env.GOOGLE_CLIENT_ID,
    captchaEnforced: env.CAPTCHA_ENFORCE ?? isProduction,
    stripe: env.STRIPE_SECRET_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '', apiBase: env.STRIPE_API_BASE }
      : undefined,
    razorpay:
      env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET
        ? { keyId: env.RAZORPAY_KEY_ID, keySecret: env.RAZORPAY_KEY_SECRET, webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? '', apiBase: env.RAZORPAY_API_BASE }
        : undefined,
    abandonedCartDelayMs: env.ABANDONED_CART_DELAY_MINUTES * 60 * 1000,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    metrics: { enabled: env.METRICS_ENABLED, token: env.METRICS_TOKEN },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    jobsWorker: env.JOBS_WORKER,
    membershipGraceMs: env.MEMBERSHIP_GRACE_DAYS * 24 * 60 * 60 * 1000,
    broadcastRatePerMinute: env.BROADCAST_RATE_PER_MINUTE,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
          prefix: env.S3_PREFIX,
        }
      : undefined,
  };
}
