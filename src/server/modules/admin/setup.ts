import type { SetupBody } from '../../../shared/admin.js';
import type { Database } from '../../db/client.js';
import { createFirstAdmin, createSetupToken, issueTokens, setupState, toUserDetails, type AccountsDeps } from '../accounts/index.js';
import { recordAudit } from './audit.js';

/** The first-run link, or undefined once an admin exists (then no link is made at all). */
export async function setupLink(db: Database, publicUrl: string): Promise<string | undefined> {
  const token = await createSetupToken(db);
  return token ? `${publicUrl}/admin/setup?token=${encodeURIComponent(token)}` : undefined;
}

export async function setupStatus(db: Database, token: string) {
  return { state: await setupState(db, token) };
}

/** Creates the instructor's account from the setup link and signs them in. */
export async function completeSetup(deps: AccountsDeps, body: SetupBody, ip: string) {
  const user = await deps.db.transaction(async (tx) => {
    const created = await createFirstAdmin(tx, { token: body.token, email: body.email, fullName: body.full_name, password: body.password });
    await recordAudit(
      tx,
      { id: created.id, email: created.email, name: created.fullName, ip },
      { action: 'admin.setup', entityType: 'user', entityId: created.id, summary: 'Studio set up: instructor account created', after: toUserDetails(created) },
    );
    return created;
  });
  const tokens = await issueTokens(deps, user);
  return { ...tokens, user: toUserDetails(user) };
}
