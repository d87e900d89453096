import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CourseDetail } from '../../shared/catalog';
import type { Certificate, Enrolment, Progress, Question } from '../../shared/learning';
import { getUserId, useIsLoggedIn } from '../lib/auth';
import { readStorage, storageKeys } from '../lib/storage';
import { useUserDetails } from './accounts';
import { API_BASE, ApiError, apiFetch } from './client';

export type CourseStatusValue = CourseDetail['course_status'] | '' | null | undefined;
export type CompleteLessonResult = Progress & { lesson_uuid: string; completed_status: true };
export interface DashboardSummary {
  total_courses: number;
  completed_courses: number;
  completed_lessons: number;
  certificates: number;
}
export interface PublicCertificate extends Omit<Certificate, 'download_url'> {
  valid: true;
}
export interface NewQuestion {
  course_id: number;
  lesson_id?: number | undefined;
  title: string;
  body: string;
}

export const learningKeys = {
  /** Prefix of useCourse's key (['course', slug, ip]): progress changes update or invalidate every copy. */
  course: (slug: string) => ['course', slug] as const,
  enrollment: (courseId: number) => ['check-enrollment', courseId] as const,
  studentCourses: ['student-courses'] as const,
  dashboard: ['student-dashboard'] as const,
  certificates: ['certificates'] as const,
  certificate: (id: string) => ['certificate', id] as const,
  questions: ['questions'] as const,
};

/** 'enrolled', 'in_progress' and 'completed' count as enrolled; 'not enrolled' or empty do not. */
export function isEnrolledStatus(status: CourseStatusValue): boolean {
  return status === 'enrolled' || status === 'in_progress' || status === 'completed';
}

/** The signed-in user's id: from storage (saved at login), else from the user details. */
export function useCurrentUserId(): number | undefined {
  const stored = getUserId();
  const { data } = useUserDetails();
  return stored ?? data?.user_id;
}

// ---- Enrolment -----------------------------------------------------------------------------

/** GET /check-enrollment/{courseId}/ for a signed-in viewer. */
export function useCheckEnrollment(courseId: number | undefined) {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: learningKeys.enrollment(courseId ?? 0),
    queryFn: ({ signal }) => apiFetch<{ course_status: string }>(`/check-enrollment/${courseId}/`, { signal }),
    enabled: loggedIn && Boolean(courseId),
    staleTime: 30_000,
    retry: false,
  });
}

export function freeEnroll(courseId: number) {
  return apiFetch<{ success: boolean; message: string; course_status?: string }>(`/free-enroll/${courseId}/`, { method: 'POST' });
}

export function completeCourse(slug: string, courseId: number) {
  return apiFetch<Progress>(`/course-complete/${encodeURIComponent(slug)}/${courseId}/`, { method: 'POST' });
}

/** POST /course-restart/{slug}/{id}/: HTTP 200 is success. */
export function restartCourse(slug: string, courseId: number) {
  return apiFetch<Progress>(`/course-restart/${encodeURIComponent(slug)}/${courseId}/`, { method: 'POST' });
}

export function completeLesson(lessonUuid: string) {
  return apiFetch<CompleteLessonResult>('/complete-lesson/', { method: 'POST', body: { lesson_uuid: lessonUuid } });
}

/** Every cached copy of a course (useCourse keys it by slug and visitor ip). */
export function updateCachedCourse(client: QueryClient, slug: string, update: (course: CourseDetail) => CourseDetail): void {
  client.setQueriesData<CourseDetail>({ queryKey: learningKeys.course(slug) }, (course) => (course ? update(course) : course));
}

/** After enrolment or progress changes: the lists and counters that show them are out of date. */
export function invalidateLearning(client: QueryClient, slug?: string, options: { refetchCourse?: boolean } = {}): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: learningKeys.studentCourses }),
    client.invalidateQueries({ queryKey: learningKeys.dashboard }),
    client.invalidateQueries({ queryKey: learningKeys.certificates }),
    client.invalidateQueries({ queryKey: ['check-enrollment'] }),
    slug ? client.invalidateQueries({ queryKey: learningKeys.course(slug), refetchType: options.refetchCourse === false ? 'none' : 'active' }) : undefined,
  ]).then(() => undefined);
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
 * A completed lesson: the lesson is marked, its section recounted, and the course's completed total
 * grows by one only if the lesson was not completed before (spec 4, 'Lesson completion').
 */
