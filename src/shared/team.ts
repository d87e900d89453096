import { z } from 'zod';
import { registerBodySchema } from './accounts.js';

/**
 * The studio's team (Settings → Team): the admins, who may do everything, and the reviewers, who
 * see the project queue and review submissions and nothing else (every other studio call answers
 * them 403).
 */
export const staffRoles = ['admin', 'reviewer'] as const;
export type StaffRole = (typeof staffRoles)[number];
export const staffRoleLabels: Record<StaffRole, string> = { admin: 'Admin', reviewer: 'Reviewer' };

export const teamMessages = {
  invited: (email: string) => `Invitation sent to ${email}.`,
  removed: (name: string) => `${name} is no longer a reviewer.`,
  alreadyAdmin: 'This account is already an admin.',
  alreadyReviewer: 'This account is already a reviewer.',
  adminNotRemovable: 'An admin cannot be removed here: only reviewers can.',
  notOnTeam: 'This account is not on the team.',
  removeSelf: 'You cannot remove yourself.',
  reviewerForbidden: 'Reviewers can open the project reviews only.',
};

export const teamMemberSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  role: z.enum(staffRoles),
  /** Invited but has not set a password (nor signed in with Google) yet. */
  pending: z.boolean(),
  created_at: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInviteBodySchema = registerBodySchema
  .pick({ email: true, full_name: true })
  .extend({ role: z.enum(staffRoles).default('reviewer') })
  .strict();
export type TeamInviteBody = z.input<typeof teamInviteBodySchema>;
