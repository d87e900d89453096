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
  // a member's own changes (issue 21: what Stripe's customer portal gives)
  resumed: (renewsOn: string) => `Auto-renewal is back on. Your membership renews on ${renewsOn}.`,
  nothingToResume: 'Auto-renewal is already on.',
  resumeTooLate: 'This membership has ended: choose a plan to start a new one.',
  razorpayNoResume: (endDate: string) =>
    `Razorpay cannot restart a subscription once it is set to end. You keep full access until ${endDate}; after that, choose a plan again on the plans page to continue.`,
  nothingToPay: 'This membership has no renewal to pay: there is no card to update.',
  noCardPage: 'The payment provider has no page for this subscription’s card right now. Please try again later.',
  samePlan: 'You are already on this plan.',
  changeNeedsRenewal: 'Turn auto-renewal back on first: a plan change applies to a membership that renews.',
  changeNeedsPayment: 'Your last renewal has not been paid yet: update your card first, then change the plan.',
  yearlyToMonthly: (endDate: string) =>
    `A yearly membership moves to monthly at its renewal: turn auto-renewal off, and choose the monthly plan when your year ends on ${endDate}.`,
  razorpayPlanChange: (endDate: string) =>
    `Razorpay cannot change the plan of a running subscription paid with an Indian card or UPI. The change happens at renewal: turn auto-renewal off, and choose the new plan when your membership ends on ${endDate}; you keep full access until then.`,
  lifetimeByCheckout: 'Lifetime access is a one-time purchase: use the lifetime upgrade.',
  planChanged: (planName: string, endDate: string) => `You are now on the ${planName}. It renews on ${endDate}.`,
  changeDeclined: 'Your card was declined, so nothing changed. Update your card and try again.',
  alreadyLifetime: 'You already have lifetime access.',

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
