import { useUserDetails, useResendVerification, serverErrorText } from '../../api/accounts';
import { SubmitButton } from '../form/SubmitButton';

/**
 * A buyer may sign in before confirming their email (ARCHITECTURE.md, rule 11): until they do,
 * every page under the main layout says so and offers a new link.
 */
export function VerifyEmailBanner() {
  const { data: user } = useUserDetails();
  const resend = useResendVerification();
  if (!user || user.is_verified !== false) return null;

  return (
    <div className="verify-email-banner alert alert-warning rounded-0 border-0 border-bottom mb-0 py-2" role="status" data-testid="verify-email-banner">
      <div className="container d-flex flex-column flex-md-row align-items-md-center gap-2">
        <span className="flex-grow-1 small">
          <i className="bi bi-envelope-exclamation-fill me-2" aria-hidden="true" />
          <strong>Please confirm your email address.</strong> The link goes to <strong className="text-break">{user.email}</strong> (a buyer finds it in the
          receipt); confirming keeps your account yours.
        </span>
        {resend.isSuccess ? (
          <span className="small fw-semibold">{resend.data.message}</span>
        ) : (
          <SubmitButton
            type="button"
            className="btn btn-sm btn-outline-dark flex-shrink-0"
            busy={resend.isPending}
            busyLabel="Please wait..."
            onClick={() => resend.mutate(user.email)}
          >
            Send me the link
          </SubmitButton>
        )}
        {resend.isError && (
          <span className="small text-danger-emphasis">{serverErrorText(resend.error, ['email']) ?? 'Could not send the link. Please try again.'}</span>
        )}
      </div>
    </div>
  );
}
