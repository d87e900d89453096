import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { AdminQuestion } from '../../../shared/inbox';
import { answerBodySchema } from '../../../shared/learning';
import { useAnswerQuestion } from '../../api/inbox';
import { CollapsibleText } from '../../components/CollapsibleText';
import { TextAreaField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { notify } from '../components/notify';
import { formatDateTime } from '../components/ui';
import { useStudioSubmit } from '../components/useStudioSubmit';

type Values = z.input<typeof answerBodySchema>;

/** The inline answer: the same schema the server parses; the student is emailed when it is saved. */
function AnswerForm({ question, onDone }: { question: AdminQuestion; onDone?: () => void }) {
  const answer = useAnswerQuestion(question.id);
  const form = useForm<Values, unknown, z.output<typeof answerBodySchema>>({ resolver: zodResolver(answerBodySchema), defaultValues: { body: '' } });
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const { formError, submit } = useStudioSubmit(form, ['body'], async (values) => {
    await answer.mutateAsync(values);
    reset({ body: '' });
    notify(`Answer sent to ${question.student?.full_name || 'the student'}.`);
    onDone?.();
  });
  const id = `answer-${question.id}`;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={`Answer “${question.title}”`} className="mt-3">
      {formError && <FormAlert kind="error">{formError}</FormAlert>}
      <TextAreaField
        id={id}
        label={question.answered ? 'Another answer' : 'Your answer'}
        hint="Plain text. The student gets it by email and sees it under their question."
        rows={4}
        maxLength={5000}
        error={errors.body?.message}
        {...register('body')}
      />
      <div className="d-flex flex-wrap gap-2">
        <SubmitButton busy={isSubmitting} busyLabel="Sending..." icon="bi-send">
          Send answer
        </SubmitButton>
        {onDone && (
          <button type="button" className="btn btn-light border" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** One question in the inbox: who asked, where (course and lesson), when, the thread, and the answer box. */
export function QuestionCard({ question }: { question: AdminQuestion }) {
  const [adding, setAdding] = useState(false);
  const headingId = `question-${question.id}-title`;
  return (
    <article className="studio-card p-3 p-md-4 mb-3" aria-labelledby={headingId}>
      <div className="d-flex align-items-start justify-content-between gap-2 mb-2">
        <div className="min-w-0">
          <h2 id={headingId} className="h6 mb-1 text-break">
            {question.title}
          </h2>
          <div className="small text-body-secondary text-break">
            <i className="bi bi-collection-play me-1" aria-hidden="true" />
            {question.course.title || 'Deleted course'}
            {question.lesson && (
              <>
                <i className="bi bi-chevron-right mx-1" aria-hidden="true" />
                <span className="visually-hidden">, lesson </span>
                {question.lesson.title}
              </>
            )}
          </div>
        </div>
        <span className={`badge flex-shrink-0 ${question.answered ? 'text-bg-success' : 'text-bg-warning'}`}>{question.answered ? 'Answered' : 'Waiting'}</span>
      </div>
      <p className="small mb-2 text-break">
        <i className="bi bi-person me-1" aria-hidden="true" />
        <span className="fw-semibold">{question.student?.full_name || question.asked_by || 'Deleted account'}</span>
        {question.student && (
          <>
            {' · '}
            <a href={`mailto:${question.student.email}`}>{question.student.email}</a>
          </>
        )}
        {' · '}
        <time dateTime={question.created_at} className="text-body-secondary">
          {formatDateTime(question.created_at)}
        </time>
      </p>
      <CollapsibleText text={question.body} />
      {question.answers.length > 0 && (
        <ul className="list-unstyled d-grid gap-2 mt-3 mb-0" aria-label="Answers">
          {question.answers.map((a) => (
            <li key={a.id} className={`rounded-3 p-3 ${a.is_instructor ? 'bg-primary-subtle' : 'bg-body-tertiary'}`}>
              <div className="small fw-semibold mb-1">
                {a.author || 'Deleted account'}
                <span className="text-body-secondary fw-normal ms-2">{formatDateTime(a.created_at)}</span>
              </div>
              <div className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
                {a.body}
              </div>
            </li>
          ))}
        </ul>
      )}
      {!question.answered ? (
        <AnswerForm question={question} />
      ) : adding ? (
        <AnswerForm question={question} onDone={() => setAdding(false)} />
      ) : (
        <button type="button" className="btn btn-sm btn-light border mt-3" onClick={() => setAdding(true)}>
          <i className="bi bi-reply me-1" aria-hidden="true" />
          Add another answer
        </button>
      )}
    </article>
  );
}
