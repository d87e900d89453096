/**
 * The payment provider answered that the object asked about does not exist (Stripe's
 * `resource_missing` / 404, Razorpay's "The id provided does not exist"). Unlike an outage (a
 * network failure or a 5xx), asking again will never change the answer: a webhook about such an
 * object is acknowledged and logged as ignored instead of being retried for days.
 */
export class ProviderObjectMissing extends Error {
  constructor(
    readonly provider: 'stripe' | 'razorpay',
    /** The provider's own words ("No such subscription: 'sub_…'"). */
    readonly providerMessage: string,
  ) {
    super(`${provider === 'stripe' ? 'Stripe' : 'Razorpay'} says it does not exist (${providerMessage})`);
    this.name = 'ProviderObjectMissing';
  }
}
