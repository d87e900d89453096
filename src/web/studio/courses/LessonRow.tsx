import type { ReactNode } from 'react';
import type { AdminCourse } from '../../../shared/admin';
import { lessonTypeLook } from '../../lib/lessonTypes';
import { ReleaseBadge } from './ReleaseFields';

export type CurriculumSection = AdminCourse['sections'][number];
export type CurriculumLesson = CurriculumSection['lessons'][number];

function formatDuration(seconds: number): string {
  if (!seconds) return '';
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** One lesson of the curriculum: its drag handle, what it is, and what can be done with it. */
export function LessonRow({
  lesson,
  handle,
  otherSections,
  onMoveTo,
  onEdit,
  onDelete,
}: {
  lesson: CurriculumLesson;
  handle: ReactNode;
  /** The sections it can move to (all but its own). */
  otherSections: CurriculumSection[];
  onMoveTo: (sectionId: number) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      {handle}
      <i className={`bi ${lessonTypeLook[lesson.lesson_type].icon} text-body-secondary`} role="img" aria-label={lessonTypeLook[lesson.lesson_type].name} />
      <span className="flex-grow-1 min-w-0 text-break">{lesson.lesson_title}</span>
      {lesson.enable_preview && <span className="badge text-bg-info">Preview</span>}
      {/* A preview opens for everyone: its schedule holds nothing back, so none is shown. */}
      {!lesson.enable_preview && <ReleaseBadge release={lesson} />}
      <span className="small text-body-secondary">{formatDuration(lesson.duration_seconds)}</span>
      {otherSections.length > 0 && (
        <select
          className="form-select form-select-sm w-auto"
          aria-label={`Move ${lesson.lesson_title} to another section`}
          value=""
          onChange={(e) => e.target.value && onMoveTo(Number(e.target.value))}
        >
          <option value="">Move to…</option>
          {otherSections.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </select>
      )}
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onEdit} aria-label={`Edit ${lesson.lesson_title}`}>
        Edit
      </button>
      <button type="button" className="btn btn-sm btn-outline-danger" aria-label={`Delete ${lesson.lesson_title}`} onClick={onDelete}>
        <i className="bi bi-trash" aria-hidden="true" />
      </button>
    </>
  );
}
