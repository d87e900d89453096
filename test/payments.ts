import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import Stripe from 'stripe';
import type { Database } from '../src/server/db/client.js';
import { createRazorpayGateway } from '../src/server/integrations/razorpay/index.js';
import { RAZORPAY_FAKE_PREFIX, registerFakeRazorpay } from '../src/server/integrations/razorpay/fake-api.js';
import { createStripeGateway } from '../src/server/integrations/stripe/index.js';
import { registerFakeStripe } from '../src/server/integrations/stripe/fake-api.js';

/**
 * Local fakes of Stripe's and Razorpay's HTTP APIs on a real port: the official stripe SDK and our
 * Razorpay adapter talk to them over HTTP. The webhooks they would send are collected, so each
 * test decides when, and how often, to deliver them.
 */
export async function startFakeProviders(db: Database) {
  const stripeKeys = { secretKey: 'sk_test_fake', webhookSecret: 'whsec_fake' };
  const rzpKeys = { keyId: 'rzp_test_fake', keySecret: 'rzp_secret_fake', webhookSecret: 'rzp_webhook_fake' };
  const stripeEvents: { id: string; type: string; object: Record<string, unknown>; created?: number }[] = [];
  const razorpayEvents: { id: string; event: string; payload: Record<string, unknown> }[] = [];
  const server = Fastify();
  // Every request the fakes answer ("GET /v1/checkout/sessions/cs_..."), and outages a test asks for.
  const requests: string[] = [];
  const outages = new Map<string, { left: number; kind: 'error' | 'drop' }>();
  server.addHook('onRequest', async (request, reply) => {
    const key = `${request.method} ${request.url.split('?')[0]}`;
    requests.push(key);
    const outage = outages.get(key);
    if (outage && outage.left > 0) {
      outage.left -= 1;
      // A network failure: the connection closes with no answer at all.
      if (outage.kind === 'drop') {
        reply.hijack();
        request.raw.socket.destroy();
        return reply;
      }
      return reply.code(500).send({ error: { type: 'api_error', message: 'Simulated outage.' } });
    }
  });
  const razorpay = createRazorpayGateway({ ...rzpKeys, mode: 'sandbox', apiBase: 'http://127.0.0.1:1' });
  const stripeBilling = await registerFakeStripe(server, {
    db,
    secretKey: stripeKeys.secretKey,
    publicBase: 'http://fake-stripe.test',
    failurePath: '/order/failure/',
    deliver: async (e) => void stripeEvents.push(e),
  });
  const razorpayBilling = await registerFakeRazorpay(server, { db, ...rzpKeys, gateway: razorpay, deliver: async (e) => void razorpayEvents.push(e) });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return {
    server,
    stripe: createStripeGateway({ ...stripeKeys, mode: 'live', apiBase: base }),
    razorpay: createRazorpayGateway({ ...rzpKeys, mode: 'live', apiBase: `${base}${RAZORPAY_FAKE_PREFIX}` }),
    /** The official SDK against the fake, for what our gateway does not do (test clocks, refunds by hand). */
    stripeSdk: new Stripe(stripeKeys.secretKey, { host: '127.0.0.1', port: (server.server.address() as AddressInfo).port, protocol: 'http' }),
    stripeBilling,
    razorpayBilling,
    stripeEvents,
    razorpayEvents,
    requests,
    /** The next `times` requests to `method path` answer 500. */
    failNext: (method: string, path: string, times: number) => void outages.set(`${method} ${path}`, { left: times, kind: 'error' }),
    /** The next `times` requests to `method path` get no answer: the connection is closed (a network failure). */
    dropNext: (method: string, path: string, times: number) => void outages.set(`${method} ${path}`, { left: times, kind: 'drop' }),
    close: () => server.close(),
  };
}
