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

/**
 * The payment provider refused a request and said why (a 4xx with its reason: more than is left to
 * refund, a payment already refunded in full). Nothing happened there, so our record of the attempt
 * can be closed as failed; an outage (no answer, a 5xx) may have done the work and stays unknown.
 */
export class ProviderRefused extends Error {
  constructor(
    readonly provider: 'stripe' | 'razorpay',
    /** The provider's own words ("Refund amount ($60.00) is greater than unrefunded amount on charge ($49.00)"). */
    readonly providerMessage: string,
  ) {
    super(`${provider === 'stripe' ? 'Stripe' : 'Razorpay'} refused: ${providerMessage}`);
    this.name = 'ProviderRefused';
  }
}

/** A refund as the provider holds it: its id, amount (minor units), status word and time, and our refund's id when we asked for it. */
export interface ProviderRefund {
  id: string;
  amount: number;
  /** Stripe: pending, requires_action, succeeded, failed, canceled. Razorpay: pending, processed, failed. */
  status: string;
  /** Whether the money is going back (made, or on its way); failed and canceled ones are not. */
  made: boolean;
  created: Date | null;
  /** The `refund_id` we wrote in its metadata (Stripe) or notes (Razorpay); null for one made in the provider's dashboard. */
  ourRefundId: string | null;
}
