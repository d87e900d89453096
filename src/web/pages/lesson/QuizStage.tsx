import { useState } from 'react';
import type { LessonQuiz, QuizAttemptResult, QuizResult } from '../../../shared/quizzes';
import { quizAttemptBodySchema, quizKindLabels } from '../../../shared/quizzes';
import { ApiError } from '../../api/client';
import { useQuizAttempts, useSubmitQuiz } from '../../api/learning';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';

interface QuizStageProps {
  slug: string;
  lessonUuid: string;
  quiz: LessonQuiz;
  /** Signed in: attempts are graded and kept. */
  canAttempt: boolean;
  /** The instructor's preview: the questions as a student sees them, nothing sent. */
  preview?: boolean;
}

type Answers = Record<number, number[]>;

/** What the student is told after an attempt: score, pass or not, which were wrong, and the answers once allowed. */
interface Outcome {
  score: number;
  passed: boolean;
  attemptsLeft: number | null;
  results: QuizResult[];
}

const attemptsText = (left: number | null) => (left === null ? 'Unlimited attempts' : left === 1 ? '1 attempt left' : `${left} attempts left`);

/**
 * A quiz lesson in the player: its questions, the student's answers and the server's grade. The
 * browser never knows the answers before the server tells them (after a pass, or the last attempt).
 */
