import { useQuery } from '@tanstack/react-query';
import type { AdminCourse } from '../../../shared/admin';
import { adminErrorText, adminQueries } from '../../api/admin';
import { EmptyState, ErrorState } from '../../components/States';
import { CardSkeleton } from '../components/ui';

/** Per quiz of the course: how many students took it and passed, and each question's share right at the first attempt, hardest first. */
export default function QuizzesTab({ course }: { course: AdminCourse }) {
  const stats = useQuery(adminQueries.quizStats(course.id));
  if (stats.isPending) return <CardSkeleton lines={4} label="Loading the quizzes" />;
  if (stats.isError) return <ErrorState message={adminErrorText(stats.error)} onRetry={() => void stats.refetch()} />;
  if (!stats.data.length) return <EmptyState message="No quiz yet. Add a quiz lesson in the curriculum to see how students answer it." />;
  return (
    <div className="d-grid gap-3">
      {stats.data.map((quiz) => (
        <section key={quiz.lesson_id} className="card" aria-labelledby={`quiz-stats-${quiz.lesson_id}`}>
          <div className="card-body">
            <h2 id={`quiz-stats-${quiz.lesson_id}`} className="h6 mb-1">
              {quiz.lesson_title}
            </h2>
            <p className="small text-body-secondary">
              {quiz.students} {quiz.students === 1 ? 'student' : 'students'} took it, {quiz.passed} passed. Questions by the share right at the first attempt,
              hardest first.
            </p>
            <ol className="list-unstyled mb-0">
              {quiz.questions.map((q) => (
                <li key={q.question_id} className="py-2 border-top">
                  <div className="d-flex flex-wrap justify-content-between gap-2">
                    <span className="text-break">{q.prompt}</span>
                    <span className="fw-semibold text-nowrap">{q.answered ? `${q.right_percent}% right` : 'Not answered yet'}</span>
                  </div>
                  {q.answered > 0 && (
                    <div
                      className="progress mt-1"
                      role="progressbar"
                      aria-label={`${q.prompt}: share right`}
                      aria-valuenow={q.right_percent}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      style={{ height: 6 }}
                    >
                      <div className="progress-bar" style={{ width: `${q.right_percent}%` }} />
                    </div>
                  )}
                  <div className="small text-body-secondary">
                    {q.right} of {q.answered} right
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </section>
      ))}
    </div>
  );
}
