import type { SiteSettings, SiteSettingsBody } from '../../../shared/admin.js';
import type { AppContext } from '../../context.js';
import { siteMessages } from '../../../shared/projects.js';
import { AppError } from '../../errors.js';
import { hasPublishedProject } from '../projects/index.js';
import type { AdminFigures } from '../../../shared/admin.js';
import { computedFigures } from '../../../shared/figures.js';
import { uploadMessages } from '../../../shared/uploads.js';
import type { Upload } from '../../http/upload.js';
import { deletePublicImage, storePublicImage } from '../../lib/images.js';
import { getSiteSettings, setSiteLogo, updateSiteSettings } from '../settings/index.js';
import { figureFacts } from '../site/index.js';
import { audited, type Actor } from './audit.js';
import { keepOnlyIfCommitted } from './media.service.js';

export function readSettings(ctx: AppContext): Promise<SiteSettings> {
  return getSiteSettings(ctx.db, ctx.config);
}

export async function saveSettings(ctx: AppContext, actor: Actor, body: SiteSettingsBody): Promise<SiteSettings> {
  // The home banner's course must be one whose letter a student can earn: a published project.
  if (body.letter_course_id && !(await hasPublishedProject(ctx.db, Number(body.letter_course_id)))) {
    throw AppError.fields({ letter_course_id: [siteMessages.letterCourseWithoutProject] });
  }
  const saved = await audited(ctx.db, actor, async (tx) => {
    const { before, after } = await updateSiteSettings(tx, ctx.config, body);
    return {
      result: after,
      audit: { action: 'settings.update', entityType: 'settings', entityId: 'site', summary: `Site settings: ${Object.keys(body).join(', ')}`, before, after },
    };
  });
  await ctx.invalidation.invalidate('settings');
  return saved;
}

/** What the figures fall back to when their Settings field is empty: the facts and each one rounded. */
export async function readFigureDefaults(ctx: AppContext): Promise<AdminFigures> {
  const facts = await figureFacts(ctx.db);
  return { facts, computed: computedFigures(facts) };
}

async function changeLogo(ctx: AppContext, actor: Actor, path: string, summary: string): Promise<SiteSettings> {
  const { before, after } = await audited(ctx.db, actor, async (tx) => {
    const change = await setSiteLogo(tx, ctx.config, path);
    return {
      result: change,
      audit: {
        action: 'settings.logo',
        entityType: 'settings',
        entityId: 'site',
        summary,
        before: { site_logo: change.before.site_logo },
        after: { site_logo: change.after.site_logo },
      },
    };
  });
  await ctx.invalidation.invalidate('settings');
  await deletePublicImage(ctx.storage, before.site_logo);
  return after;
}

/** The site's logo: re-encoded to a WebP that fits 512×512 (transparency kept); the previous upload is deleted once committed. */
export async function uploadSiteLogo(ctx: AppContext, actor: Actor, upload: Upload): Promise<SiteSettings> {
  const logo = await storePublicImage(ctx.storage, upload.bytes, { folder: 'images', width: 512, height: 512, fit: 'inside' });
  if (!logo) throw new AppError('unsupported_type', uploadMessages.notImage, { image: [uploadMessages.notImage] });
  return keepOnlyIfCommitted(
    () => deletePublicImage(ctx.storage, logo),
    () => changeLogo(ctx, actor, logo, 'New site logo'),
  );
}

/** Back to the default mark. */
export async function removeSiteLogo(ctx: AppContext, actor: Actor): Promise<SiteSettings> {
  return changeLogo(ctx, actor, '', 'Removed the site logo');
}
