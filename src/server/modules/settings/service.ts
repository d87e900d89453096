import { siteSettingsFields, type SiteSettings, type SiteSettingsBody } from '../../../shared/admin.js';
import { siteName } from '../../../shared/pages.js';
import type { Config } from '../../config.js';
import type { Tx, Db } from '../../db/client.js';
import { firstAdmin } from '../accounts/index.js';
import * as q from './queries.js';

type Field = (typeof siteSettingsFields)[number];

/** What each field falls back to when the studio has not set it. */
function fromEnvironment(config: Config): Record<Field, string> {
  return {
    support_email: config.supportEmail ?? '',
    seller_legal_name: config.seller.legalName ?? '',
    seller_address: config.seller.address ?? '',
    seller_tax_id: config.seller.taxId ?? '',
    letter_course_id: '',
  };
}

function merge(config: Config, stored: Map<string, unknown>): SiteSettings {
  const env = fromEnvironment(config);
  const values = {} as Record<Field, string>;
  const sources = {} as Record<Field, 'studio' | 'environment' | 'unset'>;
  for (const field of siteSettingsFields) {
    const own = stored.get(field);
    if (typeof own === 'string' && own !== '') {
      values[field] = own;
      sources[field] = 'studio';
    } else {
      values[field] = env[field];
      sources[field] = env[field] ? 'environment' : 'unset';
    }
  }
  return { ...values, sources };
}

export async function getSiteSettings(db: Db, config: Config): Promise<SiteSettings> {
  return merge(config, await q.selectSettings(db, siteSettingsFields));
}

/** Saves the fields sent (an empty string clears a field back to its environment value); returns before and after. */
export async function updateSiteSettings(tx: Tx, config: Config, body: SiteSettingsBody): Promise<{ before: SiteSettings; after: SiteSettings }> {
  const before = merge(config, await q.selectSettingsForUpdate(tx, siteSettingsFields));
  await q.upsertSettings(tx, Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)));
  const after = merge(config, await q.selectSettings(tx, siteSettingsFields));
  return { before, after };
}

/**
 * The seller printed on invoices: the studio's settings (then the environment's). A customer document
 * never carries a placeholder: with no legal name yet, the seller is the site's name (the studio's
 * first-run checklist asks for the legal details before the first sale).
 */
export async function sellerDetails(db: Db, config: Config): Promise<{ legalName: string; address: string; taxId: string }> {
  const s = await getSiteSettings(db, config);
  return { legalName: s.seller_legal_name || siteName, address: s.seller_address, taxId: s.seller_tax_id };
}

/**
 * Where contact messages and studio notices go: the support address set in the studio or by
 * SUPPORT_EMAIL, else the first admin's address. Never a seeded demo address; undefined before
 * anyone set the studio up (the message is still kept in the contact inbox).
 */
export async function supportAddress(db: Db, config: Config): Promise<string | undefined> {
  const s = await getSiteSettings(db, config);
  if (s.support_email) return s.support_email;
  return (await firstAdmin(db))?.email;
}
