import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useEffect } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { lessonBodySchema, type AdminCourse } from '../../../shared/admin';
import { useAddLesson, useEditLesson } from '../../api/admin';
import { Field, TextField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { notify } from '../components/notify';
import { useStudioSubmit } from '../components/useStudioSubmit';
import { VideoUrlField } from '../components/VideoUrlField';
import { LessonResource } from './LessonResource';
import { newQuiz, QuizEditor } from './QuizEditor';
import { ReleaseFields } from './ReleaseFields';

const RichTextEditor = lazy(() => import('../components/RichTextEditor'));

type Lesson = AdminCourse['sections'][number]['lessons'][number];
type Values = z.input<typeof lessonBodySchema>;
const serverFields = [
  'lesson_title',
  'lesson_type',
  'video_source',
  'lesson_content',
  'duration_seconds',
  'enable_preview',
  'quiz',
  'available_after_days',
  'available_from',
] as const;

export type LessonTarget = { mode: 'add'; sectionId: number; sectionTitle: string } | { mode: 'edit'; lesson: Lesson };

function valuesOf(target: LessonTarget | null): Values {
  if (target?.mode === 'edit') {
    const l = target.lesson;
    return {
      lesson_title: l.lesson_title,
      lesson_type: l.lesson_type,
      video_source: l.video_source,
      lesson_content: l.lesson_content,
      duration_seconds: l.duration_seconds,
      enable_preview: l.enable_preview,
      quiz: l.quiz,
      // A PUT replaces the whole lesson: the schedule is sent back as the Release control leaves it.
      available_after_days: l.available_after_days,
      available_from: l.available_from,
    };
  }
  return {
    lesson_title: '',
    lesson_type: 'Video',
    video_source: null,
    lesson_content: null,
    duration_seconds: 0,
    enable_preview: false,
    quiz: null,
    available_after_days: null,
    available_from: null,
  };
}

/** Adds or edits a lesson: a video (YouTube or Vimeo, its duration), an article (rich text, sanitised by the server) or a quiz. */
export function LessonDialog({ target, onHide }: { target: LessonTarget | null; onHide: () => void }) {
  const add = useAddLesson();
  const edit = useEditLesson();
  const form = useForm<Values, unknown, z.output<typeof lessonBodySchema>>({ resolver: zodResolver(lessonBodySchema), defaultValues: valuesOf(target) });
  const {
    register,
    control,
    reset,
    watch,
    getValues,
    formState: { errors, isSubmitting },
  } = form;
  const { formError, clearFormError, submit } = useStudioSubmit(form, serverFields, async (values) => {
    const body = {
      ...values,
      video_source: values.lesson_type === 'Video' ? values.video_source : null,
      lesson_content: values.lesson_type === 'Article' ? values.lesson_content : null,
      quiz: values.lesson_type === 'quiz' ? values.quiz : null,
    };
    if (target?.mode === 'edit') await edit.mutateAsync({ id: target.lesson.id, body });
    else if (target?.mode === 'add') await add.mutateAsync({ sectionId: target.sectionId, body });
    notify(target?.mode === 'edit' ? 'Lesson saved.' : 'Lesson added.');
    onHide();
  });
  useEffect(() => {
    reset(valuesOf(target));
    clearFormError();
  }, [target, reset, clearFormError]);
  const type = watch('lesson_type');
  const quizValues = watch('quiz');
  useEffect(() => {
    // A reset (not setValue): the quiz's question list is a field array, which takes its rows from a reset.
    if (type === 'quiz' && !getValues('quiz')) reset({ ...getValues(), quiz: newQuiz() }, { keepDirty: true });
  }, [type, getValues, reset]);

  return (
    <FormProvider {...form}>
      <Modal show={target !== null} onHide={isSubmitting ? () => undefined : onHide} size="lg" aria-labelledby="lesson-dialog-title" backdrop="static">
        <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="lesson-dialog-title">
          <Modal.Header closeButton closeLabel="Close">
            <Modal.Title id="lesson-dialog-title" as="h2" className="h5 mb-0">
              {target?.mode === 'edit' ? 'Edit lesson' : `New lesson in "${target?.sectionTitle ?? ''}"`}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {formError && <FormAlert kind="error">{formError}</FormAlert>}
            <TextField
              id="lesson-title"
              label="Title"
              wrapperClassName="mb-3"
              maxLength={200}
              error={errors.lesson_title?.message}
              {...register('lesson_title')}
            />
            <fieldset className="mb-3">
              <legend className="form-label fs-6 mb-1">Type</legend>
              <div className="btn-group" role="group">
                <input type="radio" className="btn-check" id="lesson-type-video" value="Video" {...register('lesson_type')} />
                <label className="btn btn-outline-primary" htmlFor="lesson-type-video">
                  <i className="bi bi-play-btn me-1" aria-hidden="true" />
                  Video
                </label>
                <input type="radio" className="btn-check" id="lesson-type-article" value="Article" {...register('lesson_type')} />
                <label className="btn btn-outline-primary" htmlFor="lesson-type-article">
                  <i className="bi bi-file-text me-1" aria-hidden="true" />
                  Article
                </label>
                <input type="radio" className="btn-check" id="lesson-type-quiz" value="quiz" {...register('lesson_type')} />
                <label className="btn btn-outline-primary" htmlFor="lesson-type-quiz">
                  <i className="bi bi-patch-question me-1" aria-hidden="true" />
                  Quiz
                </label>
              </div>
            </fieldset>
            {type === 'quiz' ? (
              // Mounted once the quiz's values are in the form, so its question list starts from them.
              quizValues && <QuizEditor />
            ) : type === 'Video' ? (
              <>
                <VideoUrlField
                  id="lesson-video_source"
                  label="Video address"
                  wrapperClassName="mb-3"
                  value={watch('video_source')}
                  error={errors.video_source?.message}
                  {...register('video_source', { setValueAs: (v: string | null) => (v === null || v.trim() === '' ? null : v) })}
                />
                <Controller
                  control={control}
                  name="duration_seconds"
                  render={({ field }) => {
                    const total = field.value ?? 0;
                    const minutes = Math.floor(total / 60);
                    const seconds = total % 60;
                    const set = (m: number, s: number) => field.onChange(Math.max(0, Math.trunc(m || 0)) * 60 + Math.max(0, Math.trunc(s || 0)));
                    return (
                      <fieldset className="mb-3">
                        <legend className="form-label fs-6 mb-1">Duration</legend>
                        <div className="d-flex gap-2 align-items-center" style={{ maxWidth: 320 }}>
                          <input
                            id="lesson-duration-minutes"
                            type="number"
                            min={0}
                            max={1440}
                            className={`form-control${errors.duration_seconds ? ' is-invalid' : ''}`}
                            aria-label="Minutes"
                            value={minutes}
                            onChange={(e) => set(Number(e.target.value), seconds)}
                            onBlur={field.onBlur}
                          />
                          <span aria-hidden="true">min</span>
                          <input
                            id="lesson-duration-seconds"
                            type="number"
                            min={0}
                            max={59}
                            className={`form-control${errors.duration_seconds ? ' is-invalid' : ''}`}
                            aria-label="Seconds"
                            value={seconds}
                            onChange={(e) => set(minutes, Math.min(59, Number(e.target.value)))}
                            onBlur={field.onBlur}
                          />
                          <span aria-hidden="true">s</span>
                        </div>
                        {errors.duration_seconds && <div className="invalid-feedback d-block">{errors.duration_seconds.message}</div>}
                      </fieldset>
                    );
                  }}
                />
              </>
            ) : (
              <Controller
                control={control}
                name="lesson_content"
                render={({ field }) => (
                  <Field
                    id="lesson-content"
                    label={<span id="lesson-content-label">Article</span>}
                    error={errors.lesson_content?.message}
                    wrapperClassName="mb-3"
                  >
                    <Suspense
                      fallback={
                        <div className="placeholder-glow">
                          <span className="placeholder col-12" style={{ height: '12rem', opacity: 0.2 }} />
                        </div>
                      }
                    >
                      <RichTextEditor
                        id="lesson-content"
                        labelledBy="lesson-content-label"
                        describedBy={errors.lesson_content ? 'lesson-content-error' : undefined}
                        value={field.value ?? ''}
                        onChange={(html) => field.onChange(html || null)}
                        onBlur={field.onBlur}
                        invalid={Boolean(errors.lesson_content)}
                      />
                    </Suspense>
                  </Field>
                )}
              />
            )}
            <div className="form-check form-switch">
              <input className="form-check-input" type="checkbox" role="switch" id="lesson-preview" {...register('enable_preview')} />
              <label className="form-check-label" htmlFor="lesson-preview">
                Free preview: visitors can open this lesson before buying
              </label>
            </div>
            <div className="mt-3">
              <ReleaseFields idPrefix="lesson" subject="lesson" preview={watch('enable_preview')} />
            </div>
            {target?.mode === 'edit' ? (
              <LessonResource key={target.lesson.id} lesson={target.lesson} />
            ) : (
              <p className="small text-body-secondary mt-3 mb-0">Add the lesson first; then open it again to attach a downloadable file.</p>
            )}
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-outline-secondary" onClick={onHide} disabled={isSubmitting}>
              Cancel
            </button>
            <SubmitButton busy={isSubmitting} busyLabel="Saving...">
              {target?.mode === 'edit' ? 'Save lesson' : 'Add lesson'}
            </SubmitButton>
          </Modal.Footer>
        </form>
      </Modal>
    </FormProvider>
  );
}
