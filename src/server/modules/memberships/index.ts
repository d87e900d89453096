// The memberships module's public surface (facts layer: the membership records and when one is
// current): the only file other modules may import.
export {
  isMembershipCurrent,
  membershipDates,
  periodStartOf,
  RENEWAL_SETTLE_MS,
  unusedCredit,
  type MembershipDates,
  type MembershipPhase,
  type MembershipState,
  type MembershipStatus,
} from './rules.js';
export {
  createMembership,
  currentMembers,
  currentMembershipStarts,
  currentMembershipOf,
  endedMemberships,
  liveMembershipsOf,
  membershipById,
  membershipHolders,
  membershipByReference,
  membershipCountsByPlan,
  membershipsForStudio,
  membershipSnapshot,
  membershipsOfUser,
  pendingMembershipsOf,
  updateMembership,
  type MembershipRow,
  type NewMembership,
  type StudioMemberState,
} from './service.js';
