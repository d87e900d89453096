import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { ReactNode } from 'react';
import { useDeleteLesson, useDeleteSection } from '../../api/admin';
import { notify } from '../components/notify';
import { useConfirm } from '../components/ui';
import { LessonRow, type CurriculumLesson, type CurriculumSection } from './LessonRow';
import { SectionTitle } from './SectionTitle';
import { Sortable, useDndSensors } from './Sortable';

/** A section of the curriculum: its title row, its lessons (reordered by drag and drop) and Add lesson. */
export function SectionBlock({
  section,
  index,
  handle,
  sections,
  onMoveLessons,
  onMoveToSection,
  onAddLesson,
  onEditLesson,
}: {
  section: CurriculumSection;
  index: number;
  handle: ReactNode;
  sections: CurriculumSection[];
  onMoveLessons: (lessons: CurriculumLesson[]) => void;
  onMoveToSection: (lesson: CurriculumLesson, sectionId: number) => void;
  onAddLesson: () => void;
  onEditLesson: (lesson: CurriculumLesson) => void;
}) {
  const sensors = useDndSensors();
  const remove = useDeleteSection();
  const removeLesson = useDeleteLesson();
  const confirm = useConfirm();
  const otherSections = sections.filter((s) => s.id !== section.id);

  const onLessonDrag = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = section.lessons.findIndex((l) => `l-${l.id}` === active.id);
    const to = section.lessons.findIndex((l) => `l-${l.id}` === over.id);
    if (from >= 0 && to >= 0) onMoveLessons(arrayMove(section.lessons, from, to));
  };
  const askDeleteSection = () =>
    confirm.ask(
      {
        title: 'Delete this section?',
        body: section.lessons.length ? `Move or delete its ${section.lessons.length} lesson(s) first.` : `"${section.title}" is removed from the course.`,
        confirmLabel: 'Delete section',
        busyLabel: 'Deleting...',
      },
      async () => {
        await remove.mutateAsync(section.id);
        notify('Section deleted.');
      },
    );
  const askDeleteLesson = (lesson: CurriculumLesson) =>
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
    );

  return (
    <>
      <SectionTitle section={section} index={index} handle={handle} onDelete={askDeleteSection} />
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
                  <LessonRow
                    lesson={lesson}
                    handle={lessonHandle}
                    otherSections={otherSections}
                    onMoveTo={(sectionId) => onMoveToSection(lesson, sectionId)}
                    onEdit={() => onEditLesson(lesson)}
                    onDelete={() => askDeleteLesson(lesson)}
                  />
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
