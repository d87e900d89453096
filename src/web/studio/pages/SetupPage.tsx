import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { adminMessages, setupBodySchema } from '../../../shared/admin';
import { adminErrorText, adminQueries, useCompleteSetup } from '../../api/admin';
import { EmailField, TextField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { PasswordField } from '../../components/form/PasswordField';
import { SubmitButton } from '../../components/form/SubmitButton';
import { PageSpinner } from '../../components/States';
import { AuthShell, Banner } from '../../pages/login/AuthShell';
import { PASSWORD_HELP } from '../../pages/register/RegisterForm';
import { notify } from '../components/notify';
import { useStudioTitle } from '../components/ui';
import { useStudioSubmit } from '../components/useStudioSubmit';

type SetupValues = z.input<typeof setupBodySchema>;
const serverFields = ['full_name', 'email', 'password'] as const;

/** /admin/setup?token=...: the first-run link from the server's log creates the instructor's account. */
export default function SetupPage() {
  useStudioTitle('Set up your studio');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const status = useQuery(adminQueries.setupStatus(token));

  let content;
  if (!token) content = <Banner kind="warning">Open the one-time setup link printed in the server&apos;s log (or run npm run admin -- setup-link).</Banner>;
  else if (status.isPending) content = <PageSpinner />;
  else if (status.isError) content = <Banner kind="danger">{adminErrorText(status.error)}</Banner>;
  else if (status.data.state === 'done')
    content = (
      <>
        <Banner kind="info">The studio already has an instructor account. Sign in with it.</Banner>
        <Link to="/login?next=%2Fadmin" className="btn btn-primary w-100">
          Sign in
        </Link>
      </>
    );
  else if (status.data.state === 'invalid')
    content = (
      <Banner kind="danger">This setup link is invalid, already used or expired. Restart the server or run npm run admin -- setup-link for a new one.</Banner>
    );
  else content = <SetupForm token={token} />;

  return (
    <AuthShell title="Set up your studio" subtitle="Create the instructor's account: it runs your courses, prices, orders and students.">
      {content}
    </AuthShell>
  );
}

function SetupForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const setup = useCompleteSetup();
  const form = useForm<SetupValues, unknown, z.output<typeof setupBodySchema>>({
    resolver: zodResolver(setupBodySchema),
    defaultValues: { full_name: '', email: '', password: '', token },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const { formError, submit } = useStudioSubmit(form, serverFields, async (values) => {
    await setup.mutateAsync(values);
    // Said as the studio opens (a toast outlives the move; nothing read the navigation's state).
    notify(adminMessages.setupCreated);
    void navigate('/admin/courses', { replace: true });
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Create the instructor account">
      {formError && <FormAlert kind="error">{formError}</FormAlert>}
      <TextField
        id="setup-full_name"
        label="Full name"
        wrapperClassName="mb-3"
        autoComplete="name"
        maxLength={120}
        error={errors.full_name?.message}
        {...register('full_name')}
      />
      <EmailField id="setup-email" label="Email" wrapperClassName="mb-3" error={errors.email?.message} {...register('email')} />
      <PasswordField
        id="setup-password"
        label="Password"
        wrapperClassName="mb-3"
        autoComplete="new-password"
        maxLength={128}
        hint={PASSWORD_HELP}
        error={errors.password?.message}
        {...register('password')}
      />
      <SubmitButton busy={isSubmitting} busyLabel="Creating your account..." className="btn btn-primary w-100 mt-2">
        Create instructor account
      </SubmitButton>
    </form>
  );
}
