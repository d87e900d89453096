// The subscriptions texts, without zod: the storefront's first paint imports them (issue 13).

/** The subscription screens' texts (spec: Subscribe, Pending activation, Subscription, history, error catalogue). */
export const subscriptionMessages = {
  // server answers
  alreadyMember: 'You already have an active membership. Manage it from your subscription page.',
  planNotFound: 'This membership plan does not exist.',
  lifetimeNotRecurring: 'The lifetime plan is a one-time payment, not a subscription.',
  razorpayIndiaOnly: 'Razorpay is available only for payments from India.',
  methodUnavailable: 'This payment method is not available right now.',
  providerUnreachable: 'The payment provider is not reachable right now. Please try again in a moment.',
  notVerified: 'We could not verify this payment.',
  notFound: 'Subscription not found.',
  lifetimeNoRenewal: 'A lifetime membership has no renewal to cancel.',
  notActive: 'This subscription is not active.',
  lifetimeActivated: 'Your lifetime membership is active.',
  subscriptionActivated: 'Your membership is active.',
  paymentPending: 'Your payment is being confirmed.',
  cancelled: (endDate: string) => `Auto-renewal is off. You keep full access until ${endDate}.`,
  cancelledNow: 'Your subscription has been cancelled.',

  // the client's texts, word for word
  subscribeNow: 'Subscribe Now',
  alreadySubscribed: 'Already Subscribed',
  willIncrease: 'will be increased soon',
  yearlySave: 'Save 35%',
  processingPayment: 'Processing Payment',
  activated: 'Subscription Activated',
  redirecting: 'Redirecting you now...',
  noSubscription: "You don't have any subscription.",
  historyEmpty: 'No subscription history found.',
  historyFailed: 'Failed to load subscription history. Please try again.',
  detailFailed: 'Something went wrong',
  cancelConfirm: 'Are you sure you want to cancel your subscription?',
  cancelFailed: 'Failed to cancel subscription.',
  cancelNotSuccessful: 'Something went wrong. Please try again.',
  paymentFailed: 'Payment failed. Please try again.',
  unexpectedResponse: 'Unexpected response from server.',
  loginSuccess: 'Login successful!',
  includedInMembership: 'Included in your membership',
} as const;
