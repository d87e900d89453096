// The webhook router (the providers' events, verified once and handed to the module each is about:
// subscriptions for memberships, orders for orders): the only file other modules may import.
export { replayProviderEvent, type WebhookDeps } from './service.js';
