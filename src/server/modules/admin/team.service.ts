import { teamMessages, type TeamInviteBody, type TeamMember } from '../../../shared/team.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { getPublicUser, inviteToTeam, listStaff, roleOf, setRole, toUserDetails } from '../accounts/index.js';
import { audited, type Actor } from './audit.js';

type Staff = Awaited<ReturnType<typeof listStaff>>[number];

function toMember(user: Staff): TeamMember {
  const role = roleOf(user);
  return {
    user_id: user.id,
    email: user.email,
    full_name: user.fullName,
    role: role === 'student' ? 'reviewer' : role,
    pending: !user.canSignIn,
    created_at: user.createdAt.toISOString(),
  };
}

/** Settings → Team: every admin and reviewer, admins first. */
export async function listTeam(ctx: AppContext): Promise<TeamMember[]> {
  return (await listStaff(ctx.db)).map(toMember);
}

/** Invites by email (an existing account gets the role; otherwise one is made) and emails the set-a-password link. */
export async function inviteMember(ctx: AppContext, actor: Actor, body: TeamInviteBody & { role: 'admin' | 'reviewer' }): Promise<TeamMember> {
  return audited(ctx.db, actor, async (tx) => {
    const { before, after } = await inviteToTeam(tx, ctx, { email: body.email, fullName: body.full_name, role: body.role, invitedBy: actor.name });
    const [staff] = await listStaff(tx, after.id);
    return {
      result: toMember(staff!),
      audit: {
        action: 'team.invite',
        entityType: 'user',
        entityId: after.id,
        summary: `Invited ${after.email} as ${body.role}`,
        before: before ? { ...toUserDetails(before), role: roleOf(before) } : null,
        after: { ...toUserDetails(after), role: body.role },
      },
    };
  });
}

/** Takes the reviewer role away (the account stays, as a student's); an admin is not removed here. */
export async function removeReviewer(ctx: AppContext, actor: Actor, userId: number): Promise<void> {
  if (userId === actor.id) throw new AppError('conflict', teamMessages.removeSelf);
  await audited(ctx.db, actor, async (tx) => {
    const user = await getPublicUser(tx, userId);
    if (!user || roleOf(user) === 'student') throw AppError.notFound(teamMessages.notOnTeam);
    if (user.isAdmin) throw new AppError('conflict', teamMessages.adminNotRemovable);
    const after = await setRole(tx, userId, 'student');
    return {
      result: undefined,
      audit: {
        action: 'team.remove',
        entityType: 'user',
        entityId: userId,
        summary: `Removed reviewer ${user.email}`,
        before: { ...toUserDetails(user), role: 'reviewer' },
        after: after ? { ...toUserDetails(after), role: 'student' } : null,
      },
    };
  });
}
