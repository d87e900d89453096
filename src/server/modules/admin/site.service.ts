import type { SiteSettings, SiteSettingsBody } from '../../../shared/admin.js';
import type { AppContext } from '../../context.js';
import { getSiteSettings, updateSiteSettings } from '../settings/index.js';
import { audited, type Actor } from './audit.js';

export function readSettings(ctx: AppContext): Promise<SiteSettings> {
  return getSiteSettings(ctx.db, ctx.config);
}

export async function saveSettings(ctx: AppContext, actor: Actor, body: SiteSettingsBody): Promise<SiteSettings> {
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
