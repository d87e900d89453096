import { Link } from 'react-router';
import type { AdminStudentDetail } from '../../../shared/admin';
import { toast } from 'react-toastify';
import { useOpenLessonEarly } from '../../api/adminPeople';
import { paymentMethodLabel } from '../../api/orders';
import { SubmitButton } from '../../components/form/SubmitButton';
import { formatAvailableOn } from '../../lib/release';
import { PeopleBadge, providerLabel, Section } from '../components/lists';
import { DataTable } from '../components/tables';
import { formatDateTime, formatMoney, StateBadge } from '../components/ui';

type Student = AdminStudentDetail;

const sourceLabel = (source: string) => ({ purchase: 'Bought', admin: 'Enrolled by hand', free: 'Free course', subscription: 'Membership' })[source] ?? source;

/** Lessons a drip schedule still holds back for this student, each with when it opens and 'Open early'. */
function HeldBackLessons({ studentId, lessons }: { studentId: number; lessons: Student['enrolments'][number]['held_back_lessons'] }) {
  const openEarly = useOpenLessonEarly(studentId);
  if (!lessons.length) return null;
  return (
    <div className="held-back mt-2">
      <p className="held-back-title mb-1">
        <i className="bi bi-calendar-event me-1" aria-hidden="true" />
        Not open yet for this student
      </p>
      <ul className="list-unstyled small mb-0" aria-label="Lessons not open yet">
        {lessons.map((l) => (
          <li key={l.id} className="held-back-item">
            <span className="flex-grow-1 min-w-0">
              <span className="d-block text-break fw-medium">{l.lesson_title}</span>
              <span className="d-block text-body-secondary">Available on {formatAvailableOn(l.available_at)}</span>
            </span>
            <SubmitButton
              type="button"
              className="btn btn-sm btn-outline-primary"
              busy={openEarly.isPending && openEarly.variables === l.id}
              busyLabel="Opening..."
              aria-label={`Open early: ${l.lesson_title}`}
              onClick={() =>
                openEarly.mutate(l.id, {
                  onSuccess: () => toast.success(`${l.lesson_title} is open for this student.`),
                  onError: () => toast.error('Could not open the lesson. Please try again.'),
                })
              }
            >
              Open early
            </SubmitButton>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The courses the student is enrolled in, with progress; each can be revoked. */
export function EnrolmentsSection({ student, onRevoke }: { student: Student; onRevoke: (courseId: number, title: string) => void }) {
  return (
    <Section id="student-enrolments" title="Enrolments" count={student.enrolments.length}>
      {student.enrolments.length === 0 ? (
        <p className="text-body-secondary mb-0">Not enrolled in any course.</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {student.enrolments.map((e) => (
            <li key={e.course_id} className="d-flex flex-wrap align-items-center gap-2 py-2 border-bottom">
              <div className="enrolment-main">
                <Link to={`/admin/courses/${e.course_id}`} className="fw-semibold text-break">
                  {e.title}
                </Link>
                <div className="small text-body-secondary">
                  {sourceLabel(e.source)} · {formatDateTime(e.enrolled_at)}
                </div>
                <div className="d-flex align-items-center gap-2 mt-1">
                  <div
                    className="progress flex-grow-1"
                    style={{ height: '0.5rem', maxWidth: '14rem' }}
                    role="progressbar"
                    aria-label={`Progress in ${e.title}`}
                    aria-valuenow={Math.round(e.progress)}
                    aria-valuemin={0}
                    aria-valuemax={100}
                  >
                    <div className="progress-bar" style={{ width: `${Math.min(100, Math.max(0, e.progress))}%` }} />
                  </div>
                  <span className="small text-nowrap">
                    {e.completed_lessons}/{e.total_lessons} lessons · {Math.round(e.progress)}%
                  </span>
                </div>
                <HeldBackLessons studentId={student.id} lessons={e.held_back_lessons} />
              </div>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                aria-label={`Revoke access to ${e.title}`}
                onClick={() => onRevoke(e.course_id, e.title)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function MembershipsSection({ student }: { student: Student }) {
  return (
    <Section id="student-memberships" title="Membership" count={student.memberships.length}>
      {student.memberships.length === 0 ? (
        <p className="text-body-secondary mb-0">No membership.</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {student.memberships.map((m) => (
            <li key={m.id} className="py-2 border-bottom">
              <div className="d-flex flex-wrap align-items-center gap-2">
                <Link to={`/admin/members/${m.id}`} className="fw-semibold">
                  {m.plan_name}
                </Link>
                <PeopleBadge state={m.state} />
              </div>
              <div className="small text-body-secondary">
                {providerLabel(m.payment_method)} · {m.payment_method === 'manual' ? 'free' : formatMoney(m.amount, m.currency)} ·{' '}
                {m.end_date ? `until ${formatDateTime(m.end_date)}` : 'no end date'}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function OrdersSection({ student }: { student: Student }) {
  return (
    <Section id="student-orders" title="Orders" count={student.orders.length}>
      {student.orders.length === 0 ? (
        <p className="text-body-secondary mb-0">No order.</p>
      ) : (
        <DataTable label="The student's orders" frame="" className="table studio-table table-sm" columns={['Order', 'Status', ['Total', 'text-end'], 'Date']}>
          {student.orders.map((o) => (
            <tr key={o.order_number}>
              <td className="text-nowrap">
                <Link to={`/admin/orders/${o.order_number}`}>{o.order_number}</Link>
                <div className="small text-body-secondary">{paymentMethodLabel(o.payment_method)}</div>
              </td>
              <td>
                <StateBadge state={o.status} />
              </td>
              <td className="text-end text-nowrap">{formatMoney(o.total, o.currency)}</td>
              <td className="small text-nowrap">{formatDateTime(o.created_at)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </Section>
  );
}

export function QuestionsSection({ student }: { student: Student }) {
  return (
    <Section id="student-questions" title="Questions" count={student.questions.length}>
      {student.questions.length === 0 ? (
        <p className="text-body-secondary mb-0">No question asked.</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {student.questions.map((q) => (
            <li key={q.id} className="py-2 border-bottom">
              <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
                <span className="text-break">{q.title}</span>
                <span className={`badge ${q.answered ? 'text-bg-success' : 'text-bg-warning'}`}>{q.answered ? 'Answered' : 'Unanswered'}</span>
              </div>
              <div className="small text-body-secondary text-break">
                {q.course_title} · {formatDateTime(q.created_at)}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Every graded quiz attempt of the student, newest first: the quiz, its course, the score and whether it passed. */
export function QuizAttemptsSection({ student }: { student: Student }) {
  return (
    <Section id="student-quiz-attempts" title="Quiz attempts" count={student.quiz_attempts.length}>
      {student.quiz_attempts.length === 0 ? (
        <p className="text-body-secondary mb-0">No quiz taken.</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {student.quiz_attempts.map((a) => (
            <li key={`${a.lesson.id}-${a.attempt_number}`} className="py-2 border-bottom">
              <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
                <span className="text-break">
                  {a.lesson.title} · attempt {a.attempt_number}
                </span>
                <span className={`badge ${a.passed ? 'text-bg-success' : 'text-bg-secondary'}`}>
                  {a.score_percent}% · {a.passed ? 'Passed' : 'Not passed'}
                </span>
              </div>
              <div className="small text-body-secondary text-break">
                {a.course.title} · {formatDateTime(a.created_at)}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
