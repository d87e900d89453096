import { useRef, useState, type ReactNode } from 'react';
import { checkFileBeforeUpload, imageAccept, resourceAccept } from '../../../shared/uploads';
import { adminErrorText } from '../../api/admin';
import { ApiError } from '../../api/client';
import { controlProps, FieldError } from '../../components/form/Field';

/**
 * A file chooser that uploads at once: checks size and type before sending (the server checks
 * again, by content), shows the upload's progress, and the server's message under the field when
 * it refuses the file. `upload` runs the mutation with a progress callback.
 */
export function FileUpload({
  id,
  label,
  kind,
  hint,
  upload,
  field,
}: {
  id: string;
  label: ReactNode;
  kind: 'image' | 'resource';
  hint?: ReactNode;
  /** The server's field name, whose error is shown under this control. */
  field: string;
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const hintId = hint ? `${id}-help` : undefined;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    const problem = checkFileBeforeUpload(file, kind);
    if (problem) {
      setError(problem);
      return;
    }
    setProgress(0);
    try {
      await upload(file, setProgress);
    } catch (err) {
      setError(err instanceof ApiError ? (err.fieldError(field) ?? adminErrorText(err)) : adminErrorText(err));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };
  const busy = progress !== null;

  return (
    <div>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        ref={input}
        type="file"
        className={`form-control${error ? ' is-invalid' : ''}`}
        accept={kind === 'image' ? imageAccept : resourceAccept}
        disabled={busy}
        onChange={(e) => void choose(e.target.files?.[0])}
        {...controlProps(id, error, hintId)}
      />
      {busy && (
        <div className="mt-2" role="status">
          <div
            className="progress"
            role="progressbar"
            aria-label="Upload progress"
            aria-valuenow={Math.round(progress * 100)}
            aria-valuemin={0}
            aria-valuemax={100}
            style={{ height: '0.5rem' }}
          >
            <div className="progress-bar" style={{ width: `${Math.round(progress * 100)}%` }} />
          </div>
          <span className="small text-body-secondary">{progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Processing…'}</span>
        </div>
      )}
      <FieldError id={id} message={error} />
      {hint && (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      )}
    </div>
  );
}
