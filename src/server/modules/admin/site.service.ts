import type { SiteSettings, SiteSettingsBody } from '../../../shared/admin.js';
import type { AppContext } from '../../context.js';
import { siteMessages } from '../../../shared/projects.js';
import { AppError } from '../../errors.js';
import { hasPublishedProject } from '../projects/index.js';
import { getSiteSettings, updateSiteSettings } from '../settings/index.js';
import { audited, type Actor } from './audit.js';

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
