import { siteSettingsFields, type SettingSource, type SiteSettings, type SiteSettingsBody, type SiteSettingsField } from '../../../shared/admin.js';
import { siteName } from '../../../shared/pages.js';
import type { Config } from '../../config.js';
import type { Tx, Db } from '../../db/client.js';
import { firstAdmin } from '../accounts/index.js';
import * as q from './queries.js';

/** Kept beside the fields, never edited through PATCH: the logo's address, and when the first-run checklist was dismissed. */
const LOGO = 'site_logo';
const SETUP_DISMISSED = 'setup_dismissed_at';
const readKeys = [...siteSettingsFields, LOGO] as const;

/** What each field falls back to when the studio has not set it (the figures' defaults are the database's: modules/site). */
function fromEnvironment(config: Config, field: SiteSettingsField): string {
  switch (field) {
    case 'support_email':
      return config.supportEmail ?? '';
    case 'seller_legal_name':
      return config.seller.legalName ?? '';
    case 'seller_address':
      return config.seller.address ?? '';
    case 'seller_tax_id':
      return config.seller.taxId ?? '';
    default:
      return '';
  }
}

const text = (stored: q.StoredSetting | undefined) => (typeof stored?.value === 'string' ? stored.value : '');

function merge(config: Config, stored: Map<string, q.StoredSetting>): SiteSettings {
  const values = {} as Record<SiteSettingsField, string>;
  const sources = {} as Record<SiteSettingsField, SettingSource>;
  for (const field of siteSettingsFields) {
    const own = stored.get(field);
    if (text(own) !== '') {
      values[field] = text(own);
      sources[field] = own!.isDemo ? 'demo' : 'studio';
    } else {
      values[field] = fromEnvironment(config, field);
      sources[field] = values[field] ? 'environment' : 'unset';
    }
  }
  return { ...values, site_logo: text(stored.get(LOGO)), sources };
}

export async function getSiteSettings(db: Db, config: Config): Promise<SiteSettings> {
  return merge(config, await q.selectSettings(db, readKeys));
}

/** Saves the fields sent (an empty string clears a field back to its default); returns before and after. */
export async function updateSiteSettings(tx: Tx, config: Config, body: SiteSettingsBody): Promise<{ before: SiteSettings; after: SiteSettings }> {
  const before = merge(config, await q.selectSettingsForUpdate(tx, readKeys));
  await q.upsertSettings(tx, Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)));
  const after = merge(config, await q.selectSettings(tx, readKeys));
  return { before, after };
}

/** Sets (or with '' removes) the site's logo; returns the settings before and after. */
export async function setSiteLogo(tx: Tx, config: Config, path: string): Promise<{ before: SiteSettings; after: SiteSettings }> {
  const before = merge(config, await q.selectSettingsForUpdate(tx, readKeys));
  await q.upsertSettings(tx, { [LOGO]: path });
  return { before, after: merge(config, await q.selectSettings(tx, readKeys)) };
}

/** The site's name as the studio set it, else the product's ('Lectern'). */
export function siteNameOf(settings: Pick<SiteSettings, 'site_name'>): string {
  return settings.site_name || siteName;
}

/** When the instructor dismissed the completed first-run checklist (undefined: not yet). */
export async function setupDismissedAt(db: Db): Promise<string | undefined> {
  const value = text((await q.selectSettings(db, [SETUP_DISMISSED])).get(SETUP_DISMISSED));
  return value || undefined;
}

export async function dismissSetup(tx: Tx, at: Date): Promise<void> {
  await q.upsertSettings(tx, { [SETUP_DISMISSED]: at.toISOString() });
}

/** The settings the demo seed wrote and nobody has saved over (the spec's figures). */
export function demoSettingKeys(db: Db): Promise<string[]> {
  return q.selectDemoKeys(db);
}

/** Deletes those of `keys` still the demo's; returns the ones deleted. */
export function deleteDemoSettings(tx: Tx, keys: readonly string[]): Promise<string[]> {
  return q.deleteDemoKeys(tx, keys);
}

/**
 * The seller printed on invoices: the studio's settings (then the environment's). A customer document
 * never carries a placeholder: with no legal name yet, the seller is the site's name (the studio's
 * first-run checklist asks for the legal details before the first sale).
 */
export async function sellerDetails(db: Db, config: Config): Promise<{ legalName: string; address: string; taxId: string }> {
  const s = await getSiteSettings(db, config);
  return { legalName: s.seller_legal_name || siteNameOf(s), address: s.seller_address, taxId: s.seller_tax_id };
}

/**
 * Where contact messages and studio notices go: the support address set in the studio or by
 * SUPPORT_EMAIL, else the first admin's address. Never a seeded demo address; undefined before
 * anyone set the studio up (the message is still kept in the contact inbox).
 */
export async function supportAddress(db: Db, config: Config): Promise<string | undefined> {
  return (await siteIdentity(db, config)).supportEmail;
}

/** What every page shows of the site: its name, its logo (undefined: the default mark) and the support address, from one read. */
export async function siteIdentity(db: Db, config: Config): Promise<{ name: string; logo: string | undefined; supportEmail: string | undefined }> {
  const s = await getSiteSettings(db, config);
  return { name: siteNameOf(s), logo: s.site_logo || undefined, supportEmail: s.support_email || (await firstAdmin(db))?.email };
}
