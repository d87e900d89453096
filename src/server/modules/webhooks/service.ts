import type { RazorpayEventBody } from '../../integrations/razorpay/index.js';
import type { StripeEvent } from '../../integrations/stripe/index.js';
import { AppError } from '../../errors.js';
import { handleRazorpayOrderEvent, handleStripeOrderEvent, processEventOnce, storedProviderEvent, type OrderDeps } from '../orders/index.js';
import { handleRazorpayMembershipEvent, handleStripeMembershipEvent, type MembershipDeps } from '../subscriptions/index.js';

/** What the providers' events need: the orders' and the memberships' dependencies (the same services). */
export type WebhookDeps = OrderDeps & MembershipDeps;

/**
 * Which module an event is about: memberships first (the subscriptions module answers null when the
 * event is not about a membership), then orders. Each handler reads the object back from the
 * provider; the outcome goes into the payments log.
 */
async function stripeWork(deps: WebhookDeps, event: StripeEvent): Promise<string> {
  return (await handleStripeMembershipEvent(deps, event)) ?? (await handleStripeOrderEvent(deps, event));
}

async function razorpayWork(deps: WebhookDeps, type: string, body: RazorpayEventBody): Promise<string> {
  return (await handleRazorpayMembershipEvent(deps, type, body)) ?? (await handleRazorpayOrderEvent(deps, type, body));
}

/** Stripe's webhook: the signature is checked once, on the raw body; the event is processed once (orders' payments log) by its owner. */
export async function receiveStripeEvent(deps: WebhookDeps, rawBody: Buffer, signature: string | undefined): Promise<void> {
  const stripe = deps.stripe;
  if (!stripe) throw AppError.notFound('Stripe is not configured.');
  let event: StripeEvent;
  try {
    event = stripe.constructEvent(rawBody, signature ?? '');
  } catch {
    throw new AppError('bad_request', 'Invalid signature.');
  }
  await processEventOnce(deps, { provider: 'stripe', eventId: event.id, type: event.type, payload: JSON.parse(rawBody.toString('utf8')) as object }, () =>
    stripeWork(deps, event),
  );
}

/** Razorpay's webhook: X-Razorpay-Signature over the raw body, checked once; then processed once by its owner. */
export async function receiveRazorpayEvent(
  deps: WebhookDeps,
  rawBody: Buffer,
  signature: string | undefined,
  eventIdHeader: string | undefined,
): Promise<void> {
  if (!deps.razorpay) throw AppError.notFound('Razorpay is not configured.');
  if (!signature || !deps.razorpay.verifyWebhookSignature(rawBody, signature)) throw new AppError('bad_request', 'Invalid signature.');
  let body: RazorpayEventBody;
  try {
    body = JSON.parse(rawBody.toString('utf8')) as RazorpayEventBody;
  } catch {
    throw new AppError('bad_request', 'Invalid JSON.');
  }
  const type = body.event ?? 'unknown';
  // Without Razorpay's event id, the objects it is about name it; a refund's own id too, since one payment may be refunded in several parts.
  const refundId = body.payload?.refund?.entity?.id;
  const eventId =
    eventIdHeader ??
    `${type}:${body.payload?.subscription?.entity?.id ?? ''}:${body.payload?.payment?.entity?.id ?? body.payload?.refund?.entity?.payment_id ?? ''}${refundId ? `:${refundId}` : ''}`;
  await processEventOnce(deps, { provider: 'razorpay', eventId, type, payload: body }, () => razorpayWork(deps, type, body));
}

/**
 * The studio's replay of a stored event that was not processed (it failed, and the provider has
 * not yet retried it): the same claim as a webhook delivery, so a replay and a delivery never both
 * act, and an event already processed is refused (409) with nothing redone. The payload was
 * verified when it arrived; state is read back from the provider as for a delivery.
 */
export async function replayProviderEvent(deps: WebhookDeps, id: number): Promise<void> {
  const row = await storedProviderEvent(deps.db, id);
  if (!row) throw AppError.notFound('Event not found.');
  if (row.processedAt) throw new AppError('conflict', 'This event has already been processed.');
  const event = { provider: row.provider, eventId: row.eventId, type: row.type, payload: row.payload as object };
  if (row.provider === 'stripe') {
    if (!deps.stripe) throw new AppError('unavailable', 'Stripe is not configured.');
    const data = (row.payload as { data?: { object?: Record<string, unknown> } }).data?.object;
    const parsed: StripeEvent = { id: row.eventId, type: row.type, objectId: typeof data?.id === 'string' ? data.id : undefined, object: data };
    await processEventOnce(deps, event, () => stripeWork(deps, parsed));
  } else {
    if (!deps.razorpay) throw new AppError('unavailable', 'Razorpay is not configured.');
    await processEventOnce(deps, event, () => razorpayWork(deps, row.type, row.payload as RazorpayEventBody));
  }
}
