import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CourseDetail } from '../../shared/catalog';
import type { Certificate, DashboardSummary, Enrolment, LessonCompletion, Progress, PublicCertificate, Question } from '../../shared/learning';
import type { QuizAttemptBody, QuizAttemptResult, QuizAttempts } from '../../shared/quizzes';

export type { PublicCertificate } from '../../shared/learning';
import { progressPercent } from '../../shared/progress';
import { useIsLoggedIn } from '../lib/auth';
import { useCurrentUserId } from './accounts';
import { catalogKeys } from './catalog';
import { API_BASE, ApiError, apiFetch } from './client';
import type { FileDownload } from './download';

export type CourseStatusValue = CourseDetail['course_status'] | '' | null | undefined;
export interface NewQuestion {
  course_id: number;
  lesson_id?: number | undefined;
  title: string;
  body: string;
}

/** Every key of the learning module's queries. A course's lessons and progress live in the catalog's `course(slug)`. */
export const learningKeys = {
  all: ['learning'] as const,
  enrollments: () => [...learningKeys.all, 'enrollment'] as const,
  enrollment: (courseId: number) => [...learningKeys.enrollments(), courseId] as const,
  studentCourses: () => [...learningKeys.all, 'student-courses'] as const,
  studentCourseList: (userId: number | undefined, search: string, completedOnly: boolean) =>
    [...learningKeys.studentCourses(), userId, search, completedOnly] as const,
  dashboard: () => [...learningKeys.all, 'dashboard'] as const,
  certificates: () => [...learningKeys.all, 'certificates'] as const,
  certificate: (id: string) => [...learningKeys.all, 'certificate', id] as const,
  questions: () => [...learningKeys.all, 'questions'] as const,
  questionList: (courseId: number | undefined) => [...learningKeys.questions(), courseId ?? 'mine'] as const,
  quizAttempts: (lessonUuid: string) => [...learningKeys.all, 'quiz-attempts', lessonUuid] as const,
};

export const learningQueries = {
  /** GET /check-enrollment/{courseId}/ for a signed-in viewer. */
  enrollment: (courseId: number) =>
    queryOptions({
      queryKey: learningKeys.enrollment(courseId),
      queryFn: ({ signal }) => apiFetch<{ course_status: string }>(`/check-enrollment/${courseId}/`, { signal }),
      staleTime: 30_000,
      retry: false,
    }),

  /** GET /student/courses/{userId}/ with optional search and course_status=completed. */
  studentCourses: (userId: number | undefined, search: string, completedOnly: boolean) =>
    queryOptions({
      queryKey: learningKeys.studentCourseList(userId, search, completedOnly),
      queryFn: ({ signal }) =>
        apiFetch<Enrolment[]>(`/student/courses/${userId}/`, { query: { search, course_status: completedOnly ? 'completed' : undefined }, signal }),
      enabled: Boolean(userId),
      placeholderData: keepPreviousData,
    }),

  dashboard: () => queryOptions({ queryKey: learningKeys.dashboard(), queryFn: ({ signal }) => apiFetch<DashboardSummary>('/student/dashboard/', { signal }) }),

  certificates: () => queryOptions({ queryKey: learningKeys.certificates(), queryFn: ({ signal }) => apiFetch<Certificate[]>('/certificates/', { signal }) }),

  /** GET /certificates/{id}/ (public). A 404 means no certificate has this id. */
  certificate: (certificateId: string) =>
    queryOptions({
      queryKey: learningKeys.certificate(certificateId),
      queryFn: ({ signal }) => apiFetch<PublicCertificate>(`/certificates/${encodeURIComponent(certificateId)}/`, { signal }),
      enabled: Boolean(certificateId),
      retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status < 500),
    }),

  /** GET /quizzes/{lesson_uuid}/attempts/: the viewer's attempts, newest first (answers told only once passed or out of attempts). */
  quizAttempts: (lessonUuid: string) =>
    queryOptions({
      queryKey: learningKeys.quizAttempts(lessonUuid),
      queryFn: ({ signal }) => apiFetch<QuizAttempts>(`/quizzes/${lessonUuid}/attempts/`, { signal }),
      retry: false,
    }),

  questions: (courseId?: number) =>
    queryOptions({
      queryKey: learningKeys.questionList(courseId),
      queryFn: ({ signal }) => apiFetch<Question[]>('/questions/', { query: { course_id: courseId }, signal }),
    }),
};

/** 'enrolled', 'in_progress' and 'completed' count as enrolled; 'not enrolled' or empty do not. */
export function isEnrolledStatus(status: CourseStatusValue): boolean {
  return status === 'enrolled' || status === 'in_progress' || status === 'completed';
}

// ---- Enrolment and progress ----------------------------------------------------------------

export function useCheckEnrollment(courseId: number | undefined) {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...learningQueries.enrollment(courseId ?? 0), enabled: loggedIn && Boolean(courseId) });
}