export function applyLessonCompleted(course: CourseDetail, lessonUuid: string, progress?: Pick<Progress, 'course_status' | 'student_progress'>): CourseDetail {
  let wasCompleted = true;
  let found = false;
  const sections = course.sections.map((section) => {
    if (!section.lessons.some((l) => l.uuid === lessonUuid)) return section;
    const lessons = section.lessons.map((lesson) => {
      if (lesson.uuid !== lessonUuid) return lesson;
      found = true;
      wasCompleted = lesson.completed_status;
      return lesson.completed_status ? lesson : { ...lesson, completed_status: true };
    });
    return { ...section, lessons, completed_lessons: lessons.filter((l) => l.completed_status).length };
  });
  if (!found) return course;
  const completedTotal = Math.min(course.total_lessons, course.completed_total_lessons + (wasCompleted ? 0 : 1));
  const ownPercent = course.total_lessons ? Math.round((completedTotal / course.total_lessons) * 100) : 0;
  return {
    ...course,
    sections,
    completed_total_lessons: completedTotal,
    student_progress: progress?.student_progress ?? ownPercent,
    course_status: progress?.course_status ?? (course.course_status === 'enrolled' ? 'in_progress' : course.course_status),
  };
}

// ---- Student lists and counters ------------------------------------------------------------

/** GET /student/courses/{userId}/ with optional search and course_status=completed. */
export function useStudentCourses(options: { search?: string; completedOnly?: boolean } = {}) {
  const userId = useCurrentUserId();
  const search = options.search?.trim() ?? '';
  const completedOnly = Boolean(options.completedOnly);
  return useQuery({
    queryKey: [...learningKeys.studentCourses, userId, search, completedOnly],
    queryFn: ({ signal }) =>
      apiFetch<Enrolment[]>(`/student/courses/${userId}/`, { query: { search, course_status: completedOnly ? 'completed' : undefined }, signal }),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
  });
}

export function useDashboardSummary() {
  return useQuery({ queryKey: learningKeys.dashboard, queryFn: ({ signal }) => apiFetch<DashboardSummary>('/student/dashboard/', { signal }) });
}

/** Restart from a course list: on HTTP 200 the row reads in_progress, 0 % and 0 lessons; a failure is ignored. */
export function useRestartEnrolment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (course: { slug: string; id: number }) => restartCourse(course.slug, course.id),
    onSuccess: (_progress, course) => {
      client.setQueriesData<Enrolment[]>({ queryKey: learningKeys.studentCourses }, (list) =>
        list?.map((e) =>
          e.course.id === course.id ? { ...e, course_status: 'in_progress', course: { ...e.course, student_progress: 0, completed_total_lessons: 0 } } : e,
        ),
      );
      updateCachedCourse(client, course.slug, resetCourseProgress);
      void client.invalidateQueries({ queryKey: learningKeys.dashboard });
      void client.invalidateQueries({ queryKey: learningKeys.course(course.slug), refetchType: 'none' });
    },
    onError: () => undefined,
  });
}

// ---- Certificates --------------------------------------------------------------------------

export function useCertificates() {
  return useQuery({ queryKey: learningKeys.certificates, queryFn: ({ signal }) => apiFetch<Certificate[]>('/certificates/', { signal }) });
}

/** GET /certificates/{id}/ (public). A 404 means no certificate has this id. */
export function usePublicCertificate(certificateId: string | undefined) {
  return useQuery({
    queryKey: learningKeys.certificate(certificateId ?? ''),
    queryFn: ({ signal }) => apiFetch<PublicCertificate>(`/certificates/${encodeURIComponent(certificateId ?? '')}/`, { signal }),
    enabled: Boolean(certificateId),
    retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status < 500),
  });
}

/** Fetches the PDF with the bearer and hands it to the browser as a download. */
export async function downloadCertificate(certificate: Pick<Certificate, 'certificate_id' | 'download_url'>): Promise<void> {
  const token = readStorage(storageKeys.accessToken);
  const path = certificate.download_url.startsWith(API_BASE)
    ? certificate.download_url
    : `${API_BASE}/certificates/${encodeURIComponent(certificate.certificate_id)}/download/`;
  let response = await fetch(path, { credentials: 'include', headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (response.status === 401) {
    // An expired access token: one authorised API call refreshes it, then try again.
    await apiFetch('/certificates/').catch(() => undefined);
    const fresh = readStorage(storageKeys.accessToken);
    response = await fetch(path, { credentials: 'include', headers: fresh ? { Authorization: `Bearer ${fresh}` } : {} });
  }
  if (!response.ok) throw new ApiError(response.status, null);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `certificate-${certificate.certificate_id}.pdf`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// ---- Questions and answers -----------------------------------------------------------------

export function useQuestions(courseId?: number) {
  return useQuery({
    queryKey: [...learningKeys.questions, courseId ?? 'mine'],
    queryFn: ({ signal }) => apiFetch<Question[]>('/questions/', { query: { course_id: courseId }, signal }),
  });
}

export function askQuestion(question: NewQuestion) {
  return apiFetch<Question>('/questions/', { method: 'POST', body: question });
}
