import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { bundleBodySchema, type AdminBundle, type BundleBody, type BundlePatch } from '../../../shared/bundles';
import type { Region } from '../../../shared/regions';
import { adminErrorText, adminQueries } from '../../api/admin';
import { bundleQueries, useBundleTransition, useCreateBundle, useUpdateBundle, type BundleTransition } from '../../api/adminBundles';
import { Breadcrumb } from '../../components/Breadcrumb';
import { ErrorState } from '../../components/States';
import { Field, TextField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { BundleCoursesField, chosenCourses } from '../bundles/BundleCoursesField';
import { BundleCoverCard } from '../bundles/BundleCoverCard';
import { BundlePriceFields, type BundleValues } from '../bundles/BundlePriceFields';
import { publishProblems } from '../bundles/publishing';
import { notify } from '../components/notify';
import { CardSkeleton, PageHeader, StateBadge, useConfirm, useStudioTitle, type ConfirmOptions } from '../components/ui';
import { useStudioSubmit } from '../components/useStudioSubmit';
import { slugify } from '../components/VideoUrlField';

const RichTextEditor = lazy(() => import('../components/RichTextEditor'));

const editable = ['title', 'slug', 'description', 'course_ids', 'prices'] as const;
const serverFields = [...editable, 'cover_image'] as const;

function valuesOf(bundle: AdminBundle | undefined): BundleValues {
  return bundle
    ? {
        title: bundle.title,
        slug: bundle.slug,
        description: bundle.description,
        course_ids: bundle.courses.map((c) => c.id),
        prices: bundle.prices.map((p) => ({ region: p.region as Region, amount: p.amount })),
      }
    : { title: '', slug: '', description: '', course_ids: [], prices: [{ region: 'US', amount: Number.NaN }] };
}

const transitionText: Record<BundleTransition, ConfirmOptions & { done: string }> = {
  publish: {
    title: 'Publish this bundle?',
    body: 'It appears on the storefront at once, and buyers can pay for it.',
    confirmLabel: 'Publish',
    busyLabel: 'Publishing...',
    variant: 'primary',
    done: 'The bundle is published.',
  },
  unpublish: {
    title: 'Unpublish this bundle?',
    body: 'It leaves the storefront and goes back to draft. Buyers keep its courses.',
    confirmLabel: 'Unpublish',
    busyLabel: 'Unpublishing...',
    variant: 'warning',
    done: 'The bundle is back to draft.',
  },
  archive: {
    title: 'Archive this bundle?',
    body: 'It leaves the storefront and the bundle list (find it under the Archived filter). Buyers keep its courses.',
    confirmLabel: 'Archive',
    busyLabel: 'Archiving...',
    variant: 'danger',
    done: 'The bundle is archived.',
  },
  restore: {
    title: 'Restore this bundle?',
    body: 'It comes back as a draft.',
    confirmLabel: 'Restore',
    busyLabel: 'Restoring...',
    variant: 'primary',
    done: 'The bundle is restored as a draft.',
  },
};

/** The saved bundle's state changes, each confirmed first; the server's refusal (fewer than two courses, no USD price) stays in the dialog. */
function Transitions({ bundle, problems }: { bundle: AdminBundle; problems: string[] }) {
  const transition = useBundleTransition(bundle.id);
  const confirm = useConfirm();
  const ask = (t: BundleTransition) => {
    const { done, ...options } = transitionText[t];
    const body =
      t === 'publish' && problems.length ? (
        <>
          <FormAlert kind="error">
            <p className="mb-1">The server will refuse it as it is saved:</p>
            <ul className="mb-0">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </FormAlert>
          {options.body}
        </>
      ) : (
        options.body
      );
    confirm.ask({ ...options, body }, async () => {
      await transition.mutateAsync(t);
      notify(done);
    });
  };
  const available: BundleTransition[] =
    bundle.state === 'draft' ? ['publish', 'archive'] : bundle.state === 'published' ? ['unpublish', 'archive'] : ['restore'];
  return (
    <>
      {bundle.state === 'published' && (
        <a href={`/bundles/${bundle.slug}`} className="btn btn-light border" target="_blank" rel="noreferrer">
          <i className="bi bi-box-arrow-up-right me-1" aria-hidden="true" />
          Storefront
        </a>
      )}
      {available.map((t) => (
        <button
          key={t}
          type="button"
          className={`btn ${t === 'publish' || t === 'restore' ? 'btn-primary' : t === 'archive' ? 'btn-outline-danger' : 'btn-outline-dark'}`}
          onClick={() => ask(t)}
        >
          {transitionText[t].confirmLabel}
        </button>
      ))}
      {confirm.dialog}
    </>
  );
}

/** Before publishing: what the saved bundle still needs, or that it is ready; unsaved edits are not published. */
function PublishingCard({ bundle, problems, dirty }: { bundle: AdminBundle | undefined; problems: string[]; dirty: boolean }) {
  return (
    <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="bundle-publishing-title">
      <h2 id="bundle-publishing-title" className="h5 mb-2">
        Publishing
      </h2>
      {!bundle ? (
        <p className="small text-body-secondary mb-0">A new bundle is saved as a draft: nobody sees it until you publish it.</p>
      ) : (
        <>
          <p className="small mb-2">
            <StateBadge state={bundle.state} /> <span className="ms-1">{bundle.sold === 1 ? 'Sold once' : `Sold ${bundle.sold} times`}</span>
          </p>
          {bundle.state === 'draft' &&
            (problems.length ? (
              <ul className="small text-danger ps-3 mb-2">
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ) : (
              <p className="small text-success-emphasis mb-2">
                <i className="bi bi-check-circle me-1" aria-hidden="true" />
                Ready to publish.
              </p>
            ))}
          {dirty && <p className="small text-warning-emphasis mb-0">You have unsaved changes: save them before publishing.</p>}
          {bundle.sold > 0 && <p className="small text-body-secondary mb-0">Buyers keep their courses whatever you change here.</p>}
        </>
      )}
    </section>
  );
}

function BundleForm({ bundle }: { bundle: AdminBundle | undefined }) {
  const navigate = useNavigate();
  const create = useCreateBundle();
  const update = useUpdateBundle(bundle?.id ?? 0);
  const choices = useQuery(adminQueries.courseChoices());
  const [slugTouched, setSlugTouched] = useState(Boolean(bundle));
  const form = useForm<BundleValues, unknown, BundleBody>({ resolver: zodResolver(bundleBodySchema), defaultValues: valuesOf(bundle) });
  const {
    register,
    control,
    reset,
    watch,
    setValue,
    formState: { errors, isSubmitting, isDirty, isSubmitted, dirtyFields },
  } = form;
  // A write elsewhere on the page (the cover, a state change) refreshes the bundle: keep what is being edited here.
  useEffect(() => reset(valuesOf(bundle), { keepDirtyValues: true }), [bundle, reset]);

  const { formError, submit } = useStudioSubmit(form, serverFields, async (values) => {
    if (bundle) {
      const changed = Object.fromEntries(editable.filter((f) => dirtyFields[f]).map((f) => [f, values[f]])) as BundlePatch;
      await update.mutateAsync(changed);
      notify('Bundle saved.');
    } else {
      const created = await create.mutateAsync(values);
      notify('Bundle created as a draft. Add its cover, then publish it.');
      void navigate(`/admin/bundles/${created.id}`, { replace: true });
    }
  });

  const courseIds = watch('course_ids') ?? [];
  const courses = chosenCourses(courseIds, choices.data, bundle?.courses ?? []);
  const problems = bundle ? publishProblems(bundle, choices.data) : [];
  const courseError = (errors.course_ids as { message?: string } | undefined)?.message ?? errors.course_ids?.root?.message;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={bundle ? `Edit ${bundle.title}` : 'New bundle'}>
      {formError && <FormAlert kind="error">{formError}</FormAlert>}
      <div className="row g-3">
        <div className="col-12 col-xl-8">
          <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="bundle-basics">
            <h2 id="bundle-basics" className="h5 mb-3">
              Basics
            </h2>
            <TextField
              id="bundle-title"
              label="Title"
              wrapperClassName="mb-3"
              maxLength={200}
              error={errors.title?.message}
              {...register('title', {
                onChange: (e: { target: { value: string } }) => !slugTouched && setValue('slug', slugify(e.target.value), { shouldValidate: isSubmitted }),
              })}
            />
            <TextField
              id="bundle-slug"
              label="Address"
              wrapperClassName="mb-3"
              maxLength={120}
              hint={`/bundles/${watch('slug') || '...'}`}
              error={errors.slug?.message}
              {...register('slug', { onChange: () => setSlugTouched(true) })}
            />
            <Controller
              control={control}
              name="description"
              render={({ field }) => (
                <Field id="bundle-description" label={<span id="bundle-description-label">Description</span>} error={errors.description?.message}>
                  <Suspense
                    fallback={
                      <div className="placeholder-glow">
                        <span className="placeholder col-12" style={{ height: '12rem', opacity: 0.2 }} />
                      </div>
                    }
                  >
                    <RichTextEditor
                      id="bundle-description"
                      labelledBy="bundle-description-label"
                      value={field.value ?? ''}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      invalid={Boolean(errors.description)}
                    />
                  </Suspense>
                </Field>
              )}
            />
          </section>

          <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="bundle-courses-title">
            <h2 id="bundle-courses-title" className="h5 mb-2">
              Courses in the bundle
            </h2>
            {choices.isError && <FormAlert kind="error">{adminErrorText(choices.error)}</FormAlert>}
            <Controller
              control={control}
              name="course_ids"
              render={({ field }) => (
                <BundleCoursesField
                  value={field.value ?? []}
                  onChange={(ids) => {
                    field.onChange(ids);
                    field.onBlur();
                  }}
                  choices={choices.data}
                  loading={choices.isPending}
                  saved={bundle?.courses ?? []}
                  error={courseError}
                />
              )}
            />
          </section>

          <section className="mb-3" aria-labelledby="bundle-prices-title">
            <h2 id="bundle-prices-title" className="h5 mb-1">
              Prices
            </h2>
            <p className="small text-body-secondary">
              One price per region, charged in its currency. The storefront shows the saving against the courses&apos; own prices.
            </p>
            <BundlePriceFields control={control} register={register} errors={errors} prices={watch('prices')} courses={courses} />
          </section>
        </div>

        <div className="col-12 col-xl-4">
          <BundleCoverCard bundle={bundle} />
          <PublishingCard bundle={bundle} problems={problems} dirty={isDirty} />
          <div className="studio-card p-3 d-flex flex-wrap gap-2 align-items-center position-sticky" style={{ top: '4rem' }}>
            <SubmitButton busy={isSubmitting} busyLabel={bundle ? 'Saving...' : 'Creating...'} disabled={Boolean(bundle) && !isDirty}>
              {bundle ? 'Save bundle' : 'Create draft'}
            </SubmitButton>
            {bundle && (
              <button type="button" className="btn btn-outline-secondary" disabled={!isDirty || isSubmitting} onClick={() => reset(valuesOf(bundle))}>
                Discard changes
              </button>
            )}
            {bundle && !isDirty && <span className="small text-body-secondary">All changes saved.</span>}
          </div>
        </div>
      </div>
    </form>
  );
}

