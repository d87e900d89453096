/**
 * A person's email preferences, reached without signing in through the signed link every broadcast
 * carries (tokens.ts). Unsubscribing stops broadcasts only: receipts, password, account and
 * membership emails are not broadcasts and always go.
 */
import { broadcastMessages, type EmailPreferences } from '../../../shared/broadcasts.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { getPublicUser } from '../accounts/index.js';
import * as q from './queries.js';
import { readPreferencesToken } from './tokens.js';

/** The account a link names; a link that does not verify (forged, altered, of a deleted account) is 400 and nothing is written. */
async function holderOf(db: Database, config: Config, token: string) {
  const claim = readPreferencesToken(config.jwtSecret, token);
  const user = claim ? await getPublicUser(db, claim.userId) : undefined;
  if (!claim || !user) throw new AppError('bad_request', broadcastMessages.invalidLink);
  return { user, broadcastId: claim.broadcastId };
}

export async function preferencesByToken(db: Database, config: Config, token: string): Promise<EmailPreferences> {
  const { user } = await holderOf(db, config, token);
  return { email: user.email, broadcasts: (await q.selectBroadcastsOff(db, user.id)) === null };
}

/**
 * Sets the preference the link's holder chose. Turning broadcasts off through a broadcast's link
 * (the footer, or RFC 8058's one-click POST) also counts as an unsubscribe from that email.
 */
export async function setPreferencesByToken(db: Database, config: Config, token: string, choice: { broadcasts: boolean }): Promise<EmailPreferences> {
  const { user, broadcastId } = await holderOf(db, config, token);
  await db.transaction(async (tx) => {
    const wasOff = (await q.selectBroadcastsOff(tx, user.id)) !== null;
    await q.setBroadcastsOff(tx, user.id, !choice.broadcasts);
    if (!choice.broadcasts && !wasOff && broadcastId > 0) await q.markRecipientUnsubscribed(tx, broadcastId, user.id);
  });
  return { email: user.email, broadcasts: choice.broadcasts };
}

/** The signed-in person's own preferences (My Profile): the same choice as the link's page, for their account. */
export async function preferencesOf(db: Database, userId: number): Promise<EmailPreferences> {
  const user = await getPublicUser(db, userId);
  if (!user) throw new AppError('not_found', 'Account not found.');
  return { email: user.email, broadcasts: (await q.selectBroadcastsOff(db, user.id)) === null };
}

export async function setPreferencesOf(db: Database, userId: number, choice: { broadcasts: boolean }): Promise<EmailPreferences> {
  const user = await getPublicUser(db, userId);
  if (!user) throw new AppError('not_found', 'Account not found.');
  await q.setBroadcastsOff(db, user.id, !choice.broadcasts);
  return { email: user.email, broadcasts: choice.broadcasts };
}
