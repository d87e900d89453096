import { useState, type ReactNode } from 'react';
import { sectionBodySchema } from '../../../shared/admin';
import { adminErrorText, useRenameSection } from '../../api/admin';
import { SubmitButton } from '../../components/form/SubmitButton';
import type { CurriculumSection } from './LessonRow';
import { ReleaseBadge } from './ReleaseFields';
import { SectionReleaseDialog } from './SectionReleaseDialog';

/** A section's heading row: its drag handle, its title (renamed in place, checked with the contract's schema), Delete. */
export function SectionTitle({ section, index, handle, onDelete }: { section: CurriculumSection; index: number; handle: ReactNode; onDelete: () => void }) {
  const rename = useRenameSection();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(section.title);
  const [renameError, setRenameError] = useState<string | null>(null);
  const [releasing, setReleasing] = useState(false);
  const label = `Section ${index + 1}: ${section.title}`;

  const saveTitle = async () => {
    const parsed = sectionBodySchema.safeParse({ title });
    if (!parsed.success) return setRenameError(parsed.error.issues[0]?.message ?? 'Check the title.');
    try {
      await rename.mutateAsync({ id: section.id, title: parsed.data.title });
      setEditing(false);
      setRenameError(null);
    } catch (err) {
      setRenameError(adminErrorText(err));
    }
  };

  return (
    <div className="d-flex align-items-center gap-1 flex-wrap">
      {handle}
      {editing ? (
        <div className="flex-grow-1">
          <div className="input-group input-group-sm">
            <input
              className={`form-control${renameError ? ' is-invalid' : ''}`}
              aria-label="Section title"
              value={title}
              maxLength={200}
              autoFocus
              onChange={(e) => setTitle(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void saveTitle();
                if (e.key === 'Escape') setEditing(false);
              }}
            />
            <SubmitButton type="button" busy={rename.isPending} className="btn btn-primary btn-sm" onClick={() => void saveTitle()}>
              Save
            </SubmitButton>
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
          {renameError && <div className="invalid-feedback d-block">{renameError}</div>}
        </div>
      ) : (
        <>
          <h3 className="h6 mb-0 flex-grow-1 min-w-0">
            <span className="text-body-secondary me-1">Section {index + 1}:</span>
            {section.title}
          </h3>
          <ReleaseBadge release={section} />
          <button type="button" className="btn btn-sm btn-link" aria-label={`Release of ${label}`} onClick={() => setReleasing(true)}>
            Release
          </button>
          <button
            type="button"
            className="btn btn-sm btn-link"
            onClick={() => {
              setTitle(section.title);
              setEditing(true);
            }}
          >
            Rename
          </button>
          <button type="button" className="btn btn-sm btn-link text-danger" onClick={onDelete}>
            Delete
          </button>
        </>
      )}
      <SectionReleaseDialog section={releasing ? section : null} label={label} onHide={() => setReleasing(false)} />
    </div>
  );
}
