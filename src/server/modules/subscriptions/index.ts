// The subscriptions module's public surface (memberships bought through Stripe and Razorpay: checkout,
// the state machine, history and the studio's actions; the records and their currency are the
// memberships module's): the only file other modules may import.
export { hasEverSubscribed, refreshFromProvider } from './service.js';
export { handleRazorpayMembershipEvent, handleStripeMembershipEvent } from './events.js';
export type { MembershipDeps } from './state-machine.js';
export { registerMembershipJobs } from './jobs.js';
// The instructor's studio (its routes check the role and write the audit log).
export {
  cancelMembershipFor,
  compMembership,
  getMembership,
  getMembershipDetail,
  listMemberships,
  membershipMoneyByDay,
  refundLastCharge,
  type StudioMembership,
  type StudioMembershipDetail,
} from './studio.js';
// Plans kept in step with Stripe and Razorpay (the studio's plan editor calls these after its change commits).
export { syncPlanWithProviders } from './plans.js';