/** Every cached copy of a course (the catalog's course detail, with the viewer's progress). */
export function updateCachedCourse(client: QueryClient, slug: string, update: (course: CourseDetail) => CourseDetail): void {
  client.setQueriesData<CourseDetail>({ queryKey: catalogKeys.course(slug) }, (course) => (course ? update(course) : course));
}

/**
 * After enrolment or progress changes: the lists and counters that show them are out of date.
 * `refetch: false` marks them stale without reloading what is on screen (the cache was already updated).
 */
function invalidateLearning(client: QueryClient, slug: string, options: { refetch?: boolean } = {}): Promise<void> {
  const refetchType = options.refetch === false ? 'none' : 'active';
  return Promise.all([
    client.invalidateQueries({ queryKey: learningKeys.studentCourses(), refetchType }),
    client.invalidateQueries({ queryKey: learningKeys.dashboard() }),
    client.invalidateQueries({ queryKey: learningKeys.certificates() }),
    client.invalidateQueries({ queryKey: learningKeys.enrollments() }),
    client.invalidateQueries({ queryKey: catalogKeys.course(slug), refetchType }),
  ]).then(() => undefined);
}

export interface CourseRef {
  slug: string;
  id: number;
}

/** POST /free-enroll/{courseId}/; settles once the course and the lists are reloaded. */
export function useFreeEnroll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (course: CourseRef) =>
      apiFetch<{ success: boolean; message: string; course_status?: string }>(`/free-enroll/${course.id}/`, { method: 'POST' }),
    onSuccess: (_result, course) => invalidateLearning(client, course.slug),
  });
}

/** POST /course-complete/{slug}/{courseId}/: the course takes the server's progress; settles once the lists are reloaded. */
export function useCompleteCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (course: CourseRef) => apiFetch<Progress>(`/course-complete/${encodeURIComponent(course.slug)}/${course.id}/`, { method: 'POST' }),
    onSuccess: (progress, course) => {
      updateCachedCourse(client, course.slug, (c) => ({
        ...c,
        course_status: progress.course_status,
        student_progress: progress.student_progress,
        completed_total_lessons: progress.completed_total_lessons,
      }));
      return invalidateLearning(client, course.slug);
    },
  });
}

/**
 * POST /course-restart/{slug}/{id}/: on HTTP 200 the course and its rows in the student's lists read
 * in_progress, 0 % and 0 lessons (spec 4); a failure is ignored by the callers (spec 8).
 */
export function useRestartCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (course: CourseRef) => apiFetch<Progress>(`/course-restart/${encodeURIComponent(course.slug)}/${course.id}/`, { method: 'POST' }),
    onSuccess: (_progress, course) => {
      client.setQueriesData<Enrolment[]>({ queryKey: learningKeys.studentCourses() }, (list) =>
        list?.map((e) =>
          e.course.id === course.id ? { ...e, course_status: 'in_progress', course: { ...e.course, student_progress: 0, completed_total_lessons: 0 } } : e,
        ),
      );
      updateCachedCourse(client, course.slug, resetCourseProgress);
      void invalidateLearning(client, course.slug, { refetch: false });
    },
  });
}

export interface LessonCompletionChange {
  lessonUuid: string;
  /** false: the learner unticked the lesson's checkbox. */
  completed: boolean;
}

/**
 * POST /complete-lesson/ ({lesson_uuid}, plus completed_status false to mark it not completed): the
 * lesson is marked in the cached course at once by the spec's rule (a checkbox answers the click),
 * takes the server's status and percent on success, and is put back on failure; the lists go stale.
 */
export function useLessonCompletion(slug: string) {
  const client = useQueryClient();
  const isMarked = (lessonUuid: string) =>
    client
      .getQueriesData<CourseDetail>({ queryKey: catalogKeys.course(slug) })
      .some(([, course]) => course?.sections.some((s) => s.lessons.some((l) => l.uuid === lessonUuid && l.completed_status)));
  return useMutation({
    // One at a time, in the order clicked: a quick tick and untick reach the server in that order.
    scope: { id: `lesson-completion:${slug}` },
    mutationFn: ({ lessonUuid, completed }: LessonCompletionChange) =>
      apiFetch<LessonCompletion>('/complete-lesson/', {
        method: 'POST',
        body: completed ? { lesson_uuid: lessonUuid } : { lesson_uuid: lessonUuid, completed_status: false },
      }),
    onMutate: async ({ lessonUuid, completed }) => {
      await client.cancelQueries({ queryKey: catalogKeys.course(slug) });
      const changed = isMarked(lessonUuid) !== completed;
      updateCachedCourse(client, slug, (current) => applyLessonCompletion(current, lessonUuid, completed));
      return { changed };
    },
    onError: (_error, { lessonUuid, completed }, context) => {
      if (context?.changed) updateCachedCourse(client, slug, (current) => applyLessonCompletion(current, lessonUuid, !completed));
    },
    onSuccess: (progress, { lessonUuid, completed }) => {
      updateCachedCourse(client, slug, (current) => applyLessonCompletion(current, lessonUuid, completed, progress));
      void invalidateLearning(client, slug, { refetch: false });
    },
  });
}

