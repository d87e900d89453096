import type { LessonType } from '../../shared/catalog';

/** How each lesson type is shown in a lesson list: its icon and the word a screen reader hears. */
export const lessonTypeLook: Record<LessonType, { icon: string; name: string }> = {
  Video: { icon: 'bi-play-circle', name: 'Video' },
  Article: { icon: 'bi-file-earmark-text', name: 'Article' },
  quiz: { icon: 'bi-patch-question', name: 'Quiz' },
};
