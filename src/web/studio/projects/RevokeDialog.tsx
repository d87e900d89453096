import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { revokeBodySchema } from '../../../shared/projects';
import { useRevokeLetter } from '../../api/adminProjects';
import { formFields, TextAreaField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { notify } from '../components/notify';
import { useStudioSubmit } from '../components/useStudioSubmit';

type Values = z.input<typeof revokeBodySchema>;

/** Revokes a letter with the reason: its public page then says revoked, with the date (the PDF stays for the record). */
export function RevokeDialog({ show, onHide, letterId, submissionId }: { show: boolean; onHide: () => void; letterId: string; submissionId: number }) {
  const revoke = useRevokeLetter(submissionId);
  const form = useForm<Values, unknown, z.output<typeof revokeBodySchema>>({ resolver: zodResolver(revokeBodySchema), defaultValues: { reason: '' } });
  const field = formFields(form, 'revoke');
  const { formError, clearFormError, submit } = useStudioSubmit(form, ['reason'], async (body) => {
    await revoke.mutateAsync({ letterId, body });
    notify('The letter is revoked.');
    onHide();
  });
  const { reset } = form;
  useEffect(() => {
    if (show) {
      reset({ reason: '' });
      clearFormError();
    }
  }, [show, reset, clearFormError]);
  const busy = form.formState.isSubmitting;
  return (
    <Modal show={show} onHide={busy ? () => undefined : onHide} centered aria-labelledby="revoke-title" backdrop="static">
      <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="revoke-title">
        <Modal.Header closeButton={!busy} closeLabel="Cancel">
          <Modal.Title id="revoke-title" as="h2" className="h5 mb-0">
            Revoke this letter?
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {formError && <FormAlert kind="error">{formError}</FormAlert>}
          <p>Anyone who checks it then reads that it was revoked, and when. Its signed credential stops verifying. This cannot be undone.</p>
          <TextAreaField label="Reason" rows={3} hint="Kept in the audit log." {...field('reason')} />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onHide} disabled={busy}>
            Cancel
          </button>
          <SubmitButton busy={busy} busyLabel="Revoking..." className="btn btn-danger">
            Revoke letter
          </SubmitButton>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
