import { useState } from 'react';
import type { AdminCourse } from '../../../shared/admin';
import { uploadLimits } from '../../../shared/uploads';
import { adminErrorText, useDeleteResource, useUploadLessonResource } from '../../api/admin';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { FileUpload } from '../components/FileUpload';
import { notify } from '../components/notify';

type Lesson = AdminCourse['sections'][number]['lessons'][number];

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);

/**
 * The lesson's downloadable file (the player's 'Download File', for students who may open the
 * lesson): the current one with a remove button (asks first), and an upload that replaces it.
 */
export function LessonResource({ lesson }: { lesson: Lesson }) {
  const upload = useUploadLessonResource();
  const remove = useDeleteResource();
  const [resources, setResources] = useState(lesson.resources);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = resources[0];
  const resourcesOf = (course: AdminCourse) => course.sections.flatMap((s) => s.lessons).find((l) => l.id === lesson.id)?.resources ?? [];

  const removeCurrent = async () => {
    if (!current) return;
    setError(null);
    try {
      setResources(resourcesOf(await remove.mutateAsync(current.id)));
      notify('File removed.');
    } catch (err) {
      setError(adminErrorText(err));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <fieldset className="border rounded p-3 mt-3">
      <legend className="form-label fs-6 float-none w-auto px-1 mb-0">Downloadable file</legend>
      {error && <FormAlert kind="error">{error}</FormAlert>}
      {current ? (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <i className="bi bi-file-earmark-arrow-down fs-4 text-primary" aria-hidden="true" />
          <span className="text-break">
            <strong>{current.file_name}</strong> <span className="small text-body-secondary">({sizeText(current.size_bytes)})</span>
          </span>
          {confirming ? (
            <span className="d-flex gap-2 ms-auto" role="group" aria-label="Confirm removal">
              <SubmitButton
                type="button"
                className="btn btn-danger btn-sm"
                busy={remove.isPending}
                busyLabel="Removing..."
                onClick={() => void removeCurrent()}
              >
                Remove file
              </SubmitButton>
              <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setConfirming(false)} disabled={remove.isPending}>
                Keep it
              </button>
            </span>
          ) : (
            <button type="button" className="btn btn-outline-danger btn-sm ms-auto" onClick={() => setConfirming(true)}>
              <i className="bi bi-trash me-1" aria-hidden="true" />
              Remove
            </button>
          )}
        </div>
      ) : (
        <p className="small text-body-secondary mb-2">No file yet. Students who can open this lesson will see a Download File button.</p>
      )}
      <FileUpload
        id={`lesson-${lesson.id}-resource`}
        label={current ? 'Replace with another file' : 'Attach a file'}
        kind="resource"
        field="file"
        hint={`PDF, ZIP or plain text (notes, source code, CSV) up to ${uploadLimits.resourceBytes / (1024 * 1024)} MB.`}
        upload={async (file, onProgress) => {
          setError(null);
          setResources(resourcesOf(await upload.mutateAsync({ lessonId: lesson.id, file, onProgress })));
          notify('File attached.');
        }}
      />
    </fieldset>
  );
}
