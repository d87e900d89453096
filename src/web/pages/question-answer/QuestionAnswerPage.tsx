import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { QUESTION_BODY_MAX, questionBodySchema, type Question } from '../../../shared/learning';
import { messages } from '../../../shared/messages';
import { useCourse } from '../../api/catalog';
import { ApiError, NetworkError } from '../../api/client';
import { useAskQuestion, useQuestions, useStudentCourses } from '../../api/learning';
import { formFields, SelectField, TextAreaField, TextField } from '../../components/form/Field';
import { SubmitButton } from '../../components/form/SubmitButton';
import { CollapsibleText } from '../../components/CollapsibleText';
import { EmptyState, ErrorState } from '../../components/States';
import { showServerFieldErrors } from '../../lib/forms';
import { usePageMeta } from '../../lib/usePageMeta';
import { formatShortDate } from '../course-detail/format';
import { formatPersonName, toTitleCase } from '../../../shared/text';
import { lessonLabel } from '../lesson/lessonRules';

/** The API's rules (title and body messages from the contract); the selects send '' for "none". */
export const questionFormSchema = questionBodySchema.extend({
  course_id: z.coerce.number('Choose a course.').int('Choose a course.').positive('Choose a course.'),
  lesson_id: z.preprocess((value) => (value === '' || value === null ? undefined : value), questionBodySchema.shape.lesson_id),
});
type FormInput = z.input<typeof questionFormSchema>;
type FormOutput = z.output<typeof questionFormSchema>;
const fields = ['course_id', 'lesson_id', 'title', 'body'] as const;

