import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../../test/admin.js';
import { createTestApp, freshIp, latestEmail, linkIn, loginAs, STRONG_PASSWORD, type TestApp } from '../../../../test/helpers.js';
import { teamMessages, type TeamMember } from '../../../shared/team.js';
import { auditLog, users } from '../../db/schema/index.js';
import { runAdminCommand } from './cli.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
/** A reviewer made as the admin CLI makes one, signed in. */
async function reviewer() {
  const email = `reviewer${++counter}-${Date.now()}@example.com`;
  const made = await runAdminCommand(
    { db: t.handle.db, publicUrl: t.config.publicUrl },
    { command: 'create-user', email, name: 'Rita Reviewer', password: STRONG_PASSWORD, role: 'reviewer', admin: false, verified: false },
  );
  expect(made).toMatchObject({ exitCode: 0, output: expect.stringContaining('Created reviewer user') });
  const { access } = await loginAs(t, email);
  const headers = { authorization: `Bearer ${access}` };
  const [user] = await t.handle.db.select().from(users).where(eq(users.email, email));
  return {
    user: user!,
    headers,
    call: (method: Verb, url: string, payload?: unknown, extra: Record<string, unknown> = {}) => inject(method, url, payload, headers, extra),
  };
}
type Verb = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const inject = (method: Verb, url: string, payload: unknown, headers: Record<string, string>, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload: payload as string, headers, remoteAddress: freshIp(), ...extra });

/** The studio routes a reviewer may call: who they are, the project queue and reviews, letters. */
const reviewerRoute = (path: string) =>
  path === '/api/v1/admin/me/' || path.startsWith('/api/v1/admin/project-submissions/') || path.startsWith('/api/v1/admin/letters/');

describe('the reviewer role', () => {
  it('the admin CLI makes reviewers and admins (--role admin is --admin), and refuses an unknown role', async () => {
    const deps = { db: t.handle.db, publicUrl: t.config.publicUrl };
    const base = { command: 'create-user' as const, name: 'Ada Admin', password: STRONG_PASSWORD, admin: false, verified: false };
    const admin = await runAdminCommand(deps, { ...base, email: 'cli-admin@example.com', role: 'admin' });
    expect(admin.output).toContain('Created admin user cli-admin@example.com');
    const [row] = await t.handle.db.select().from(users).where(eq(users.email, 'cli-admin@example.com'));
    expect(row).toMatchObject({ isAdmin: true, isReviewer: false, isVerified: true });
    const odd = await runAdminCommand(deps, { ...base, email: 'cli-odd@example.com', role: 'owner' });
    expect(odd).toEqual({ exitCode: 2, output: '--role: admin, reviewer or student' });
    const mixed = await runAdminCommand(deps, { ...base, email: 'cli-odd@example.com', role: 'reviewer', admin: true });
    expect(mixed.exitCode).toBe(2);
    expect(await t.handle.db.select().from(users).where(eq(users.email, 'cli-odd@example.com'))).toEqual([]);
  });

  it('a reviewer is let into the studio as a reviewer', async () => {
    const r = await reviewer();
    const me = await r.call('GET', '/admin/me/');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user_id: r.user.id, email: r.user.email, full_name: 'Rita Reviewer', role: 'reviewer' });
    const admin = await signedIn(t, { isAdmin: true });
    expect((await admin.call('GET', '/admin/me/')).json().role).toBe('admin');
  });

  it('every other /api/v1/admin/ route in the OpenAPI document answers a reviewer 403, before the body is read', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const adminPaths = Object.entries(doc.paths).filter(([p]) => p.startsWith('/api/v1/admin/'));
    expect(adminPaths.length).toBeGreaterThan(40);
    const r = await reviewer();
    let refused = 0;
    for (const [template, methods] of adminPaths) {
      const url = template.replace('/api/v1', '').replace(/\{[^}]+\}/g, '1');
      for (const method of Object.keys(methods)) {
        const verb = method.toUpperCase() as Verb;
        // A body that cannot be parsed: a gate after the body would answer 400.
        const res = ['GET', 'DELETE'].includes(verb)
          ? await r.call(verb, url)
          : await r.call(verb, url, '{not json', { headers: { ...r.headers, 'content-type': 'application/json' } });
        if (reviewerRoute(template)) {
          expect(res.statusCode, `${verb} ${template} is open to reviewers`).not.toBe(403);
        } else {
          expect(res.statusCode, `${verb} ${template} (reviewer)`).toBe(403);
          refused++;
        }
      }
    }
    expect(refused).toBeGreaterThan(60);
  });

  it('a reviewer calling money routes gets 403 even with a body past the size limit, and nothing is written', async () => {
    const r = await reviewer();
    const huge = { code: 'X'.repeat(2 * 1024 * 1024) };
    for (const [verb, url] of [
      ['POST', '/admin/coupons/'],
      ['POST', '/admin/orders/LEC-1/refund/'],
      ['POST', '/admin/plans/'],
      ['PATCH', '/admin/settings/'],
    ] as const) {
      expect((await r.call(verb, url, huge)).statusCode, `${verb} ${url}`).toBe(403);
    }
    expect(await t.handle.db.select().from(auditLog).where(eq(auditLog.actorId, r.user.id))).toEqual([]);
  });

  it('a reviewer removed while signed in loses the studio at once', async () => {
    const r = await reviewer();
    expect((await r.call('GET', '/admin/me/')).statusCode).toBe(200);
    await t.handle.db.update(users).set({ isReviewer: false }).where(eq(users.id, r.user.id));
    expect((await r.call('GET', '/admin/me/')).statusCode).toBe(403);
  });
});

