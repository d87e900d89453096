import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { sectionBodySchema, type AdminCourse } from '../../../shared/admin';
import { adminErrorText, useAddSection, useDeleteLesson, useDeleteSection, useRenameSection, useReorderCurriculum } from '../../api/admin';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { EmptyState } from '../../components/States';
import { showServerFieldErrors } from '../../lib/forms';
import { notify } from '../components/notify';
import { useConfirm } from '../components/ui';
import { LessonDialog, type LessonTarget } from './LessonDialog';

type Section = AdminCourse['sections'][number];
type Lesson = Section['lessons'][number];

function useDndSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

function formatDuration(seconds: number): string {
  if (!seconds) return '';
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** A sortable row: its drag handle (pointer or keyboard: Space, arrows, Space) and its content. */
function Sortable({ id, label, className, children }: { id: string; label: string; className: string; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="btn btn-sm btn-link drag-handle px-1"
      aria-label={`Move ${label}`}
      {...attributes}
      {...listeners}
    >
      <i className="bi bi-grip-vertical fs-5" aria-hidden="true" />
    </button>
  );
  return (
    <li ref={setNodeRef} className={`${className}${isDragging ? ' is-dragging' : ''}`} style={{ transform: CSS.Transform.toString(transform), transition }}>
      {children(handle)}
    </li>
  );
}

/** Sections and lessons, reordered by drag and drop (or the keyboard); every change is saved at once. */
export default function CurriculumTab({ course }: { course: AdminCourse }) {
  const [sections, setSections] = useState<Section[]>(course.sections);
  useEffect(() => setSections(course.sections), [course.sections]);
  const reorder = useReorderCurriculum(course.id);
  const [lessonTarget, setLessonTarget] = useState<LessonTarget | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sensors = useDndSensors();

  const save = (next: Section[]) => {
    const previous = sections;
    setSections(next);
    setError(null);
    reorder.mutate(
      { sections: next.map((s) => ({ id: s.id, lesson_ids: s.lessons.map((l) => l.id) })) },
      {
        onError: (err) => {
          setSections(previous);
          setError(adminErrorText(err));
        },
      },
    );
  };
  const onSectionDrag = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = sections.findIndex((s) => `s-${s.id}` === active.id);
    const to = sections.findIndex((s) => `s-${s.id}` === over.id);
    if (from >= 0 && to >= 0) save(arrayMove(sections, from, to));
  };
  const moveLessons = (sectionId: number, lessons: Lesson[]) => save(sections.map((s) => (s.id === sectionId ? { ...s, lessons } : s)));
  const moveToSection = (lesson: Lesson, toSectionId: number) =>
    save(
      sections.map((s) =>
        s.id === toSectionId
          ? { ...s, lessons: [...s.lessons.filter((l) => l.id !== lesson.id), lesson] }
          : { ...s, lessons: s.lessons.filter((l) => l.id !== lesson.id) },
      ),
    );

  const totalLessons = sections.reduce((n, s) => n + s.lessons.length, 0);
  return (
    <div>
      <p className="text-body-secondary small" id="curriculum-help">
        {sections.length} section{sections.length === 1 ? '' : 's'}, {totalLessons} lesson{totalLessons === 1 ? '' : 's'}. Drag the{' '}
        <i className="bi bi-grip-vertical" aria-hidden="true" />
        <span className="visually-hidden">grip</span> handle to reorder, or focus it and press Space, the arrow keys, then Space. Changes are saved at once.
        {reorder.isPending && (
          <span className="ms-2" role="status">
            <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
            Saving order...
          </span>
        )}
      </p>
      {error && <FormAlert kind="error">{error}</FormAlert>}
      {sections.length === 0 && <EmptyState message="No section yet. Add the first one below, then its lessons." />}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onSectionDrag}>
        <SortableContext items={sections.map((s) => `s-${s.id}`)} strategy={verticalListSortingStrategy}>
          <ol className="list-unstyled d-flex flex-column gap-3 mb-3" aria-label="Sections">
            {sections.map((section, index) => (
              <Sortable key={section.id} id={`s-${section.id}`} label={`section ${section.title}`} className="curriculum-section p-2 p-md-3">
                {(handle) => (
                  <SectionBlock
                    section={section}
                    index={index}
                    handle={handle}
                    sections={sections}
                    onMoveLessons={(lessons) => moveLessons(section.id, lessons)}
                    onMoveToSection={moveToSection}
                    onAddLesson={() => setLessonTarget({ mode: 'add', sectionId: section.id, sectionTitle: section.title })}
                    onEditLesson={(lesson) => setLessonTarget({ mode: 'edit', lesson })}
                  />
                )}
              </Sortable>
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <AddSectionForm courseId={course.id} />
      <LessonDialog target={lessonTarget} onHide={() => setLessonTarget(null)} />
    </div>
  );
}

function SectionBlock({
  section,
  index,
  handle,
  sections,
  onMoveLessons,
  onMoveToSection,
  onAddLesson,
  onEditLesson,
}: {
  section: Section;
  index: number;
  handle: ReactNode;
  sections: Section[];
  onMoveLessons: (lessons: Lesson[]) => void;
  onMoveToSection: (lesson: Lesson, sectionId: number) => void;
  onAddLesson: () => void;
  onEditLesson: (lesson: Lesson) => void;
}) {
  const sensors = useDndSensors();
  const rename = useRenameSection();
  const remove = useDeleteSection();
  const removeLesson = useDeleteLesson();
  const confirm = useConfirm();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(section.title);
  const [renameError, setRenameError] = useState<string | null>(null);

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
  const onLessonDrag = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = section.lessons.findIndex((l) => `l-${l.id}` === active.id);
    const to = section.lessons.findIndex((l) => `l-${l.id}` === over.id);
    if (from >= 0 && to >= 0) onMoveLessons(arrayMove(section.lessons, from, to));
  };

  return (
    <>
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
            <button
              type="button"
              className="btn btn-sm btn-link text-danger"
              onClick={() =>
                confirm.ask(
                  {
                    title: 'Delete this section?',
                    body: section.lessons.length
                      ? `Move or delete its ${section.lessons.length} lesson(s) first.`
                      : `"${section.title}" is removed from the course.`,
                    confirmLabel: 'Delete section',
                    busyLabel: 'Deleting...',
                  },
                  async () => {
                    await remove.mutateAsync(section.id);
                    notify('Section deleted.');
                  },
                )
              }
            >
              Delete
            </button>
          </>
        )}
      </div>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onLessonDrag}>
        <SortableContext items={section.lessons.map((l) => `l-${l.id}`)} strategy={verticalListSortingStrategy}>
          <ol className="list-unstyled d-flex flex-column gap-2 my-2 ms-md-4" aria-label={`Lessons of ${section.title}`}>
            {section.lessons.map((lesson) => (
              <Sortable
                key={lesson.id}
                id={`l-${lesson.id}`}
                label={`lesson ${lesson.lesson_title}`}
                className="curriculum-lesson d-flex align-items-center gap-2 p-1 pe-2 flex-wrap"
              >
                {(lessonHandle) => (
                  <>
                    {lessonHandle}
                    <i
                      className={`bi ${lesson.lesson_type === 'Video' ? 'bi-play-btn' : 'bi-file-text'} text-body-secondary`}
                      role="img"
                      aria-label={lesson.lesson_type}
                    />
                    <span className="flex-grow-1 min-w-0 text-break">{lesson.lesson_title}</span>
                    {lesson.enable_preview && <span className="badge text-bg-info">Preview</span>}
                    <span className="small text-body-secondary">{formatDuration(lesson.duration_seconds)}</span>
                    {sections.length > 1 && (
                      <select
                        className="form-select form-select-sm w-auto"
                        aria-label={`Move ${lesson.lesson_title} to another section`}
                        value=""
                        onChange={(e) => e.target.value && onMoveToSection(lesson, Number(e.target.value))}
                      >
                        <option value="">Move to…</option>
                        {sections
                          .filter((s) => s.id !== section.id)
                          .map((s) => (
                            <option key={s.id} value={s.id}>
                              {s.title}
                            </option>
                          ))}
                      </select>
                    )}
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-secondary"
                      onClick={() => onEditLesson(lesson)}
                      aria-label={`Edit ${lesson.lesson_title}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      aria-label={`Delete ${lesson.lesson_title}`}
                      onClick={() =>
                        confirm.ask(
                          {
                            title: 'Delete this lesson?',
                            body: `"${lesson.lesson_title}" and every student's progress on it are deleted.`,
                            confirmLabel: 'Delete lesson',
                            busyLabel: 'Deleting...',
                          },
                          async () => {
                            await removeLesson.mutateAsync(lesson.id);
                            notify('Lesson deleted.');
                          },
                        )
                      }
                    >
                      <i className="bi bi-trash" aria-hidden="true" />
                    </button>
                  </>
                )}
              </Sortable>
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <button type="button" className="btn btn-sm btn-outline-primary ms-md-4" onClick={onAddLesson}>
        <i className="bi bi-plus-lg me-1" aria-hidden="true" />
        Add lesson
      </button>
      {confirm.dialog}
    </>
  );
}