function AskForm({ initialCourse, initialLesson }: { initialCourse: string; initialLesson: string }) {
  const askQuestion = useAskQuestion();
  const courses = useStudentCourses();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(questionFormSchema),
    defaultValues: { course_id: initialCourse, lesson_id: initialLesson, title: '', body: '' },
  });
  const {
    handleSubmit,
    watch,
    reset,
    setError,
    setValue,
    getValues,
    formState: { isSubmitting },
  } = form;
  const field = formFields(form, 'qa');
  const courseId = String(watch('course_id') ?? '');
  const slug = courses.data?.find((e) => String(e.course.id) === courseId)?.course.slug;
  const course = useCourse(slug);
  // Options arrive after the form: put the chosen values (e.g. from ?course=&lesson=) back on the selects.
  useEffect(() => {
    if (courses.data) setValue('course_id', getValues('course_id'));
  }, [courses.data, getValues, setValue]);
  useEffect(() => {
    if (course.data) setValue('lesson_id', getValues('lesson_id'));
  }, [course.data, getValues, setValue]);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await askQuestion.mutateAsync(values);
      toast.success('Your question has been posted. We will email you when the instructor answers.');
      reset({ course_id: courseId, lesson_id: '', title: '', body: '' });
    } catch (error) {
      if (error instanceof ApiError) {
        if (showServerFieldErrors(error, setError, fields).length === 0) setFormError(error.status < 500 ? error.message : messages.http.server);
      } else setFormError(error instanceof NetworkError ? error.message : messages.http.server);
    }
  });

  if (courses.data && courses.data.length === 0) {
    return <EmptyState message="Enrol in a course to ask its instructor a question." action={{ to: '/courses', label: 'Browse courses' }} />;
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      {formError && (
        <div className="alert alert-danger" role="alert">
          {formError}
        </div>
      )}
      <div className="row g-3">
        <SelectField label="Course" wrapperClassName="col-12 col-md-6" {...field('course_id', { onChange: () => setValue('lesson_id', '') })} id="qa-course">
          <option value="">Choose a course</option>
          {courses.data?.map((e) => (
            <option key={e.course.id} value={String(e.course.id)}>
              {e.course.title}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={
            <>
              Lesson <span className="text-body-secondary fw-normal">(optional)</span>
            </>
          }
          wrapperClassName="col-12 col-md-6"
          {...field('lesson_id')}
          id="qa-lesson"
        >
          <option value="">The whole course</option>
          {course.data?.sections.map((section, index) => (
            <optgroup key={section.uuid} label={`Section ${index + 1}: ${section.title}`}>
              {section.lessons.map((lesson) => (
                <option key={lesson.uuid} value={String(lesson.id)}>
                  {lessonLabel(lesson)}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <TextField label="Title" wrapperClassName="col-12" maxLength={160} placeholder="Summarise your question in a sentence" {...field('title')} />
        <TextAreaField
          label="Your question"
          wrapperClassName="col-12"
          rows={5}
          counter={{ value: watch('body'), max: QUESTION_BODY_MAX }}
          placeholder="What did you try, and what happened? Paste the error message if there is one."
          {...field('body')}
        />
        <div className="col-12">
          <SubmitButton busy={isSubmitting} busyLabel="Please wait...">
            Post question
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}

function QuestionCard({ question }: { question: Question }) {
  return (
    <li className="card">
      <div className="card-body">
        <h3 className="h6 mb-1">{question.title}</h3>
        <p className="small text-body-secondary mb-2">
          {question.course.title}
          {question.lesson && <> · {toTitleCase(question.lesson.title)}</>} · {formatShortDate(question.created_at)}
        </p>
        <CollapsibleText text={question.body} className="mb-3" />
        {question.answers.length === 0 ? (
          <p className="small text-body-secondary mb-0">
            <i className="bi bi-hourglass-split me-1" aria-hidden="true" />
            Awaiting an answer from the instructor.
          </p>
        ) : (
          <ul className="list-unstyled d-grid gap-2 mb-0" aria-label="Answers">
            {question.answers.map((answer) => (
              <li key={answer.id} className={`rounded-3 p-3 ${answer.is_instructor ? 'bg-primary-subtle border border-primary-subtle' : 'bg-body-tertiary'}`}>
                <p className="small fw-semibold mb-1">
                  {formatPersonName(answer.author)}
                  {answer.is_instructor && (
                    <span className="badge text-bg-primary ms-2">
                      <i className="bi bi-patch-check-fill me-1" aria-hidden="true" />
                      Instructor
                    </span>
                  )}
                  <span className="text-body-secondary fw-normal ms-2">{formatShortDate(answer.created_at)}</span>
                </p>
                <CollapsibleText text={answer.body} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/** /question-answer/: ask the instructor about a course or lesson; see your questions and their answers. */
export default function QuestionAnswerPage() {
  usePageMeta('account', { title: 'Questions and Answers | Lectern' });
  const [params] = useSearchParams();
  const questions = useQuestions();

  let list;
  if (questions.isError) list = <ErrorState message="Failed to load your questions. Please try again." onRetry={() => void questions.refetch()} />;
  else if (!questions.data)
    list = (
      <div aria-hidden="true">
        {[0, 1].map((i) => (
          <div className="card mb-3" key={i}>
            <div className="card-body">
              <span className="skeleton skeleton-text d-block mb-2" style={{ width: '60%' }} />
              <span className="skeleton skeleton-text d-block" style={{ width: '90%' }} />
            </div>
          </div>
        ))}
      </div>
    );
  else if (questions.data.length === 0)
    list = <p className="text-body-secondary">You have not asked a question yet. Ask one above: the instructor answers every question.</p>;
  else
    list = (
      <ul className="list-unstyled d-grid gap-3 mb-0">
        {questions.data.map((question) => (
          <QuestionCard key={question.id} question={question} />
        ))}
      </ul>
    );

  return (
    <div>
      <h1 className="h3 mb-1">Questions and Answers</h1>
      <p className="text-body-secondary mb-4">
        Stuck on a lesson? Ask the instructor. You'll get an email when your question is answered. Browse your{' '}
        <Link to="/enrolled-courses/">enrolled courses</Link>.
      </p>
      <section className="card mb-4" aria-labelledby="ask-title">
        <div className="card-body p-4">
          <h2 id="ask-title" className="h5 mb-3">
            Ask a question
          </h2>
          <AskForm initialCourse={params.get('course') ?? ''} initialLesson={params.get('lesson') ?? ''} />
        </div>
      </section>
      <section aria-labelledby="questions-title">
        <h2 id="questions-title" className="h5 mb-3">
          Your questions
        </h2>
        {list}
      </section>
    </div>
  );
}
