import { useState } from 'react';
import { useFieldArray, useFormContext, useWatch, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import type { lessonBodySchema } from '../../../shared/admin';
import { quizKindLabels, quizKinds, type LessonQuiz, type QuizKind } from '../../../shared/quizzes';
import { QuizStage } from '../../pages/lesson/QuizStage';

type Values = z.input<typeof lessonBodySchema>;
type QuizValues = NonNullable<Values['quiz']>;
type QuestionValues = QuizValues['questions'][number];

export const newQuestion = (kind: QuizKind = 'single'): QuestionValues => ({
  prompt: '',
  kind,
  explanation: null,
  options:
    kind === 'true_false'
      ? [
          { text: 'True', correct: true },
          { text: 'False', correct: false },
        ]
      : [
          { text: '', correct: true },
          { text: '', correct: false },
        ],
});

export const newQuiz = (): QuizValues => ({ pass_percent: 70, max_attempts: 3, questions: [newQuestion()] });

/** The first message under a path of the form's errors (zod puts a question's own rule on its options). */
const messageOf = (error: unknown): string | undefined => {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { message?: unknown; root?: { message?: string } };
  if (typeof e.message === 'string') return e.message;
  return e.root?.message;
};

function QuestionEditor({ index, count, onMove, onRemove }: { index: number; count: number; onMove: (to: number) => void; onRemove: () => void }) {
  const { register, control, setValue, getValues, formState } = useFormContext<Values>();
  const options = useFieldArray({ control, name: `quiz.questions.${index}.options`, keyName: 'key' });
  const kind = useWatch({ control, name: `quiz.questions.${index}.kind` });
  const optionValues = useWatch({ control, name: `quiz.questions.${index}.options` });
  const errors = (formState.errors.quiz as FieldErrors<QuizValues> | undefined)?.questions?.[index];
  const base = `quiz-q${index}`;

  const setKind = (next: QuizKind) => {
    setValue(`quiz.questions.${index}.kind`, next);
    if (next === 'true_false') options.replace(newQuestion('true_false').options);
  };
  /** One right option for single choice and true/false: ticking one unticks the others. */
  const markCorrect = (optionIndex: number, checked: boolean) => {
    if (kind === 'multiple') return setValue(`quiz.questions.${index}.options.${optionIndex}.correct`, checked, { shouldDirty: true });
    (getValues(`quiz.questions.${index}.options`) ?? []).forEach((_, i) =>
      setValue(`quiz.questions.${index}.options.${i}.correct`, i === optionIndex, { shouldDirty: true }),
    );
  };

  return (
    <li className="card mb-3">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h4 className="h6 mb-0 flex-grow-1">Question {index + 1}</h4>
          <button type="button" className="btn btn-sm btn-outline-secondary" disabled={index === 0} onClick={() => onMove(index - 1)}>
            <i className="bi bi-arrow-up" aria-hidden="true" />
            <span className="visually-hidden">Move question {index + 1} up</span>
          </button>
          <button type="button" className="btn btn-sm btn-outline-secondary" disabled={index === count - 1} onClick={() => onMove(index + 1)}>
            <i className="bi bi-arrow-down" aria-hidden="true" />
            <span className="visually-hidden">Move question {index + 1} down</span>
          </button>
          <button type="button" className="btn btn-sm btn-outline-danger" disabled={count === 1} onClick={onRemove}>
            <i className="bi bi-trash" aria-hidden="true" />
            <span className="visually-hidden">Remove question {index + 1}</span>
          </button>
        </div>
        <div className="mb-2">
          <label className="form-label" htmlFor={`${base}-prompt`}>
            Question
          </label>
          <textarea
            id={`${base}-prompt`}
            rows={2}
            maxLength={2000}
            className={`form-control${errors?.prompt ? ' is-invalid' : ''}`}
            aria-invalid={Boolean(errors?.prompt) || undefined}
            {...register(`quiz.questions.${index}.prompt`)}
          />
          {errors?.prompt && <div className="invalid-feedback">{errors.prompt.message}</div>}
        </div>
        <div className="mb-2">
          <label className="form-label" htmlFor={`${base}-kind`}>
            Kind
          </label>
          <select id={`${base}-kind`} className="form-select w-auto" value={kind} onChange={(e) => setKind(e.target.value as QuizKind)}>
            {quizKinds.map((k) => (
              <option key={k} value={k}>
                {quizKindLabels[k]}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="mb-2">
          <legend className="form-label fs-6 mb-1">Options (tick the right {kind === 'multiple' ? 'ones' : 'one'})</legend>
          {options.fields.map((option, optionIndex) => (
            <div key={option.key} className="d-flex align-items-center gap-2 mb-1">
              <input
                className="form-check-input mt-0 flex-shrink-0"
                style={{ width: '1.5rem', height: '1.5rem' }}
                type="checkbox"
                id={`${base}-o${optionIndex}-correct`}
                aria-label={`Option ${optionIndex + 1} is right`}
                checked={Boolean(optionValues?.[optionIndex]?.correct)}
                onChange={(e) => markCorrect(optionIndex, e.target.checked)}
              />
              <input
                className="form-control form-control-sm"
                aria-label={`Option ${optionIndex + 1}`}
                id={`${base}-o${optionIndex}`}
                maxLength={500}
                readOnly={kind === 'true_false'}
                {...register(`quiz.questions.${index}.options.${optionIndex}.text`)}
              />
              {kind !== 'true_false' && (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary flex-shrink-0"
                  disabled={options.fields.length <= 2}
                  onClick={() => options.remove(optionIndex)}
                >
                  <i className="bi bi-x-lg" aria-hidden="true" />
                  <span className="visually-hidden">Remove option {optionIndex + 1}</span>
                </button>
              )}
            </div>
          ))}
          {messageOf(errors?.options) && <div className="invalid-feedback d-block">{messageOf(errors?.options)}</div>}
          {kind !== 'true_false' && options.fields.length < 10 && (
            <button type="button" className="btn btn-sm btn-link px-0" onClick={() => options.append({ text: '', correct: false })}>
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              Add an option
            </button>
          )}
        </fieldset>
        <div>
          <label className="form-label" htmlFor={`${base}-explanation`}>
            Explanation <span className="text-body-secondary small">(optional; shown once the student passed or has no attempts left)</span>
          </label>
          <textarea
            id={`${base}-explanation`}
            rows={2}
            maxLength={5000}
            className="form-control"
            {...register(`quiz.questions.${index}.explanation`, { setValueAs: (v: string | null) => (v ? v : null) })}
          />
        </div>
      </div>
    </li>
  );
}

/** The quiz part of the lesson dialog: pass mark, attempts, the questions (reordered with the arrows) and a student's preview. */
export function QuizEditor() {
  const { register, control, formState } = useFormContext<Values>();
  const questions = useFieldArray({ control, name: 'quiz.questions', keyName: 'key' });
  const [previewing, setPreviewing] = useState(false);
  const quiz = useWatch({ control, name: 'quiz' });
  const errors = formState.errors.quiz as FieldErrors<QuizValues> | undefined;

  const preview: LessonQuiz | null = quiz
    ? {
        pass_percent: Number(quiz.pass_percent) || 0,
        max_attempts: quiz.max_attempts ?? null,
        attempts_used: 0,
        questions: quiz.questions.map((q, i) => ({
          id: i + 1,
          prompt: q.prompt || `Question ${i + 1}`,
          kind: q.kind,
          options: q.options.map((o, j) => ({ id: (i + 1) * 100 + j, text: o.text || `Option ${j + 1}` })),
        })),
      }
    : null;

  return (
    <section className="mb-3" aria-labelledby="quiz-editor-title">
      <h3 id="quiz-editor-title" className="h6">
        Quiz
      </h3>
      <div className="d-flex flex-wrap gap-3 mb-3">
        <div>
          <label className="form-label" htmlFor="quiz-pass-percent">
            Pass mark (%)
          </label>
          <input
            id="quiz-pass-percent"
            type="number"
            min={1}
            max={100}
            className={`form-control${errors?.pass_percent ? ' is-invalid' : ''}`}
            style={{ maxWidth: 140 }}
            {...register('quiz.pass_percent', { valueAsNumber: true })}
          />
          {errors?.pass_percent && <div className="invalid-feedback">{errors.pass_percent.message}</div>}
        </div>
        <div>
          <label className="form-label" htmlFor="quiz-max-attempts">
            Attempts <span className="text-body-secondary small">(empty: unlimited)</span>
          </label>
          <input
            id="quiz-max-attempts"
            type="number"
            min={1}
            max={100}
            className={`form-control${errors?.max_attempts ? ' is-invalid' : ''}`}
            style={{ maxWidth: 140 }}
            {...register('quiz.max_attempts', {
              setValueAs: (v: string | number | null) => (v === '' || v === null || Number.isNaN(Number(v)) ? null : Number(v)),
            })}
          />
          {errors?.max_attempts && <div className="invalid-feedback">{errors.max_attempts.message}</div>}
        </div>
      </div>
      {messageOf(errors?.questions) && <div className="alert alert-danger py-2">{messageOf(errors?.questions)}</div>}
      <ol className="list-unstyled mb-2">
        {questions.fields.map((field, index) => (
          <QuestionEditor
            key={field.key}
            index={index}
            count={questions.fields.length}
            onMove={(to) => questions.move(index, to)}
            onRemove={() => questions.remove(index)}
          />
        ))}
      </ol>
      <div className="d-flex flex-wrap gap-2">
        {questions.fields.length < 100 && (
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => questions.append(newQuestion())}>
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            Add a question
          </button>
        )}
        <button type="button" className="btn btn-sm btn-outline-secondary" aria-expanded={previewing} onClick={() => setPreviewing((v) => !v)}>
          <i className="bi bi-eye me-1" aria-hidden="true" />
          {previewing ? 'Hide the preview' : 'Preview as a student'}
        </button>
      </div>
      {previewing && preview && (
        <div className="mt-3">
          <QuizStage slug="" lessonUuid="preview" quiz={preview} canAttempt={false} preview />
        </div>
      )}
    </section>
  );
}
