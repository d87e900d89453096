import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { isAllowedOrigin, publicUrlMismatch, returnOrigin } from './return-origin.js';

const JWT_SECRET = 'test-secret-test-secret-test-secret-42';
const development = loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000', JWT_SECRET });
const production = loadConfig({
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://learn.example.com',
  ALLOWED_ORIGINS: 'https://www.learn.example.com, https://shop.example.com/',
  JWT_SECRET,
});

describe('returnOrigin: a payment returns to the origin the buyer came from, if allowed', () => {
  it.each([
    [development, { origin: 'http://127.0.0.1:3000' }, 'http://127.0.0.1:3000'],
    [development, { origin: 'http://localhost:5173' }, 'http://localhost:5173'],
    [development, { origin: 'http://[::1]:3000' }, 'http://[::1]:3000'],
    [development, { referer: 'http://127.0.0.1:3000/checkout?x=1' }, 'http://127.0.0.1:3000'],
    [development, { origin: 'http://localhost:3000' }, 'http://localhost:3000'],
    [development, { origin: 'https://evil.example' }, 'http://localhost:3000'],
    [development, { origin: 'http://127.0.0.1.evil.example' }, 'http://localhost:3000'],
    [development, { origin: 'null' }, 'http://localhost:3000'],
    [development, { origin: 'javascript:alert(1)' }, 'http://localhost:3000'],
    [development, {}, 'http://localhost:3000'],
    [production, { origin: 'https://www.learn.example.com' }, 'https://www.learn.example.com'],
    [production, { origin: 'https://shop.example.com' }, 'https://shop.example.com'],
    [production, { origin: 'http://127.0.0.1:3000' }, 'https://learn.example.com'],
    [production, { origin: 'https://learn.example.com.evil.example' }, 'https://learn.example.com'],
    [production, { referer: 'https://evil.example/https://www.learn.example.com' }, 'https://learn.example.com'],
  ])('%#: %j', (config, headers, expected) => {
    expect(returnOrigin(config, headers)).toBe(expected);
  });

  it('allows loopback addresses only outside production', () => {
    expect(isAllowedOrigin(development, 'http://127.0.0.1:4000')).toBe(true);
    expect(isAllowedOrigin(production, 'http://127.0.0.1:4000')).toBe(false);
    expect(isAllowedOrigin(production, 'https://learn.example.com')).toBe(true);
  });

  it('refuses an ALLOWED_ORIGINS entry that is not an http(s) address', () => {
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'ftp://files.example.com' })).toThrow(/ALLOWED_ORIGINS/);
  });
});

describe('publicUrlMismatch: the development warning at boot', () => {
  it('is quiet when PUBLIC_URL is an address the server answers on, or in production, or behind a proxy', () => {
    expect(publicUrlMismatch(development, { host: '0.0.0.0', port: 3000 })).toBeUndefined();
    expect(publicUrlMismatch(development, { host: 'localhost', port: 3000 })).toBeUndefined();
    expect(publicUrlMismatch(production, { host: '0.0.0.0', port: 8080 })).toBeUndefined();
    const proxied = loadConfig({ PUBLIC_URL: 'http://localhost:3000', PORT: '3001', TRUST_PROXY: 'loopback' });
    expect(publicUrlMismatch(proxied, { host: '0.0.0.0', port: 3001 })).toBeUndefined();
  });

  it('names both addresses when the host or the port differs', () => {
    expect(publicUrlMismatch(development, { host: '127.0.0.1', port: 3000 })).toMatch(
      /^PUBLIC_URL is http:\/\/localhost:3000 but the server listens on 127\.0\.0\.1:3000\./,
    );
    expect(publicUrlMismatch(development, { host: '0.0.0.0', port: 4000 })).toMatch(/listens on 0\.0\.0\.0:4000/);
  });
});
