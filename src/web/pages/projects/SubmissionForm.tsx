import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { NOTES_MAX, projectMessages, submissionBodySchema, type Submission } from '../../../shared/projects';
import { uploadLimits, uploadMessages } from '../../../shared/uploads';
import { ApiError, NetworkError } from '../../api/client';
import { useResubmitProject, useSubmitProject, type SubmissionInput } from '../../api/projects';
import { Field, formFields, TextAreaField, TextField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { showServerFieldErrors } from '../../lib/forms';

type Values = z.input<typeof submissionBodySchema>;
/** The body's fields: a server's 400 puts its message under the one it names. */
const submissionFields = ['repository_url', 'live_url', 'notes'] as const;
/** The file a submission may carry: PDF or ZIP (the server checks the content), as large as a lesson resource. */
const fileAccept = '.pdf,.zip,application/pdf,application/zip';
const emptyValues: Values = { repository_url: '', live_url: '', notes: '' };

/** The file the browser refuses before sending it (the server checks again, by content). */
export function fileProblem(file: File | undefined, required: boolean): string | undefined {
  if (!file) return required ? projectMessages.fileRequired : undefined;
  if (file.size === 0) return uploadMessages.missingFile;
  if (file.size > uploadLimits.resourceBytes) return uploadMessages.tooLarge(uploadLimits.resourceBytes);
  if (!/\.(pdf|zip)$/i.test(file.name)) return projectMessages.fileType;
  return undefined;
}

/** What a refused hand-in says above the form when no field is to blame. */
function failureText(error: unknown): string {
  if (error instanceof NetworkError) return error.message;
  if (error instanceof ApiError) {
    if (error.status === 401) return 'Sign in again to hand in your project.';
    if (error.status === 403) return 'Only students who may open this course can hand in its project.';
    if (error.status === 409) return error.message || 'This project already waits for a review: you can hand it in again once the reviewer asks for changes.';
    if (error.status === 413) return uploadMessages.tooLarge(uploadLimits.resourceBytes);
    if (error.status < 500 && error.message && !error.message.startsWith('Request failed')) return error.message;
  }
  return 'Your project could not be sent. Please try again.';
}

interface SubmissionFormProps {
  projectId: number;
  fileRequired: boolean;
  /** Resubmitting after 'Changes requested': the same submission gets a new round (the last round's links are filled in). */
  resubmit?: Submission | undefined;
  onDone?: (submission: Submission) => void;
  idPrefix?: string;
}

/** Repository (GitHub, GitLab, Bitbucket or Codeberg, https), live URL, notes and a PDF or ZIP: the contract's rules, then the server's. */
export function SubmissionForm({ projectId, fileRequired, resubmit, onDone, idPrefix = 'submission' }: SubmissionFormProps) {
  const submit = useSubmitProject(projectId);
  const again = useResubmitProject(resubmit?.id ?? 0);
  const last = resubmit?.rounds.at(-1);
  const form = useForm<Values, unknown, z.output<typeof submissionBodySchema>>({
    resolver: zodResolver(submissionBodySchema),
    defaultValues: last ? { repository_url: last.repository_url, live_url: last.live_url ?? '', notes: '' } : emptyValues,
  });
  const {
    handleSubmit,
    setError,
    watch,
    formState: { isSubmitting },
  } = form;
  const field = formFields(form, idPrefix);
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  const send = handleSubmit(
    async (values) => {
      setFormError(null);
      const problem = fileProblem(file, fileRequired);
      setFileError(problem);
      if (problem) {
        fileInput.current?.focus();
        return;
      }
      const input: SubmissionInput = { ...values, file };
      try {
        const result = resubmit ? await again.mutateAsync(input) : await submit.mutateAsync(input);
        onDone?.(result);
      } catch (error) {
        const shown = showServerFieldErrors(error, setError, submissionFields);
        const fileMessage = error instanceof ApiError && error.status === 400 ? error.fieldError('file') : undefined;
        if (fileMessage) setFileError(fileMessage);
        if (shown.length === 0 && !fileMessage) setFormError(failureText(error));
      }
    },
    () => setFileError(fileProblem(file, fileRequired)),
  );

  const fileId = `${idPrefix}-file`;
  return (
    <form onSubmit={(e) => void send(e)} noValidate aria-label={resubmit ? 'Hand in your project again' : 'Hand in your project'}>
      {formError && <FormAlert kind="error">{formError}</FormAlert>}
      <div className="row g-3">
        <TextField
          label="Repository URL"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://github.com/you/your-project"
          hint="An https:// address on GitHub, GitLab, Bitbucket or Codeberg. Make the repository public, or give the reviewer access."
          wrapperClassName="col-12"
          {...field('repository_url')}
        />
        <TextField
          label="Live URL (optional)"
          type="url"
          inputMode="url"
          placeholder="https://your-project.example.com"
          hint="Where the running project can be seen, if it is online."
          wrapperClassName="col-12"
          {...field('live_url')}
        />
        <TextAreaField
          label="Notes for the reviewer (optional)"
          rows={5}
          counter={{ value: String(watch('notes') ?? ''), max: NOTES_MAX }}
          hint="What you built, what you would do next, anything the reviewer should know."
          wrapperClassName="col-12"
          {...field('notes')}
        />
        <Field
          id={fileId}
          label={fileRequired ? 'File (PDF or ZIP)' : 'File (optional, PDF or ZIP)'}
          error={fileError}
          hint={`Up to ${Math.round(uploadLimits.resourceBytes / (1024 * 1024))} MB.`}
          wrapperClassName="col-12"
        >
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept={fileAccept}
            className={`form-control${fileError ? ' is-invalid' : ''}`}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={[fileError ? `${fileId}-error` : undefined, `${fileId}-help`].filter(Boolean).join(' ')}
            aria-required={fileRequired || undefined}
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              setFile(chosen);
              setFileError(chosen ? fileProblem(chosen, fileRequired) : undefined);
            }}
          />
        </Field>
        <div className="col-12">
          <SubmitButton busy={isSubmitting} busyLabel="Sending..." icon="bi-send">
            {resubmit ? 'Hand in again' : 'Hand in project'}
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