function AddSectionForm({ courseId }: { courseId: number }) {
  const add = useAddSection(courseId);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof sectionBodySchema>, unknown, z.output<typeof sectionBodySchema>>({
    resolver: zodResolver(sectionBodySchema),
    defaultValues: { title: '' },
  });
  const send = handleSubmit(async ({ title }) => {
    setFormError(null);
    try {
      await add.mutateAsync(title);
      reset({ title: '' });
    } catch (error) {
      if (showServerFieldErrors(error, setError, ['title']).length === 0) setFormError(adminErrorText(error));
    }
  });
  return (
    <form className="studio-card p-3" onSubmit={(e) => void send(e)} noValidate aria-label="Add a section">
      {formError && <FormAlert kind="error">{formError}</FormAlert>}
      <label htmlFor="new-section-title" className="form-label fw-semibold">
        New section
      </label>
      <div className="input-group">
        <input
          id="new-section-title"
          className={`form-control${errors.title ? ' is-invalid' : ''}`}
          maxLength={200}
          placeholder="Getting started"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? 'new-section-title-error' : undefined}
          {...register('title')}
        />
        <SubmitButton busy={isSubmitting} className="btn btn-primary">
          Add section
        </SubmitButton>
      </div>
      {errors.title && (
        <div id="new-section-title-error" className="invalid-feedback d-block">
          {errors.title.message}
        </div>
      )}
    </form>
  );
}
