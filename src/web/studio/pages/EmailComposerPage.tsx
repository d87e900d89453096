import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import {
  audienceLabels,
  broadcastAudiences,
  broadcastBodySchema,
  broadcastMessages,
  needsCourse,
  type AdminBroadcastDetail,
  type BroadcastBody,
  type BroadcastBodyInput,
} from '../../../shared/broadcasts';
import { adminErrorText, adminQueries } from '../../api/admin';
import { broadcastKeys, broadcastQueries, useCreateBroadcast, useSendBroadcast, useSendTestBroadcast, useUpdateBroadcast } from '../../api/broadcasts';
import { Breadcrumb } from '../../components/Breadcrumb';
import { ErrorState } from '../../components/States';
import { Field, FieldError, SelectField, TextField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { showServerFieldErrors } from '../../lib/forms';
import { notify } from '../components/notify';
import { CardSkeleton, formatDateTime, PageHeader, useConfirm, useStudioTitle } from '../components/ui';
import { AudienceCountLine } from '../emails/AudienceCount';
import { peopleText } from '../emails/labels';
import { scheduleAt, timeZoneName, toLocalInput } from '../emails/schedule';
import '../emails/emails.scss';

const RichTextEditor = lazy(() => import('../components/RichTextEditor'));

const serverFields = ['subject', 'html', 'audience', 'course_id'] as const;

const valuesOf = (b: AdminBroadcastDetail | undefined): BroadcastBodyInput =>
  b ? { subject: b.subject, html: b.html, audience: b.audience, course_id: b.course_id } : { subject: '', html: '', audience: 'all', course_id: null };

/** An hour from now, on the hour: the schedule's first suggestion. */
function inAnHour(): string {
  const date = new Date(Date.now() + 60 * 60 * 1000);
  date.setMinutes(0, 0, 0);
  return toLocalInput(date);
}

type Busy = null | 'save' | 'test';

/** Writes an email (subject, rich text, audience), saves it as a draft, tests it, and sends it now or at a time, after a confirm. */
function Composer({ broadcast }: { broadcast: AdminBroadcastDetail | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateBroadcast();
  const update = useUpdateBroadcast();
  const send = useSendBroadcast();
  const test = useSendTestBroadcast();
  const confirm = useConfirm();
  const courses = useQuery(adminQueries.courseChoices());
  const form = useForm<BroadcastBodyInput, unknown, BroadcastBody>({ resolver: zodResolver(broadcastBodySchema), defaultValues: valuesOf(broadcast) });
  const {
    register,
    control,
    watch,
    reset,
    setValue,
    setError,
    handleSubmit,
    formState: { errors, isDirty },
  } = form;
  // The draft's id once saved (a new email is created by its first save, test or send).
  const [savedId, setSavedId] = useState<number | undefined>(broadcast?.id);
  // Read by saves started from an earlier render (the confirm dialog's retry): never a second draft.
  const savedRef = useRef(broadcast?.id);
  const [when, setWhen] = useState<'now' | 'later'>(broadcast?.status === 'scheduled' ? 'later' : 'now');
  const [at, setAt] = useState(() => (broadcast?.scheduled_at ? toLocalInput(new Date(broadcast.scheduled_at)) : inAnHour()));
  const [atError, setAtError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  useEffect(() => reset(valuesOf(broadcast)), [broadcast, reset]);
  // Closing the tab or reloading with unsaved changes asks first (the browser's own question).
  useEffect(() => {
    if (!isDirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [isDirty]);

  const audience = watch('audience');
  const courseId = watch('course_id') ?? null;
  const subject = watch('subject');
  const count = useQuery({
    ...broadcastQueries.audience(audience, needsCourse(audience) ? courseId : null),
    enabled: !needsCourse(audience) || courseId !== null,
  });

  /** Saves the form (a new draft, or the changes of this one) and answers its id. */
  const save = async (values: BroadcastBody): Promise<number> => {
    const id = savedRef.current;
    if (id === undefined) {
      const created = await create.mutateAsync(values);
      savedRef.current = created.id;
      setSavedId(created.id);
      reset(valuesOf(created));
      return created.id;
    }
    if (form.formState.isDirty) {
      const saved = await update.mutateAsync({ id, body: { ...values, course_id: needsCourse(values.audience) ? values.course_id : null } });
      reset(valuesOf(saved));
    }
    return id;
  };
  /** A failed save or send: a 400's messages under their fields, anything else above the form. Rethrown for the confirm dialog. */
  const failed = (error: unknown) => {
    if (showServerFieldErrors(error, setError, serverFields).length === 0) setFormError(adminErrorText(error));
  };

  const run = (kind: Exclude<Busy, null>, action: (values: BroadcastBody) => Promise<void>) =>
    handleSubmit(async (values) => {
      setFormError(null);
      setBusy(kind);
      try {
        await action(values);
      } catch (error) {
        failed(error);
      } finally {
        setBusy(null);
      }
    })();

  const saveDraft = () =>
    run('save', async (values) => {
      const wasNew = savedRef.current === undefined;
      const id = await save(values);
      notify('Draft saved.');
      if (wasNew) void navigate(`/admin/emails/${id}/edit`, { replace: true });
    });

  const sendTest = () =>
    run('test', async (values) => {
      const wasNew = savedRef.current === undefined;
      const id = await save(values);
      const { to } = await test.mutateAsync(id);
      notify(`A test was sent to ${to}. The draft is saved.`);
      if (wasNew) void navigate(`/admin/emails/${id}/edit`, { replace: true });
    });

  const sendOrSchedule = handleSubmit((values) => {
    setFormError(null);
    let scheduled: string | undefined;
    if (when === 'later') {
      const checked = scheduleAt(at);
      if ('error' in checked) {
        setAtError(checked.error);
        document.getElementById('email-at')?.focus();
        return;
      }
      scheduled = checked.at;
    }
    setAtError(undefined);
    const n = count.data?.count;
    // Sent now to nobody would send nothing (the server refuses it too); a schedule may find people by then.
    if (!scheduled && n === 0) {
      setFormError('Nobody is in this audience yet. Choose another audience, or schedule it for later.');
      return;
    }
    const reach = n === undefined ? 'everyone in the audience' : peopleText(n);
    confirm.ask(
      scheduled
        ? {
            title: 'Schedule this email?',
            body: (
              <>
                <p>
                  &ldquo;{values.subject}&rdquo; goes out on <strong>{formatDateTime(scheduled)}</strong> to whoever is in the audience then ({reach} now).
                </p>
                <p className="mb-0">You can edit or unschedule it until then.</p>
              </>
            ),
            confirmLabel: 'Schedule',
            busyLabel: 'Scheduling...',
            variant: 'primary',
          }
        : {
            title: n === undefined ? 'Send this email now?' : `Send to ${peopleText(n)} now?`,
            body: (
              <>
                <p>
                  &ldquo;{values.subject}&rdquo; goes to {reach} now, in batches.
                </p>
                <p className="mb-0">Once it starts it cannot be stopped or changed. Send yourself a test first if you have not.</p>
              </>
            ),
            confirmLabel: 'Send now',
            busyLabel: 'Sending...',
            variant: 'primary',
          },
      async () => {
        try {
          const id = await save(values);
          const result = await send.mutateAsync({ id, at: scheduled });
          notify(scheduled ? `Scheduled for ${formatDateTime(result.scheduled_at)}.` : `Sending to ${peopleText(result.counts.recipients)}.`);
          void queryClient.invalidateQueries({ queryKey: broadcastKeys.all });
          void navigate(`/admin/emails/${id}`);
        } catch (error) {
          // A field the server refused goes under it as well; the dialog says why.
          showServerFieldErrors(error, setError, serverFields);
          throw error;
        }
      },
    );
  });

  const courseChoices = (courses.data ?? []).map((c) => ({ id: c.id, title: c.state === 'published' ? c.title : `${c.title} (${c.state})` }));
  // The draft's own course, even if the list no longer has it.
  if (broadcast?.course_id && broadcast.course_title && !courseChoices.some((c) => c.id === broadcast.course_id))
    courseChoices.push({ id: broadcast.course_id, title: broadcast.course_title });
  const hint = audienceLabels[audience]?.hint;

  return (
    <form onSubmit={(e) => void sendOrSchedule(e)} noValidate className="email-composer" aria-label={broadcast ? `Edit ${broadcast.subject}` : 'New email'}>
      {confirm.dialog}
      {formError && <FormAlert kind="error">{formError}</FormAlert>}
      <div className="row g-3">
        <div className="col-12 col-xl-8">
          <div className="studio-card p-3 p-md-4 h-100">
            <TextField
              id="email-subject"
              label="Subject"
              wrapperClassName="mb-3"
              autoComplete="off"
              placeholder="A new course is out: Django for APIs"
              counter={{ value: subject, max: 200 }}
              error={errors.subject?.message}
              {...register('subject')}
            />
            <Controller
              control={control}
              name="html"
              render={({ field }) => (
                <Field
                  id="email-html"
                  label={<span id="email-html-label">Email</span>}
                  error={errors.html?.message}
                  hint="Links, headings, lists and quotes come through. Every copy ends with why they get it and a link to unsubscribe."
                >
                  <Suspense
                    fallback={
                      <div className="placeholder-glow">
                        <span className="placeholder col-12" style={{ height: '16rem', opacity: 0.2 }} />
                      </div>
                    }
                  >
                    <RichTextEditor
                      id="email-html"
                      labelledBy="email-html-label"
                      describedBy={errors.html ? 'email-html-error email-html-help' : 'email-html-help'}
                      value={field.value ?? ''}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      invalid={Boolean(errors.html)}
                    />
                  </Suspense>
                </Field>
              )}
            />
          </div>
        </div>
        <div className="col-12 col-xl-4">
          <div className="studio-card p-3 p-md-4 mb-3">
            <h2 className="h6 mb-3">Who receives it</h2>
            <SelectField
              id="email-audience"
              label="Audience"
              wrapperClassName="mb-3"
              error={errors.audience?.message}
              hint={hint}
              {...register('audience', {
                onChange: (e: { target: { value: string } }) => {
                  if (!needsCourse(e.target.value as BroadcastBody['audience'])) setValue('course_id', null, { shouldDirty: true });
                },
              })}
            >
              {broadcastAudiences.map((a) => (
                <option key={a} value={a}>
                  {audienceLabels[a].label}
                </option>
              ))}
            </SelectField>
            {needsCourse(audience) && (
              // Controlled: a draft's course shows as chosen once the list of courses arrives after it.
              <Controller
                control={control}
                name="course_id"
                render={({ field }) => (
                  <SelectField
                    id="email-course_id"
                    label="Course"
                    wrapperClassName="mb-3"
                    error={errors.course_id?.message ?? (courses.isError ? adminErrorText(courses.error) : undefined)}
                    disabled={courses.isPending}
                    name={field.name}
                    ref={field.ref}
                    value={field.value == null ? '' : String(field.value)}
                    onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                    onBlur={field.onBlur}
                  >
                    <option value="">{courses.isPending ? 'Loading the courses...' : 'Choose a course'}</option>
                    {courseChoices.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.title}
                      </option>
                    ))}
                  </SelectField>
                )}
              />
            )}
            <AudienceCountLine audience={audience} courseId={needsCourse(audience) ? courseId : null} />
          </div>
          <div className="studio-card p-3 p-md-4">
            <fieldset>
              <legend className="h6 mb-2">When</legend>
              <div className="form-check">
                <input
                  className="form-check-input"
                  type="radio"
                  name="email-when"
                  id="email-when-now"
                  checked={when === 'now'}
                  onChange={() => setWhen('now')}
                />
                <label className="form-check-label" htmlFor="email-when-now">
                  Send now
                </label>
              </div>
              <div className="form-check mb-2">
                <input
                  className="form-check-input"
                  type="radio"
                  name="email-when"
                  id="email-when-later"
                  checked={when === 'later'}
                  onChange={() => setWhen('later')}
                />
                <label className="form-check-label" htmlFor="email-when-later">
                  Schedule for later
                </label>
              </div>
            </fieldset>
            {when === 'later' && (
              <div className="mb-3">
                <label htmlFor="email-at" className="form-label">
                  Date and time
                </label>
                <input
                  id="email-at"
                  type="datetime-local"
                  className={`form-control${atError ? ' is-invalid' : ''}`}
                  value={at}
                  min={toLocalInput(new Date())}
                  onChange={(e) => {
                    setAt(e.target.value);
                    setAtError(undefined);
                  }}
                  aria-invalid={atError ? true : undefined}
                  aria-describedby={atError ? 'email-at-error email-at-help' : 'email-at-help'}
                />
                <FieldError id="email-at" message={atError} />
                <div id="email-at-help" className="form-text">
                  In your time zone ({timeZoneName()}). Up to a year ahead.
                </div>
              </div>
            )}
            <div className="d-grid gap-2 mt-3">
              <SubmitButton busy={send.isPending} busyLabel="Sending..." icon={when === 'now' ? 'bi-send' : 'bi-calendar-check'} disabled={busy !== null}>
                {when === 'now' ? 'Send now…' : 'Schedule…'}
              </SubmitButton>
              <SubmitButton
                type="button"
                className="btn btn-light border"
                icon="bi-envelope-check"
                busy={busy === 'test'}
                busyLabel="Sending a test..."
                disabled={busy !== null}
                onClick={() => void sendTest()}
              >
                Send a test to me
              </SubmitButton>
              <SubmitButton
                type="button"
                className="btn btn-outline-secondary"
                icon="bi-save"
                busy={busy === 'save'}
                busyLabel="Saving..."
                disabled={busy !== null || (savedId !== undefined && !isDirty)}
                onClick={() => void saveDraft()}
              >
                {savedId !== undefined && !isDirty ? 'Saved' : broadcast?.status === 'scheduled' ? 'Save changes' : 'Save draft'}
              </SubmitButton>
            </div>
          </div>
        </div>
      </div>
    </form>
  );
}

/** /admin/emails/new and /admin/emails/:broadcastId/edit: the composer, for a new email or a draft or scheduled one. */
export default function EmailComposerPage() {
  const { broadcastId } = useParams();
  const id = broadcastId === undefined ? undefined : Number(broadcastId);
  const valid = id === undefined || (Number.isInteger(id) && id > 0);
  const broadcast = useQuery({ ...broadcastQueries.one(id ?? 0), enabled: id !== undefined && valid });
  const title = id === undefined ? 'New email' : broadcast.data ? `Edit: ${broadcast.data.subject}` : 'Edit email';
  useStudioTitle(title);
  const trail = [
    { label: 'Emails', to: '/admin/emails' },
    ...(id !== undefined && broadcast.data ? [{ label: broadcast.data.subject, to: `/admin/emails/${id}` }] : []),
  ];

  let body;
  if (id === undefined) body = <Composer broadcast={undefined} />;
  else if (!valid) body = <ErrorState message={broadcastMessages.notFound} />;
  else if (broadcast.isPending) body = <CardSkeleton label="Loading the email" lines={8} />;
  else if (broadcast.isError) body = <ErrorState message={adminErrorText(broadcast.error)} onRetry={() => void broadcast.refetch()} />;
  else if (broadcast.data.status === 'sending' || broadcast.data.status === 'sent')
    body = (
      <div className="studio-card p-4 text-center">
        <p className="mb-3">{broadcastMessages.notEditable}</p>
        <Link to={`/admin/emails/${id}`} className="btn btn-outline-primary">
          See how it is going
        </Link>
      </div>
    );
  else body = <Composer broadcast={broadcast.data} />;

  return (
    <>
      <PageHeader title={id === undefined ? 'New email' : 'Edit email'}>
        <Breadcrumb trail={trail} current={id === undefined ? 'New email' : 'Edit'} className="small mb-1" />
      </PageHeader>
      {body}
    </>
  );
}
