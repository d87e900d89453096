import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('works with no environment at all (the newcomer case)', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, dataDir: './data', publicUrl: 'http://localhost:3000', seedDemo: true });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DEV_COUNTRY: 'India' }, 'DEV_COUNTRY'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'production', PUBLIC_URL: 'https://x.dev' }, 'JWT_SECRET'],
    [{ RECAPTCHA_SITE_KEY: 'only-one' }, 'RECAPTCHA_SECRET_KEY'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-one' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, 'REDIS_URL'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ SHUTDOWN_TIMEOUT_SECONDS: '0' }, 'SHUTDOWN_TIMEOUT_SECONDS'],
  ])('stops on %j with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('leaves the demo catalog off in production unless asked for', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://lectern.dev', JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('ignores DEV_COUNTRY in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://lectern.dev', JWT_SECRET: 'x'.repeat(40), DEV_COUNTRY: 'IN' });
    expect(config.devCountry).toBeUndefined();
    expect(loadConfig({ DEV_COUNTRY: 'in' }).devCountry).toBe('IN');
  });

  it('keeps uploads on local disk unless S3_BUCKET is set; an endpoint implies path-style addressing', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'uploads', S3_ENDPOINT: 'http://minio:9000' }).s3).toMatchObject({
      bucket: 'uploads',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: undefined,
    });
    expect(loadConfig({ S3_BUCKET: 'uploads' }).s3?.forcePathStyle).toBe(false);
  });
});