describe('Settings → Team', () => {
  it('an admin invites a reviewer by email: the account is made, the email links to setting a password, and then they sign in to the studio', async () => {
    const admin = await signedIn(t, { isAdmin: true, fullName: 'Asha Instructor' });
    const res = await admin.call('POST', '/admin/team/', { email: '  New.Reviewer@Example.com ', full_name: 'nina   reviewer' });
    expect(res.statusCode).toBe(201);
    const member = res.json<TeamMember>();
    expect(member).toMatchObject({ email: 'new.reviewer@example.com', full_name: 'nina reviewer', role: 'reviewer', pending: true });

    const list = (await admin.call('GET', '/admin/team/')).json<TeamMember[]>();
    expect(list[0]!.role).toBe('admin');
    expect(list.find((m) => m.user_id === member.user_id)).toEqual(member);

    const mail = await latestEmail(t, 'new.reviewer@example.com');
    expect(mail!.subject).toBe('You are invited to review projects on Lectern');
    expect(mail!.text).toContain('Asha Instructor invited you');
    const link = new URL(linkIn(mail!.text, /http:\/\/lectern\.test\/reset\/password\?\S+/));
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reset-password/',
      payload: { uid: link.searchParams.get('uid'), token: link.searchParams.get('token'), password: 'Review#Pass42', confirmPassword: 'Review#Pass42' },
      remoteAddress: freshIp(),
    });
    expect(reset.statusCode).toBe(200);
    const { access } = await loginAs(t, 'new.reviewer@example.com', 'Review#Pass42');
    const me = await inject('GET', '/admin/me/', undefined, { authorization: `Bearer ${access}` });
    expect(me.json()).toMatchObject({ role: 'reviewer', email: 'new.reviewer@example.com' });
    expect((await admin.call('GET', '/admin/team/')).json<TeamMember[]>().find((m) => m.user_id === member.user_id)!.pending).toBe(false);

    const [audit] = await t.handle.db.select().from(auditLog).where(eq(auditLog.action, 'team.invite'));
    expect(audit).toMatchObject({ actorId: admin.user.id, entityId: String(member.user_id) });
  });

  it('an existing student becomes a reviewer; inviting a reviewer or an admin again answers 409; bad input 400; nothing written', async () => {
    const admin = await signedIn(t, { isAdmin: true });
    const student = await signedIn(t, { fullName: 'Sam Student' });
    const res = await admin.call('POST', '/admin/team/', { email: student.user.email, full_name: 'Ignored Name' });
    expect(res.json()).toMatchObject({ user_id: student.user.id, full_name: 'Sam Student', role: 'reviewer', pending: false });
    expect((await student.call('GET', '/admin/me/')).json().role).toBe('reviewer');

    const again = await admin.call('POST', '/admin/team/', { email: student.user.email, full_name: 'Sam Student' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(teamMessages.alreadyReviewer);
    const otherAdmin = await signedIn(t, { isAdmin: true });
    const demote = await admin.call('POST', '/admin/team/', { email: otherAdmin.user.email, full_name: 'X Y', role: 'reviewer' });
    expect(demote.statusCode).toBe(409);
    expect((await otherAdmin.call('GET', '/admin/me/')).json().role).toBe('admin');

    const before = (await admin.call('GET', '/admin/team/')).json<TeamMember[]>();
    for (const body of [
      { email: 'not-an-email', full_name: 'Some One' },
      { email: 'someone@example.com', full_name: '' },
      { email: 'someone@example.com', full_name: 'Some One', role: 'owner' },
      { email: 'someone@example.com', full_name: 'Some One', is_admin: true },
      { email: `${'a'.repeat(300)}@example.com`, full_name: 'Some One' },
    ]) {
      expect((await admin.call('POST', '/admin/team/', body)).statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await admin.call('GET', '/admin/team/')).json()).toEqual(before);
    expect(await t.handle.db.select().from(users).where(eq(users.email, 'someone@example.com'))).toEqual([]);
  });

  it('an admin removes a reviewer (who loses the studio at once), but not an admin nor themselves; a reviewer cannot manage the team', async () => {
    const admin = await signedIn(t, { isAdmin: true });
    const r = await reviewer();
    expect((await r.call('GET', '/admin/team/')).statusCode).toBe(403);
    expect((await r.call('POST', '/admin/team/', { email: 'friend@example.com', full_name: 'Fr Iend' })).statusCode).toBe(403);
    expect((await r.call('DELETE', `/admin/team/${r.user.id}/`)).statusCode).toBe(403);

    const otherAdmin = await signedIn(t, { isAdmin: true });
    expect((await admin.call('DELETE', `/admin/team/${otherAdmin.user.id}/`)).json().detail).toBe(teamMessages.adminNotRemovable);
    expect((await admin.call('DELETE', `/admin/team/${admin.user.id}/`)).statusCode).toBe(409);
    const student = await signedIn(t);
    expect((await admin.call('DELETE', `/admin/team/${student.user.id}/`)).statusCode).toBe(404);

    const removed = await admin.call('DELETE', `/admin/team/${r.user.id}/`);
    expect(removed.statusCode).toBe(204);
    expect((await r.call('GET', '/admin/me/')).statusCode).toBe(403);
    expect((await admin.call('GET', '/admin/team/')).json<TeamMember[]>().some((m) => m.user_id === r.user.id)).toBe(false);
    const [row] = await t.handle.db.select().from(users).where(eq(users.id, r.user.id));
    expect(row).toMatchObject({ isReviewer: false, isAdmin: false });
    expect((await t.handle.db.select().from(auditLog).where(eq(auditLog.action, 'team.remove'))).map((a) => a.entityId)).toContain(String(r.user.id));
  });
});
