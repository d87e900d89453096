import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { Database } from '../src/server/db/client.js';
import { createRazorpayGateway } from '../src/server/integrations/razorpay/index.js';
import { registerFakeRazorpay } from '../src/server/integrations/razorpay/fake-api.js';
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
  const stripeEvents: { id: string; type: string; object: Record<string, unknown> }[] = [];
  const razorpayEvents: { id: string; event: string; payload: Record<string, unknown> }[] = [];
  const server = Fastify();
  const razorpay = createRazorpayGateway({ ...rzpKeys, mode: 'sandbox', apiBase: 'http://127.0.0.1:1' });
  await registerFakeStripe(server, {
    db,
    secretKey: stripeKeys.secretKey,
    publicBase: 'http://fake-stripe.test',
    failureUrl: 'http://lectern.test/order/failure/',
    deliver: async (e) => void stripeEvents.push(e),
  });
  await registerFakeRazorpay(server, { db, ...rzpKeys, gateway: razorpay, deliver: async (e) => void razorpayEvents.push(e) });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return {
    server,
    stripe: createStripeGateway({ ...stripeKeys, mode: 'live', apiBase: base }),
    razorpay: createRazorpayGateway({ ...rzpKeys, mode: 'live', apiBase: base }),
    stripeEvents,
    razorpayEvents,
    close: () => server.close(),
  };
}
