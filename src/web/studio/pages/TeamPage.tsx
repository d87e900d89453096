import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { staffRoleLabels, teamInviteBodySchema, teamMessages, type TeamMember } from '../../../shared/team';
import { adminErrorText } from '../../api/admin';
import { teamQueries, useInviteTeamMember, useRemoveReviewer } from '../../api/team';
import { EmailField, NameField, SelectField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { ErrorState } from '../../components/States';
import { useAdmin } from '../StudioGuard';
import { DataTable } from '../components/tables';
import { notify } from '../components/notify';
import { ConfirmDialog, PageHeader, TableSkeleton, useStudioTitle } from '../components/ui';
import { useStudioSubmit } from '../components/useStudioSubmit';

type Values = z.input<typeof teamInviteBodySchema>;
const fields = ['email', 'full_name', 'role'] as const;
const blank: Values = { email: '', full_name: '', role: 'reviewer' };

/** /admin/settings/team: who runs the studio (admins) and who reviews projects (reviewers); invite by email, remove a reviewer. */
export default function TeamPage() {
  useStudioTitle('Team');
  const team = useQuery(teamQueries.list());
  return (
    <div style={{ maxWidth: 960 }}>
      <PageHeader title="Team">
        <Link to="/admin/settings" className="small d-inline-block py-1">
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          Settings
        </Link>
      </PageHeader>
      <p className="text-body-secondary">
        Admins can do everything in the studio. Reviewers see the project queue and review submissions, and nothing else: no orders, money, students&apos; data
        or settings.
      </p>
      <InviteCard />
      {team.isPending ? (
        <TableSkeleton columns={4} label="Loading the team" />
      ) : team.isError ? (
        <ErrorState message={adminErrorText(team.error)} onRetry={() => void team.refetch()} />
      ) : (
        <TeamTable members={team.data} />
      )}
    </div>
  );
}

function InviteCard() {
  const invite = useInviteTeamMember();
  const form = useForm<Values, unknown, z.output<typeof teamInviteBodySchema>>({ resolver: zodResolver(teamInviteBodySchema), defaultValues: blank });
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const { formError, submit } = useStudioSubmit(form, fields, async (values) => {
    const member = await invite.mutateAsync(values);
    notify(teamMessages.invited(member.email));
    reset(blank);
  });
  return (
    <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="team-invite">
      <h2 id="team-invite" className="h5 mb-1">
        Invite someone
      </h2>
      <p className="small text-body-secondary mb-3">They get an email with a link to choose a password (it works for 7 days), then sign in to the studio.</p>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Invite to the team">
        {formError && <FormAlert kind="error">{formError}</FormAlert>}
        <div className="row g-3">
          <div className="col-12 col-md-5">
            <EmailField id="team-email" label="Email" error={errors.email?.message} {...register('email')} />
          </div>
          <div className="col-12 col-md-4">
            <NameField id="team-full_name" label="Full name" error={errors.full_name?.message} {...register('full_name')} />
          </div>
          <div className="col-12 col-md-3">
            <SelectField id="team-role" label="Role" error={errors.role?.message} {...register('role')}>
              <option value="reviewer">{staffRoleLabels.reviewer}</option>
              <option value="admin">{staffRoleLabels.admin}</option>
            </SelectField>
          </div>
        </div>
        <SubmitButton className="btn btn-primary mt-3" busy={isSubmitting} busyLabel="Sending...">
          Send invitation
        </SubmitButton>
      </form>
    </section>
  );
}

function TeamTable({ members }: { members: TeamMember[] }) {
  const me = useAdmin();
  const remove = useRemoveReviewer();
  const [target, setTarget] = useState<TeamMember | null>(null);
  return (
    <>
      <DataTable label="The team" caption="Admins and reviewers" columns={['Name', 'Email', 'Role', 'Status', ['Actions', 'text-end']]}>
        {members.map((m) => (
          <tr key={m.user_id}>
            <td className="fw-semibold">
              {m.full_name}
              {m.user_id === me.user_id && <span className="text-body-secondary fw-normal"> (you)</span>}
            </td>
            <td className="text-break">{m.email}</td>
            <td>
              <span className={`badge ${m.role === 'admin' ? 'text-bg-primary' : 'text-bg-secondary'}`}>{staffRoleLabels[m.role]}</span>
            </td>
            <td>{m.pending ? 'Invitation sent' : 'Active'}</td>
            <td className="text-end">
              {m.role === 'reviewer' && (
                <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setTarget(m)}>
                  Remove<span className="visually-hidden"> {m.full_name}</span>
                </button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      <ConfirmDialog
        show={target !== null}
        onHide={() => setTarget(null)}
        onConfirm={async () => {
          await remove.mutateAsync(target!.user_id);
          notify(teamMessages.removed(target!.full_name));
        }}
        options={
          target && {
            title: 'Remove this reviewer?',
            body: (
              <p className="mb-0">
                {target.full_name} ({target.email}) will no longer see the project queue. Their account stays; you can invite them again.
              </p>
            ),
            confirmLabel: 'Remove reviewer',
            busyLabel: 'Removing...',
          }
        }
      />
    </>
  );
}