/** POST /open-lesson/: a member's first premium lesson of a course enrols them, so the course and the lists are reloaded. */
export function useOpenLesson(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lessonUuid: string) =>
      apiFetch<{ lesson_uuid: string; course_status: string }>('/open-lesson/', { method: 'POST', body: { lesson_uuid: lessonUuid } }),
    onSuccess: () => invalidateLearning(client, slug),
  });
}

/** Restart resets progress locally (status in_progress, 0 %, no lesson completed). */
export function resetCourseProgress(course: CourseDetail): CourseDetail {
  return {
    ...course,
    course_status: 'in_progress',
    student_progress: 0,
    completed_total_lessons: 0,
    sections: course.sections.map((s) => ({ ...s, completed_lessons: 0, lessons: s.lessons.map((l) => ({ ...l, completed_status: false })) })),
  };
}

/**
 * A lesson marked completed (or not): the lesson is marked, its section recounted, and the course's
 * completed total grows by one only if the lesson was not completed before (spec 4, 'Lesson
 * completion'), or shrinks by one only if it was.
 */
export function applyLessonCompletion(
  course: CourseDetail,
  lessonUuid: string,
  completed: boolean,
  progress?: Pick<Progress, 'course_status' | 'student_progress'>,
): CourseDetail {
  let wasCompleted = completed;
  let found = false;
  const sections = course.sections.map((section) => {
    if (!section.lessons.some((l) => l.uuid === lessonUuid)) return section;
    const lessons = section.lessons.map((lesson) => {
      if (lesson.uuid !== lessonUuid) return lesson;
      found = true;
      wasCompleted = lesson.completed_status;
      return lesson.completed_status === completed ? lesson : { ...lesson, completed_status: completed };
    });
    return { ...section, lessons, completed_lessons: lessons.filter((l) => l.completed_status).length };
  });
  if (!found) return course;
  const change = wasCompleted === completed ? 0 : completed ? 1 : -1;
  const completedTotal = Math.max(0, Math.min(course.total_lessons, course.completed_total_lessons + change));
  const ownStatus = course.course_status === 'enrolled' && completed ? 'in_progress' : course.course_status;
  return {
    ...course,
    sections,
    completed_total_lessons: completedTotal,
    student_progress: progress?.student_progress ?? progressPercent(ownStatus, completedTotal, course.total_lessons),
    course_status: progress?.course_status ?? ownStatus,
  };
}

// ---- Student lists, counters and certificates ----------------------------------------------

export function useStudentCourses(options: { search?: string; completedOnly?: boolean } = {}) {
  const { userId } = useCurrentUserId();
  return useQuery(learningQueries.studentCourses(userId, options.search?.trim() ?? '', Boolean(options.completedOnly)));
}

export function useDashboardSummary() {
  return useQuery(learningQueries.dashboard());
}

export function useCertificates() {
  return useQuery(learningQueries.certificates());
}

export function usePublicCertificate(certificateId: string | undefined) {
  return useQuery(learningQueries.certificate(certificateId ?? ''));
}

/** The certificate's PDF as a download (its download_url under /api/v1, else the standard path). */
export function certificateDownload(certificate: Pick<Certificate, 'certificate_id' | 'download_url'>): FileDownload {
  const path = certificate.download_url.startsWith(API_BASE)
    ? certificate.download_url
    : `/certificates/${encodeURIComponent(certificate.certificate_id)}/download/`;
  return { path, filename: `certificate-${certificate.certificate_id}.pdf` };
}

// ---- Questions and answers -----------------------------------------------------------------

export function useQuestions(courseId?: number) {
  return useQuery(learningQueries.questions(courseId));
}

/** POST /questions/; the question lists reload before it settles. */
export function useAskQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (question: NewQuestion) => apiFetch<Question>('/questions/', { method: 'POST', body: question }),
    onSuccess: () => client.invalidateQueries({ queryKey: learningKeys.questions() }),
  });
}

export function useQuizAttempts(lessonUuid: string, enabled: boolean) {
  return useQuery({ ...learningQueries.quizAttempts(lessonUuid), enabled });
}

/**
 * POST /quizzes/{lesson_uuid}/attempts/: the server grades. The attempts list takes the new one, and
 * the course is reloaded (attempts used; a pass completes the lesson and may the course).
 */
export function useSubmitQuiz(slug: string, lessonUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: QuizAttemptBody) => apiFetch<QuizAttemptResult>(`/quizzes/${lessonUuid}/attempts/`, { method: 'POST', body }),
    // Not awaited: the grade is the server's answer and shows at once. Awaited, the attempt stayed
    // pending until the course had reloaded, while the reloaded attempts already showed the grade and
    // 'Try again'; its late success then undid a 'Try again' the student had pressed.
    onSettled: () => {
      void Promise.all([client.invalidateQueries({ queryKey: learningKeys.quizAttempts(lessonUuid) }), invalidateLearning(client, slug)]);
    },
  });
}
