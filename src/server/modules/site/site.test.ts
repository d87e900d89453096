import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('site endpoints', () => {
  it('GET /save-ip/ returns the connection address', async () => {
    const res = await t.app.inject({ url: '/api/v1/save-ip/', remoteAddress: '203.0.113.9' });
    expect(res.json()).toEqual({ ip: '203.0.113.9' });
  });

  it('GET /fetchCountries/ and /fetchStates/{country} list countries and states by name or code', async () => {
    const countries = (await t.app.inject({ url: '/api/v1/fetchCountries/' })).json<{ countries: { country_name: string }[] }>().countries;
    expect(countries.length).toBeGreaterThan(200);
    expect(countries.map((c) => c.country_name)).toContain('India');
    const states = (await t.app.inject({ url: '/api/v1/fetchStates/India' })).json<{ states: { state_name: string }[] }>().states;
    expect(states.map((s) => s.state_name)).toContain('Karnataka');
    expect((await t.app.inject({ url: '/api/v1/fetchStates/US' })).json<{ states: unknown[] }>().states.length).toBeGreaterThan(49);
    expect((await t.app.inject({ url: '/api/v1/fetchStates/Atlantis' })).statusCode).toBe(404);
  });

  it('GET /site-config/ tells the web app which captcha to show', async () => {
    const body = (await t.app.inject({ url: '/api/v1/site-config/' })).json();
    expect(body.captcha).toEqual({ provider: 'altcha', site_key: null });
  });

  it('GET /altcha/challenge/ returns a signed challenge that is not cached', async () => {
    const res = await t.app.inject({ url: '/api/v1/altcha/challenge/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toHaveProperty('parameters');
  });
});