export function QuizStage({ slug, lessonUuid, quiz, canAttempt, preview = false }: QuizStageProps) {
  const attempts = useQuizAttempts(lessonUuid, canAttempt && !preview);
  const submit = useSubmitQuiz(slug, lessonUuid);
  const [answers, setAnswers] = useState<Answers | null>(null);
  const [fresh, setFresh] = useState<QuizAttemptResult | null>(null);
  const [retrying, setRetrying] = useState(false);

  const latest = attempts.data?.attempts[0];
  const outcome: Outcome | null = fresh
    ? { score: fresh.score_percent, passed: fresh.passed, attemptsLeft: fresh.attempts_left, results: fresh.results }
    : latest && attempts.data
      ? { score: latest.score_percent, passed: latest.passed, attemptsLeft: attempts.data.attempts_left, results: latest.results }
      : null;
  const chosen: Answers = answers ?? Object.fromEntries((latest?.answers ?? []).map((a) => [a.question_id, a.option_ids]));
  const passed = outcome?.passed ?? false;
  const left = outcome ? outcome.attemptsLeft : quiz.max_attempts === null ? null : quiz.max_attempts - quiz.attempts_used;
  const finished = passed || left === 0;
  const showing = outcome && !retrying ? outcome : null;
  const resultOf = (questionId: number) => showing?.results.find((r) => r.question_id === questionId);
  const answering = !finished && (!showing || retrying);

  const choose = (questionId: number, optionId: number, multiple: boolean) => {
    const current = chosen[questionId] ?? [];
    const next = multiple ? (current.includes(optionId) ? current.filter((id) => id !== optionId) : [...current, optionId]) : [optionId];
    setAnswers({ ...chosen, [questionId]: next });
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (preview || !canAttempt) return;
    const body = quizAttemptBodySchema.parse({
      answers: quiz.questions.map((q) => ({ question_id: q.id, option_ids: chosen[q.id] ?? [] })),
    });
    submit.mutate(body, {
      onSuccess: (result) => {
        setFresh(result);
        setRetrying(false);
      },
      onError: (failure) => {
        // 409: the server will not grade this attempt (passed already, or no attempts left, perhaps from another tab).
        // The boxes then show the attempts as the server has them (refetched), and the message says why.
        if (failure instanceof ApiError && failure.status === 409) {
          setAnswers(null);
          setFresh(null);
          setRetrying(false);
        }
      },
    });
  };

  const error =
    submit.error instanceof ApiError
      ? submit.error.status === 409
        ? `Your answers were not graded: ${submit.error.message}`
        : submit.error.message
      : submit.error
        ? 'The attempt could not be sent. Try again.'
        : null;
  const unanswered = quiz.questions.some((q) => !(chosen[q.id]?.length ?? 0));

  return (
    <section className="card quiz-stage" aria-labelledby="quiz-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
          <h3 id="quiz-title" className="h5 mb-0">
            <i className="bi bi-patch-question me-2" aria-hidden="true" />
            Quiz
          </h3>
          <p className="small text-body-secondary mb-0">
            Pass mark {quiz.pass_percent}% · {quiz.questions.length} {quiz.questions.length === 1 ? 'question' : 'questions'} ·{' '}
            {quiz.max_attempts === null ? 'unlimited attempts' : `${quiz.max_attempts} ${quiz.max_attempts === 1 ? 'attempt' : 'attempts'}`}
          </p>
        </div>

        {preview && <p className="alert alert-info small">Preview: this is the quiz as a student sees it. Answers are not sent.</p>}

        {showing && (
          <FormAlert kind={showing.passed ? 'success' : 'error'} className="quiz-outcome">
            {showing.passed ? (
              <>Passed with {showing.score}%. The lesson is complete; the answers and explanations are below.</>
            ) : (
              <>
                You scored {showing.score}%; {quiz.pass_percent}% passes. {showing.results.filter((r) => !r.correct).length} wrong.{' '}
                {left === 0 ? 'No attempts left: the answers and explanations are below.' : `${attemptsText(left)}.`}
              </>
            )}
          </FormAlert>
        )}

        <form onSubmit={onSubmit} noValidate>
          <ol className="quiz-questions list-unstyled">
            {quiz.questions.map((question, index) => {
              const result = resultOf(question.id);
              const multiple = question.kind === 'multiple';
              const revealed = result?.correct_option_ids;
              return (
                <li key={question.id} className="quiz-question">
                  <fieldset disabled={!answering}>
                    <legend className="quiz-prompt">
                      <span className="quiz-number">{index + 1}.</span> {question.prompt}
                      <span className="visually-hidden"> ({quizKindLabels[question.kind]})</span>
                    </legend>
                    <p className="small text-body-secondary mb-2">{multiple ? 'Choose every right answer.' : 'Choose one answer.'}</p>
                    {question.options.map((option) => {
                      const id = `quiz-${question.id}-${option.id}`;
                      const picked = (chosen[question.id] ?? []).includes(option.id);
                      const isRight = revealed?.includes(option.id);
                      return (
                        <div key={option.id} className={`form-check quiz-option${isRight ? ' quiz-option-right' : ''}`}>
                          <input
                            className="form-check-input"
                            type={multiple ? 'checkbox' : 'radio'}
                            name={`quiz-${question.id}`}
                            id={id}
                            checked={picked}
                            onChange={() => choose(question.id, option.id, multiple)}
                          />
                          <label className="form-check-label" htmlFor={id}>
                            {option.text}
                            {isRight && <span className="badge text-bg-success ms-2">Right answer</span>}
                          </label>
                        </div>
                      );
                    })}
                  </fieldset>
                  {result && (
                    <p className={`quiz-verdict small mb-0 ${result.correct ? 'text-success-emphasis' : 'text-danger-emphasis'}`}>
                      <i className={`bi ${result.correct ? 'bi-check-circle-fill' : 'bi-x-circle-fill'} me-1`} aria-hidden="true" />
                      {result.correct ? 'Right' : 'Wrong'}
                    </p>
                  )}
                  {result?.explanation && <p className="quiz-explanation small mb-0">{result.explanation}</p>}
                </li>
              );
            })}
          </ol>

          {error && <FormAlert kind="error">{error}</FormAlert>}
          {!canAttempt && !preview && <p className="text-body-secondary small">Sign in to take the quiz.</p>}
          {answering && (canAttempt || preview) && (
            <div className="d-flex flex-wrap align-items-center gap-3">
              <SubmitButton busy={submit.isPending} busyLabel="Grading..." icon="bi-send" disabled={preview}>
                Submit answers
              </SubmitButton>
              {unanswered && <span className="small text-body-secondary">Unanswered questions count as wrong.</span>}
            </div>
          )}
          {!answering && !finished && (
            <button type="button" className="btn btn-primary" onClick={() => setRetrying(true)}>
              <i className="bi bi-arrow-repeat me-2" aria-hidden="true" />
              Try again
            </button>
          )}
        </form>
      </div>
    </section>
  );
}
