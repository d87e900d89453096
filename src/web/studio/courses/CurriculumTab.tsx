import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useEffect, useState } from 'react';
import type { AdminCourse } from '../../../shared/admin';
import { adminErrorText, useReorderCurriculum } from '../../api/admin';
import { FormAlert } from '../../components/form/FormAlert';
import { EmptyState } from '../../components/States';
import { AddSectionForm } from './AddSectionForm';
import { LessonDialog, type LessonTarget } from './LessonDialog';
import type { CurriculumLesson as Lesson, CurriculumSection as Section } from './LessonRow';
import { SectionBlock } from './SectionBlock';
import { Sortable, useDndSensors } from './Sortable';

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
