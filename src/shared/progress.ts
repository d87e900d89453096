/**
 * A course's progress in whole percent, the one rule behind every `student_progress`: a completed
 * course shows 100 (even if lessons were added since), otherwise completed lessons over all lessons.
 * The server answers it; the web uses it only for an optimistic update before the server's answer.
 */
export function progressPercent(courseStatus: string, completedLessons: number, totalLessons: number): number {
  if (courseStatus === 'completed') return 100;
  return totalLessons ? Math.round((Math.min(completedLessons, totalLessons) / totalLessons) * 100) : 0;
}
