import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import type { z } from 'zod';
import { siteSettingsBodySchema, siteSettingsFields, type SiteSettings, type SiteSettingsBody } from '../../../shared/admin';
import { adminErrorText, adminQueries, useSaveSettings } from '../../api/admin';
import { EmailField, SelectField, TextAreaField, TextField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { ErrorState } from '../../components/States';
import { notify } from '../components/notify';
import { CardSkeleton, PageHeader, useStudioTitle } from '../components/ui';
import { useStudioSubmit } from '../components/useStudioSubmit';
import { FiguresFields } from '../settings/FiguresFields';
import { InstructorCard } from '../settings/InstructorCard';
import { SiteLogo } from '../settings/SiteLogo';
import { ReviewsCard } from '../settings/ReviewsCard';

type Values = z.input<typeof siteSettingsBodySchema>;
const sourceText = {
  studio: 'Set here.',
  environment: 'From the server environment; saving here overrides it.',
  demo: "The demo's: saving here makes it yours.",
  unset: 'Not set.',
} as const;

const valuesOf = (s: SiteSettings): Values => Object.fromEntries(siteSettingsFields.map((field) => [field, s[field]])) as Values;

/** /admin/settings: the site's name and logo, the support address, the seller printed on every invoice, the banner, the home page's figures, the instructor and the reviews. */
export default function SettingsPage() {
  useStudioTitle('Settings');
  const settings = useQuery(adminQueries.settings());
  if (settings.isPending) return <CardSkeleton label="Loading the settings" />;
  if (settings.isError) return <ErrorState message={adminErrorText(settings.error)} onRetry={() => void settings.refetch()} />;
  return <SettingsForm settings={settings.data} />;
}

function SettingsForm({ settings }: { settings: SiteSettings }) {
  const save = useSaveSettings();
  // The banner may lead to a published course (the server also asks that it has a published project).
  const courses = useQuery({ ...adminQueries.courseChoices(), select: (list) => list.filter((c) => c.state === 'published') });
  const form = useForm<Values, unknown, z.output<typeof siteSettingsBodySchema>>({
    resolver: zodResolver(siteSettingsBodySchema),
    defaultValues: valuesOf(settings),
  });
  const {
    register,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  useEffect(() => reset(valuesOf(settings)), [settings, reset]);
  const { formError, submit } = useStudioSubmit(form, siteSettingsFields, async (values) => {
    // Only what was changed: saving a demo figure again, untouched, would make it the instructor's.
    const changed = Object.fromEntries(siteSettingsFields.filter((f) => form.formState.dirtyFields[f]).map((f) => [f, values[f]])) as SiteSettingsBody;
    await save.mutateAsync(changed);
    notify('Settings saved.');
  });
  // A link from the Overview's checklist lands on its card (/admin/settings#settings-figures).
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const scroll = () => {
      const target = document.getElementById(id);
      target?.scrollIntoView({ block: 'start' });
      return Boolean(target);
    };
    if (scroll()) return;
    // A card that loads on its own (the instructor's) appears a moment later.
    const observer = new MutationObserver(() => scroll() && observer.disconnect());
    observer.observe(document.body, { childList: true, subtree: true });
    const stop = window.setTimeout(() => observer.disconnect(), 5000);
    return () => {
      observer.disconnect();
      window.clearTimeout(stop);
    };
  }, [hash]);
  const hint = (field: (typeof siteSettingsFields)[number], extra?: string) => [extra, sourceText[settings.sources[field]]].filter(Boolean).join(' ');

  return (
    <div style={{ maxWidth: 760 }}>
      <PageHeader
        title="Settings"
        actions={
          <Link to="/admin/settings/team" className="btn btn-outline-primary">
            <i className="bi bi-people me-1" aria-hidden="true" />
            Team
          </Link>
        }
      />
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Settings">
        {formError && <FormAlert kind="error">{formError}</FormAlert>}
        <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="settings-site">
          <h2 id="settings-site" className="h5 mb-3">
            Your site
          </h2>
          <TextField
            id="settings-site_name"
            label="Site name"
            wrapperClassName="mb-3"
            maxLength={60}
            placeholder="Lectern"
            hint={hint('site_name', 'Beside the logo in the header and footer, and in the footer’s copyright line. Empty: Lectern.')}
            error={errors.site_name?.message}
            {...register('site_name')}
          />
          <SiteLogo settings={settings} />
        </section>
        <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="settings-support">
          <h2 id="settings-support" className="h5 mb-3">
            Support
          </h2>
          <EmailField
            id="settings-support_email"
            label="Support email"
            hint={hint('support_email', 'Shown to students and used for contact messages.')}
            error={errors.support_email?.message}
            {...register('support_email')}
          />
        </section>
        <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="settings-seller">
          <h2 id="settings-seller" className="h5 mb-1">
            Seller on invoices
          </h2>
          <p className="small text-body-secondary mb-3">Printed on every invoice. Empty fields fall back to the server environment.</p>
          <TextField
            id="settings-seller_legal_name"
            label="Legal name"
            wrapperClassName="mb-3"
            maxLength={200}
            hint={hint('seller_legal_name')}
            error={errors.seller_legal_name?.message}
            {...register('seller_legal_name')}
          />
          <TextAreaField
            id="settings-seller_address"
            label="Address"
            wrapperClassName="mb-3"
            rows={3}
            maxLength={500}
            hint={hint('seller_address')}
            error={errors.seller_address?.message}
            {...register('seller_address')}
          />
          <TextField
            id="settings-seller_tax_id"
            label="Tax number (GSTIN / VAT)"
            maxLength={40}
            hint={hint('seller_tax_id')}
            error={errors.seller_tax_id?.message}
            {...register('seller_tax_id')}
          />
        </section>
        <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="settings-banner">
          <h2 id="settings-banner" className="h5 mb-1">
            Home page banner
          </h2>
          <p className="small text-body-secondary mb-3">The course the home page's 'Get Your Letter' banner leads to. It needs a published project.</p>
          {courses.data ? (
            <SelectField
              id="settings-letter_course_id"
              label="Course"
              hint={hint('letter_course_id')}
              error={errors.letter_course_id?.message}
              {...register('letter_course_id')}
            >
              <option value="">The first published course with a project</option>
              {courses.data.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.title}
                </option>
              ))}
            </SelectField>
          ) : (
            // The field appears with its options, so it never shows a value it cannot hold yet; the same height meanwhile.
            <div className="placeholder-glow" role="status" aria-label="Loading the courses" style={{ minHeight: '5.75rem' }}>
              <span className="placeholder col-2 d-block mb-2" aria-hidden="true" />
              <span className="placeholder col-12 d-block rounded" style={{ height: '2.4rem' }} aria-hidden="true" />
            </div>
          )}
        </section>
        <FiguresFields form={form} settings={settings} />
        <div className="d-flex gap-2 settings-actions">
          <SubmitButton busy={isSubmitting} busyLabel="Saving..." disabled={!isDirty}>
            Save settings
          </SubmitButton>
          <button type="button" className="btn btn-light border" disabled={!isDirty || isSubmitting} onClick={() => reset(valuesOf(settings))}>
            Discard changes
          </button>
        </div>
      </form>
      <div className="mt-4">
        <InstructorCard />
        <ReviewsCard />
      </div>
    </div>
  );
}
