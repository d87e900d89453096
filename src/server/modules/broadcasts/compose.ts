import { siteName } from '../../../shared/pages.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { broadcastEmail } from '../../emails/broadcast.js';
import type { MailMessage } from '../../integrations/mail/index.js';
import { getCourseSummaries } from '../catalog/index.js';
import { supportAddress } from '../settings/index.js';
import { audienceReason } from './audience.js';
import type { BroadcastRow } from './queries.js';
import { preferencesToken } from './tokens.js';

/** Where a broadcast's links lead: the preferences page (the footer) and the one-click target (List-Unsubscribe). */
export function unsubscribeUrls(config: Config, userId: number, broadcastId: number): { page: string; oneClick: string } {
  const token = preferencesToken(config.jwtSecret, userId, broadcastId);
  return {
    page: `${config.publicUrl}/email-preferences?token=${token}`,
    oneClick: `${config.publicUrl}/api/v1/email-preferences/unsubscribe/?token=${token}`,
  };
}

// Stands in for each recipient's own link while the email is rendered once per batch (the token has no character to escape).
const LINK = 'https://lectern.invalid/email-preferences-link';

/**
 * The broadcast's email for one recipient: rendered once, each person's signed links put in. Every
 * message carries RFC 8058's one-click unsubscribe (`List-Unsubscribe` with the https link and a
 * mailto to the support address, `List-Unsubscribe-Post: List-Unsubscribe=One-Click`) and a
 * visible unsubscribe link in its footer.
 */
export async function composeFor(deps: { db: Db; config: Config }, row: BroadcastRow): Promise<(person: { userId: number; email: string }) => MailMessage> {
  const [courses, support] = await Promise.all([
    row.courseId ? getCourseSummaries(deps.db, [row.courseId]) : Promise.resolve(new Map<number, { title: string }>()),
    supportAddress(deps.db, deps.config),
  ]);
  const courseTitle = row.courseId ? (courses.get(row.courseId)?.title ?? null) : null;
  const email = broadcastEmail({
    subject: row.subject,
    html: row.html,
    text: row.text,
    reason: audienceReason(row.audience, courseTitle),
    preferencesUrl: LINK,
    siteName,
  });
  const mailto = support ? `, <mailto:${support}?subject=Unsubscribe>` : '';
  return (person) => {
    const links = unsubscribeUrls(deps.config, person.userId, row.id);
    return {
      to: person.email,
      subject: email.subject,
      html: email.html.replaceAll(LINK, links.page),
      text: email.text.replaceAll(LINK, links.page),
      headers: { 'List-Unsubscribe': `<${links.oneClick}>${mailto}`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  };
}
