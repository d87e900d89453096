// The course page's response (the spec's CourseDetail), built from the storefront's record.
import type { CourseDetail, Lesson } from '../../../shared/catalog.js';
import { formatDuration, formatPlayback } from '../../../shared/money.js';
import type { LessonQuiz } from '../../../shared/quizzes.js';
import { courseListItemView, instructorView } from '../catalog/index.js';
import type { CourseDetailLesson, CourseDetailRecord } from './service.js';

/** A lesson resource's signed download address. */
export function resourceUrl(link: NonNullable<CourseDetailLesson['resourceLink']>): string {
  return `/api/v1/resources/${link.resourceId}/download/?expires=${link.expires}&signature=${link.signature}`;
}

export function lessonView(lesson: CourseDetailLesson, sectionUuid: string): Lesson {
  const link = lesson.resourceLink;
  return {
    id: lesson.id,
    uuid: lesson.uuid,
    section_uuid: sectionUuid,
    global_order: lesson.globalOrder,
    lesson_title: lesson.lessonTitle,
    lesson_type: lesson.lessonType,
    enable_preview: lesson.enablePreview,
    video_source: lesson.videoSource,
    lesson_content: lesson.lessonContent,
    upload_resource: link ? resourceUrl(link) : null,
    video_playback_time: formatPlayback(lesson.durationSeconds),
    duration_seconds: lesson.durationSeconds,
    is_locked: !lesson.open,
    available_at: lesson.availableAt?.toISOString() ?? null,
    completed_status: lesson.completed,
    ...(lesson.lessonType === 'quiz' ? { quiz: lesson.quiz && lessonQuizView(lesson.quiz) } : {}),
  };
}

export function lessonQuizView(quiz: NonNullable<CourseDetailLesson['quiz']>): LessonQuiz {
  return { pass_percent: quiz.passPercent, max_attempts: quiz.maxAttempts, attempts_used: quiz.attemptsUsed, questions: quiz.questions };
}

export function courseDetailView(detail: CourseDetailRecord): CourseDetail {
  const { course } = detail;
  return {
    ...courseListItemView(detail.region, course),
    category: { id: course.categoryId, category_name: course.categoryName },
    total_enrolled: detail.totalEnrolled,
    updated_at: course.updatedAt.toISOString(),
    language: course.language,
    promo_video: course.promoVideo,
    completed_total_lessons: detail.completedTotal,
    student_progress: detail.progress,
    course_status: detail.status,
    access: detail.access,
    course_description: detail.courseDescription,
    what_you_learn: course.whatYouWillLearn,
    target_audience: course.targetAudience,
    rating_count: course.ratingCount,
    sections: detail.sections.map((s) => {
      const lessons = s.lessons.map((lesson) => lessonView(lesson, s.uuid));
      return {
        id: s.id,
        uuid: s.uuid,
        title: s.title,
        lessons,
        completed_lessons: lessons.filter((l) => l.completed_status).length,
        total_lessons: lessons.length,
        total_section_video_playback: formatDuration(lessons.reduce((sum, l) => sum + l.duration_seconds, 0)),
      };
    }),
    instructor: instructorView(detail.instructor),
  };
}
