/** The subscriptions module's public surface: memberships, their rules and their lifecycle. */
export { isMembershipCurrent, type MembershipState, type MembershipStatus } from './rules.js';
export { currentMembershipOf, currentMembers } from './membership.js';
