// The subscriptions module's public surface (memberships: their rules, lifecycle and studio actions): the only file other modules may import.
export { isMembershipCurrent, membershipDates, type MembershipDates, type MembershipPhase, type MembershipState, type MembershipStatus } from './rules.js';
export { currentMembershipOf, currentMembers, endedMemberships, membershipMoneyByDay, membershipSnapshot } from './membership.js';
export { hasEverSubscribed, refreshFromProvider } from './service.js';
export { handleRazorpayMembershipEvent, handleStripeMembershipEvent, type RazorpayEventBody } from './events.js';
export type { MembershipDeps } from './state-machine.js';
export { registerMembershipJobs } from './jobs.js';
// The instructor's studio (its routes check the role and write the audit log).
export {
  cancelMembershipFor,
  compMembership,
  getMembership,
  getMembershipDetail,
  listMemberships,
  refundLastCharge,
  type StudioMembership,
  type StudioMembershipDetail,
} from './studio.js';
// Plans kept in step with Stripe and Razorpay (the studio's plan editor calls these after its change commits).
export { membershipCountsByPlan, syncPlanWithProviders } from './plans.js';
