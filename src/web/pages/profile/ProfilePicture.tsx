import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { accountMessages, MAX_PICTURE_BYTES, type UserDetails } from '../../../shared/accounts';
import { initials, pictureUrl } from '../../api/accounts';

/** An object URL for the chosen file, revoked when the choice changes (jsdom has none: no preview there). */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

export function Avatar({ src, name, fallback, size }: { src?: string | null; name: string; fallback?: string; size: number }) {
  if (src)
    return (
      <img
        src={src}
        alt={name ? `${name}'s profile picture` : 'Profile picture'}
        width={size}
        height={size}
        className="rounded-circle object-fit-cover profile-avatar"
      />
    );
  return (
    <span
      className="rounded-circle d-inline-flex align-items-center justify-content-center fw-bold profile-avatar profile-avatar-initials"
      style={{ width: size, height: size, fontSize: size * 0.36 }}
      aria-hidden="true"
    >
      {initials(name, fallback) || <i className="bi bi-person" />}
    </span>
  );
}

/** The picture the student is choosing: a new file (checked for type and size here, again on the server), or removing the current one. */
export function usePictureChoice() {
  const fileInput = useRef<HTMLInputElement | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [removePicture, setRemovePicture] = useState(false);

  const clearFile = () => {
    setFile(null);
    setPictureError(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setPictureError(null);
    if (!chosen) {
      setFile(null);
      return;
    }
    if (!chosen.type.startsWith('image/')) {
      clearFile();
      setPictureError(accountMessages.pictureNotImage);
      return;
    }
    if (chosen.size > MAX_PICTURE_BYTES) {
      clearFile();
      setPictureError(accountMessages.pictureTooLarge);
      return;
    }
    setRemovePicture(false);
    setFile(chosen);
  };

  return { fileInput, file, pictureError, setPictureError, removePicture, setRemovePicture, clearFile, onFile };
}

/** The profile's first card: the picture with preview, upload, remove and undo, the name and the email. */
export function PictureCard({ user, displayName, choice }: { user: UserDetails; displayName: string; choice: ReturnType<typeof usePictureChoice> }) {
  const id = useId();
  const { fileInput, file, pictureError, removePicture, setRemovePicture, clearFile, onFile } = choice;
  const preview = usePreview(file);
  const currentPicture = pictureUrl(user.profile_picture);
  const shownPicture = preview ?? (removePicture ? null : currentPicture);
  return (
    <section className="card mb-4" aria-labelledby={`${id}-identity`}>
      <div className="card-body p-4">
        <div className="d-flex flex-column flex-sm-row align-items-sm-center gap-4">
          <Avatar src={shownPicture} name={displayName} fallback={user.email} size={96} />
          <div className="flex-grow-1 min-w-0">
            <h2 id={`${id}-identity`} className="h4 mb-1 text-break">
              {displayName || user.username}
            </h2>
            <p className="text-body-secondary mb-3 text-break">{user.email}</p>
            <div className="d-flex flex-wrap gap-2 align-items-center">
              <input
                ref={fileInput}
                id={`${id}-picture`}
                type="file"
                accept="image/*"
                className="visually-hidden profile-file-input"
                aria-describedby={`${id}-picture-help${pictureError ? ` ${id}-picture-error` : ''}`}
                onChange={onFile}
              />
              <label htmlFor={`${id}-picture`} className="btn btn-outline-primary btn-sm mb-0">
                <i className="bi bi-upload me-1" aria-hidden="true" />
                {shownPicture ? 'Change picture' : 'Upload picture'}
              </label>
              {file && (
                <button type="button" className="btn btn-outline-secondary btn-sm" onClick={clearFile}>
                  <i className="bi bi-x-lg me-1" aria-hidden="true" />
                  Remove
                </button>
              )}
              {!file && currentPicture && !removePicture && (
                <button type="button" className="btn btn-link btn-sm text-danger" onClick={() => setRemovePicture(true)}>
                  Remove current picture
                </button>
              )}
              {!file && removePicture && (
                <span className="small text-body-secondary">
                  The picture will be removed when you save.{' '}
                  <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={() => setRemovePicture(false)}>
                    Undo
                  </button>
                </span>
              )}
            </div>
            {file && <p className="small text-body-secondary mt-2 mb-0 text-break">Selected: {file.name}</p>}
            <p id={`${id}-picture-help`} className="form-text mb-0">
              JPG, PNG, WebP or GIF, up to 5 MB.
            </p>
            {pictureError && (
              <div id={`${id}-picture-error`} className="invalid-feedback d-block" role="alert">
                {pictureError}
              </div>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