/** /admin/bundles/new and /admin/bundles/:bundleId: a bundle's details, courses, prices and cover in one form, and its state changes. */
export default function BundleEditorPage() {
  const { bundleId } = useParams();
  const id = bundleId === 'new' ? undefined : Number(bundleId);
  const valid = id === undefined || (Number.isInteger(id) && id > 0);
  const bundle = useQuery({ ...bundleQueries.one(id ?? 0), enabled: id !== undefined && valid });
  const choices = useQuery(adminQueries.courseChoices());
  const title = id === undefined ? 'New bundle' : (bundle.data?.title ?? 'Bundle');
  useStudioTitle(title);

  return (
    <>
      <PageHeader
        title={
          bundle.data ? (
            <>
              {bundle.data.title} <StateBadge state={bundle.data.state} />
            </>
          ) : (
            title
          )
        }
        actions={bundle.data ? <Transitions bundle={bundle.data} problems={publishProblems(bundle.data, choices.data)} /> : undefined}
      >
        <Breadcrumb trail={[{ label: 'Bundles', to: '/admin/bundles' }]} current={title} className="small mb-1" currentClassName="text-truncate" />
      </PageHeader>
      {/* Keyed: once created, the new bundle's form starts afresh (its address no longer follows the title). */}
      {id === undefined ? (
        <BundleForm key="new" bundle={undefined} />
      ) : !valid ? (
        <ErrorState message="Not found: it may have been deleted." />
      ) : bundle.isPending ? (
        <CardSkeleton label="Loading the bundle" lines={8} />
      ) : bundle.isError ? (
        <ErrorState message={adminErrorText(bundle.error)} onRetry={() => void bundle.refetch()} />
      ) : (
        <BundleForm key={bundle.data.id} bundle={bundle.data} />
      )}
    </>
  );
}
