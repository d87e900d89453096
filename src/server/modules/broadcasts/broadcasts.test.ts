import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, visitorCall } from '../../../../test/admin.js';
import { createTestApp, createVerifiedUser, freshIp, latestEmail, loginAs, type TestApp } from '../../../../test/helpers.js';
import { firstPaidCourse } from '../../../../test/orders.js';
import type { AdminBroadcastDetail, AudienceCount, BroadcastRecipient } from '../../../shared/broadcasts.js';
import type { Page } from '../../../shared/admin.js';
import type { CourseListItem } from '../../../shared/catalog.js';
import {
  auditLog,
  broadcastRecipients,
  broadcasts,
  devMailbox,
  emailPreferences,
  enrolments,
  jobs,
  plans,
  subscriptions,
  users,
} from '../../db/schema/index.js';
import { preferencesToken } from './tokens.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let course: CourseListItem;

beforeAll(async () => {
  // Sent at once here; the pace itself is tested apart (below).
  t = await createTestApp({ env: { BROADCAST_RATE_PER_MINUTE: '10000' } });
  admin = await signedIn(t, { isAdmin: true, fullName: 'Ada Instructor' });
  course = await firstPaidCourse(t);
});
afterAll(() => t.close());

const drain = async (app = t.app) => {
  while ((await app.ctx.queue.runDue(50)) > 0) {
    // until nothing is due
  }
};

/** Verified students enrolled in the course (as the studio's grant does it), one of them finished if asked. */
async function students(n: number, options: { finished?: number; courseId?: number } = {}) {
  const made = [];
  for (let i = 0; i < n; i++) {
    const user = await createVerifiedUser(t, { fullName: `Broadcast Student ${i}` });
    await t.handle.db.insert(enrolments).values({
      userId: user.id,
      courseId: options.courseId ?? course.id,
      source: 'admin',
      courseStatus: i < (options.finished ?? 0) ? 'completed' : 'in_progress',
    });
    made.push(user);
  }
  return made;
}

const draft = async (body: Record<string, unknown> = {}) => {
  const res = await admin.call('POST', '/admin/broadcasts/', {
    subject: 'New lessons are up',
    html: '<h2>Fresh content</h2><p>Hello! Two new lessons on <a href="https://example.com/x">decorators</a>.</p>',
    audience: 'course_students',
    course_id: course.id,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminBroadcastDetail>();
};

const mailsTo = (email: string) => t.handle.db.select().from(devMailbox).where(eq(devMailbox.to, email)).orderBy(desc(devMailbox.id));
const tokenIn = (text: string) => /token=([\d]+\.[\d]+\.[A-Za-z0-9_-]{43})/.exec(text)?.[1];
const broadcastCount = async () => (await t.handle.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(broadcasts))[0]!.n;

describe('the studio broadcasts contract', () => {
  it('answers 401 to a visitor, 403 to a student and a reviewer, before the body is read', async () => {
    const student = await signedIn(t);
    const reviewer = await signedIn(t);
    await t.handle.db.update(users).set({ isReviewer: true }).where(eq(users.id, reviewer.user.id));
    const calls: ['GET' | 'POST' | 'PATCH' | 'DELETE', string][] = [
      ['GET', '/admin/broadcasts/'],
      ['POST', '/admin/broadcasts/'],
      ['GET', '/admin/broadcasts/audience/?audience=all'],
      ['GET', '/admin/broadcasts/1/'],
      ['GET', '/admin/broadcasts/1/recipients/'],
      ['PATCH', '/admin/broadcasts/1/'],
      ['DELETE', '/admin/broadcasts/1/'],
      ['POST', '/admin/broadcasts/1/send/'],
      ['POST', '/admin/broadcasts/1/unschedule/'],
      ['POST', '/admin/broadcasts/1/test/'],
    ];
    const before = await broadcastCount();
    for (const [method, url] of calls) {
      // A body that would be refused anyway: the role is checked first.
      expect((await visitorCall(t, method, url, { subject: '' })).statusCode, `${method} ${url}`).toBe(401);
      expect((await student.call(method, url, { subject: 'x', html: '<p>x</p>', audience: 'all' })).statusCode, `${method} ${url}`).toBe(403);
      expect((await reviewer.call(method, url, { subject: 'x', html: '<p>x</p>', audience: 'all' })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await broadcastCount()).toBe(before);
  });

  it('refuses malformed bodies field by field and writes nothing', async () => {
    const before = await broadcastCount();
    const cases: [unknown, string][] = [
      [{ html: '<p>x</p>', audience: 'all' }, 'subject'],
      [{ subject: '   ', html: '<p>x</p>', audience: 'all' }, 'subject'],
      [{ subject: 'x'.repeat(201), html: '<p>x</p>', audience: 'all' }, 'subject'],
      [{ subject: 'Hi', html: '', audience: 'all' }, 'html'],
      [{ subject: 'Hi', html: 42, audience: 'all' }, 'html'],
      [{ subject: 'Hi', html: '<p>x</p>', audience: 'everyone' }, 'audience'],
      [{ subject: 'Hi', html: '<p>x</p>', audience: 'course_students' }, 'course_id'],
      [{ subject: 'Hi', html: '<p>x</p>', audience: 'course_unfinished', course_id: 'abc' }, 'course_id'],
      [{ subject: 'Hi', html: '<p>x</p>', audience: 'course_students', course_id: 99_999_999_999 }, 'course_id'],
      [{ subject: 'Hi', html: '<p>x</p>', audience: 'course_students', course_id: 2_000_000_000 }, 'course_id'],
      [{ subject: 'Hi', html: '<p>x</p>', audience: 'all', course_id: course.id }, 'course_id'],
      [{ subject: 'Hi', html: '<p>x</p>', audience: 'all', total: 3 }, 'non_field_errors'],
      // Nothing left to read once sanitised.
      [{ subject: 'Hi', html: '<script>alert(1)</script><img src=x onerror=alert(1)>', audience: 'all' }, 'html'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.call('POST', '/admin/broadcasts/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json<Record<string, unknown>>()), JSON.stringify(body)).toContain(field);
    }
    expect(
      (await admin.call('POST', '/admin/broadcasts/', '{"subject":', { headers: { ...admin.headers, 'content-type': 'application/json' } })).statusCode,
    ).toBe(400);
    expect(await broadcastCount()).toBe(before);
  });

  it('sanitises hostile HTML with the rich-text sanitiser and makes the plain-text part', async () => {
    const made = await draft({
      html: '<p onclick="steal()">Hello <strong>class</strong></p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">click</a><iframe src="https://evil.test"></iframe><ul><li>one</li><li>two</li></ul><p><a href="https://example.com/a?b=1&amp;c=2">the page</a></p>',
    });
    expect(made.html).not.toMatch(/script|onerror|onclick|javascript:|iframe|<img/i);
    expect(made.html).toContain('<strong>class</strong>');
    expect(made.text).toBe('Hello class\n\nclick\n\n- one\n- two\n\nthe page (https://example.com/a?b=1&c=2)');
    const detail = (await admin.call('GET', `/admin/broadcasts/${made.id}/`)).json<AdminBroadcastDetail>();
    expect(detail.html).toBe(made.html);
    const [audit] = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'broadcast.create'), eq(auditLog.entityId, String(made.id))));
    expect(audit?.actorId).toBe(admin.user.id);
  });

  it('refuses a schedule in the past or malformed, and edits only drafts', async () => {
    const made = await draft();
    for (const at of ['2020-01-01T00:00:00Z', 'tomorrow', new Date(Date.now() + 400 * 86_400_000).toISOString()]) {
      const res = await admin.call('POST', `/admin/broadcasts/${made.id}/send/`, { at });
      expect(res.statusCode, at).toBe(400);
      expect(res.json()).toHaveProperty('at');
    }
    expect((await admin.call('POST', `/admin/broadcasts/${made.id}/send/`, { at: null })).statusCode).toBe(400);
    expect((await admin.call('POST', `/admin/broadcasts/${made.id}/send/`, { when: 'now' })).statusCode).toBe(400);
    const patched = await admin.call('PATCH', `/admin/broadcasts/${made.id}/`, { audience: 'all' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ audience: 'all', course_id: null, status: 'draft' });
    expect((await admin.call('PATCH', `/admin/broadcasts/${made.id}/`, { audience: 'course_unfinished' })).statusCode).toBe(400);
    expect((await admin.call('PATCH', `/admin/broadcasts/${made.id}/`, { course_id: course.id })).statusCode).toBe(400);
    expect((await admin.call('GET', '/admin/broadcasts/999999/')).statusCode).toBe(404);
    expect((await admin.call('GET', '/admin/broadcasts/abc/')).statusCode).toBe(400);
  });
});

describe('audiences', () => {
  it('counts who an audience reaches: course students, the unfinished, never admins, blocked or unverified accounts', async () => {
    const [done, going, blocked] = await students(3, { finished: 1 });
    await t.handle.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, blocked!.id));
    const unverified = await createVerifiedUser(t);
    await t.handle.db.update(users).set({ isVerified: false }).where(eq(users.id, unverified.id));
    await t.handle.db.insert(enrolments).values({ userId: unverified.id, courseId: course.id, source: 'free' });
    await t.handle.db.insert(enrolments).values({ userId: admin.user.id, courseId: course.id, source: 'admin' });

    const made = await draft();
    expect((await admin.call('POST', `/admin/broadcasts/${made.id}/send/`, {})).statusCode).toBe(200);
    const rows = await t.handle.db.select().from(broadcastRecipients).where(eq(broadcastRecipients.broadcastId, made.id));
    const ids = rows.map((r) => r.userId);
    expect(ids).toEqual(expect.arrayContaining([done!.id, going!.id]));
    expect(ids).not.toContain(blocked!.id);
    expect(ids).not.toContain(unverified.id);
    expect(ids).not.toContain(admin.user.id);
    const count = (await admin.call('GET', `/admin/broadcasts/audience/?audience=course_students&course_id=${course.id}`)).json<AudienceCount>();
    expect(count.count).toBe(rows.length);

    const unfinished = await draft({ audience: 'course_unfinished' });
    await admin.call('POST', `/admin/broadcasts/${unfinished.id}/send/`, {});
    const left = (await t.handle.db.select().from(broadcastRecipients).where(eq(broadcastRecipients.broadcastId, unfinished.id))).map((r) => r.userId);
    expect(left).toContain(going!.id);
    expect(left).not.toContain(done!.id);
    await drain();
  });

  it('refuses an audience query without its course, or with a course that does not exist', async () => {
    expect((await admin.call('GET', '/admin/broadcasts/audience/?audience=course_students')).statusCode).toBe(400);
    expect((await admin.call('GET', '/admin/broadcasts/audience/?audience=course_students&course_id=999999')).statusCode).toBe(400);
    expect((await admin.call('GET', '/admin/broadcasts/audience/?audience=nobody')).statusCode).toBe(400);
  });

  it('members now, members before, and free learners (who never paid nor held a membership)', async () => {
    const [plan] = await t.handle.db.select({ id: plans.id }).from(plans).limit(1);
    const member = await createVerifiedUser(t);
    const former = await createVerifiedUser(t);
    const buyer = await createVerifiedUser(t);
    const learner = await createVerifiedUser(t);
    const membership = { planId: plan!.id, paymentMethod: 'manual' as const, region: 'US', currency: 'USD', amount: 0, startDate: new Date('2025-01-01') };
    await t.handle.db.insert(subscriptions).values([
      { ...membership, userId: member.id, status: 'active', endDate: new Date(Date.now() + 30 * 86_400_000) },
      { ...membership, userId: former.id, status: 'expired', endDate: new Date('2025-02-01'), endedAt: new Date('2025-02-01') },
    ]);
    await t.handle.db.update(users).set({ firstPurchaseAt: new Date() }).where(eq(users.id, buyer.id));
    const who = async (audience: string) => {
      const made = await draft({ audience, course_id: null });
      expect((await admin.call('POST', `/admin/broadcasts/${made.id}/send/`, {})).statusCode).toBe(200);
      const rows = await t.handle.db.select().from(broadcastRecipients).where(eq(broadcastRecipients.broadcastId, made.id));
      const count = (await admin.call('GET', `/admin/broadcasts/audience/?audience=${audience}`)).json<AudienceCount>();
      expect(count.count, audience).toBe(rows.length);
      return new Set(rows.map((r) => r.userId));
    };
    const active = await who('members_active');
    expect([active.has(member.id), active.has(former.id), active.has(learner.id)]).toEqual([true, false, false]);
    const ended = await who('members_ended');
    expect([ended.has(member.id), ended.has(former.id), ended.has(learner.id)]).toEqual([false, true, false]);
    const free = await who('free_learners');
    expect([free.has(member.id), free.has(former.id), free.has(buyer.id), free.has(learner.id)]).toEqual([false, false, false, true]);
    const all = await who('all');
    expect([member, former, buyer, learner].every((u) => all.has(u.id))).toBe(true);
    await drain();
  });
});

describe('sending a broadcast', () => {
  it('goes to every student once, with the one-click unsubscribe headers, a footer link and a plain-text part; counts follow', async () => {
    const people = await students(2);
    const made = await draft({ subject: 'Office hours on Friday' });
    const test = await admin.call('POST', `/admin/broadcasts/${made.id}/test/`);
    expect(test.json()).toEqual({ to: admin.user.email });
    expect((await mailsTo(admin.user.email))[0]?.subject).toBe('[Test] Office hours on Friday');

    const sent = await admin.call('POST', `/admin/broadcasts/${made.id}/send/`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'sending', counts: { queued: expect.any(Number), sent: 0 } });
    // A second click sends nobody twice.
    expect((await admin.call('POST', `/admin/broadcasts/${made.id}/send/`, {})).statusCode).toBe(409);
    expect((await admin.call('PATCH', `/admin/broadcasts/${made.id}/`, { subject: 'Changed' })).statusCode).toBe(409);
    expect((await admin.call('DELETE', `/admin/broadcasts/${made.id}/`)).statusCode).toBe(409);
    await drain();

    const detail = (await admin.call('GET', `/admin/broadcasts/${made.id}/`)).json<AdminBroadcastDetail>();
    expect(detail.status).toBe('sent');
    expect(detail.counts).toEqual({ recipients: detail.counts.sent, queued: 0, sent: detail.counts.recipients, failed: 0, unsubscribed: 0 });
    for (const person of people) {
      const mails = (await mailsTo(person.email)).filter((m) => m.subject === 'Office hours on Friday');
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      const token = tokenIn(mail.text)!;
      expect(mail.headers['List-Unsubscribe']).toBe(
        `<${t.config.publicUrl}/api/v1/email-preferences/unsubscribe/?token=${token}>, <mailto:${admin.user.email}?subject=Unsubscribe>`,
      );
      expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.html).toContain(`href="${t.config.publicUrl}/email-preferences?token=${token}"`);
      expect(mail.html).toContain(`because you are a student of ${course.title}`);
      expect(mail.text).toContain('Hello! Two new lessons on decorators (https://example.com/x).');
      expect(mail.text).toContain(`Unsubscribe from these emails: ${t.config.publicUrl}/email-preferences?token=${token}`);
    }
    const recipients = (await admin.call('GET', `/admin/broadcasts/${made.id}/recipients/?status=sent&page_size=100`)).json<Page<BroadcastRecipient>>();
    expect(recipients.results.map((r) => r.email)).toEqual(expect.arrayContaining(people.map((p) => p.email)));
    expect(recipients.results.every((r) => r.status === 'sent' && r.sent_at)).toBe(true);

    // The development mailbox's JSON shows each message's headers.
    const box = (await t.app.inject({ url: '/api/v1/dev/mailbox/' })).json<{ messages: { to: string; headers: Record<string, string> }[] }>();
    expect(box.messages.find((m) => m.to === people[0]!.email)?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('a scheduled broadcast waits for its time, can be unscheduled, and an empty audience sends nothing', async () => {
    const made = await draft();
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await admin.call('POST', `/admin/broadcasts/${made.id}/send/`, { at });
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', scheduled_at: at });
    await drain();
    expect((await admin.call('GET', `/admin/broadcasts/${made.id}/`)).json()).toMatchObject({ status: 'scheduled', counts: { recipients: 0 } });
    // Its time comes.
    await t.handle.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.name, 'broadcast.start'));
    await drain();
    const started = (await admin.call('GET', `/admin/broadcasts/${made.id}/`)).json<AdminBroadcastDetail>();
    expect(started.status).toBe('sent');
    expect(started.counts.sent).toBeGreaterThan(0);

    const later = await draft();
    await admin.call('POST', `/admin/broadcasts/${later.id}/send/`, { at });
    expect((await admin.call('POST', `/admin/broadcasts/${later.id}/unschedule/`)).json()).toMatchObject({ status: 'draft', scheduled_at: null });
    await t.handle.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.name, 'broadcast.start'));
    await drain();
    expect((await admin.call('GET', `/admin/broadcasts/${later.id}/`)).json()).toMatchObject({ status: 'draft', counts: { recipients: 0 } });

    // A course nobody studies: sending now is refused and changes nothing.
    const categoryId = (await admin.call('GET', '/admin/categories/')).json<{ id: number }[]>()[0]!.id;
    const fresh = await admin.call('POST', '/admin/courses/', {
      title: 'Nobody Here Yet',
      subtitle: 'A course without students',
      slug: 'nobody-here-yet',
      course_type: 'paid',
      complexity: 'Beginner',
      category_id: categoryId,
      course_description: '<p>Soon.</p>',
      what_you_will_learn: ['Patience'],
    });
    expect(fresh.statusCode, fresh.body).toBe(201);
    const nobody = await draft({ course_id: fresh.json<{ id: number }>().id });
    const res = await admin.call('POST', `/admin/broadcasts/${nobody.id}/send/`, {});
    expect(res.statusCode).toBe(409);
    expect((await admin.call('GET', `/admin/broadcasts/${nobody.id}/`)).json()).toMatchObject({ status: 'draft', counts: { recipients: 0 } });
  });
});

describe('unsubscribing', () => {
  it('one click stops broadcasts only: the next broadcast skips them, their receipt still arrives', async () => {
    const [leaver, stayer] = await students(2);
    const first = await draft({ subject: 'Week one' });
    await admin.call('POST', `/admin/broadcasts/${first.id}/send/`, {});
    await drain();
    const mail = (await mailsTo(leaver!.email))[0]!;
    const oneClick = /<([^>]+)>/.exec(mail.headers['List-Unsubscribe']!)![1]!;
    const url = oneClick.replace(t.config.publicUrl, '');

    // Forged and tampered tokens: 400, nothing written.
    const token = tokenIn(mail.text)!;
    const [userId, broadcastId, mac] = token.split('.');
    const flipped = `${mac!.slice(0, 10)}${mac![10] === 'A' ? 'B' : 'A'}${mac!.slice(11)}`;
    for (const bad of [
      `${stayer!.id}.${broadcastId}.${mac}`,
      `${userId}.${Number(broadcastId) + 1}.${mac}`,
      `${userId}.${broadcastId}.${flipped}`,
      `0${userId}.${broadcastId}.${mac}`,
      `${userId}.${broadcastId}`,
      'x'.repeat(200),
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/email-preferences/unsubscribe/?token=${encodeURIComponent(bad)}`,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode, bad).toBe(400);
      expect((await t.app.inject({ url: `/api/v1/email-preferences/?token=${encodeURIComponent(bad)}`, remoteAddress: freshIp() })).statusCode).toBe(400);
    }
    expect(await t.handle.db.select().from(emailPreferences)).toEqual([]);

    // A browser opening the link is sent to the page; a GET never unsubscribes.
    const opened = await t.app.inject({ url, remoteAddress: freshIp() });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/email-preferences?token=${token}`);
    expect((await t.app.inject({ url: `/api/v1/email-preferences/?token=${token}`, remoteAddress: freshIp() })).json()).toEqual({
      email: leaver!.email,
      broadcasts: true,
    });

    // RFC 8058's POST, as a mailbox provider sends it: no sign-in, a form body.
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email: leaver!.email, broadcasts: false });
    // A multipart form and an empty body work too (and a second click changes nothing).
    const boundary = 'x-lectern-boundary';
    const multipart = await t.app.inject({
      method: 'POST',
      url,
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      remoteAddress: freshIp(),
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect((await t.app.inject({ method: 'POST', url, remoteAddress: freshIp() })).statusCode).toBe(200);
    expect((await admin.call('GET', `/admin/broadcasts/${first.id}/`)).json<AdminBroadcastDetail>().counts.unsubscribed).toBe(1);
    const row = (await admin.call('GET', `/admin/broadcasts/${first.id}/recipients/?search=${encodeURIComponent(leaver!.email)}`)).json<
      Page<BroadcastRecipient>
    >();
    expect(row.results[0]).toMatchObject({ status: 'sent', unsubscribed_at: expect.any(String) });

    // The next broadcast skips them; the audience count says so.
    const count = (await admin.call('GET', `/admin/broadcasts/audience/?audience=course_students&course_id=${course.id}`)).json<AudienceCount>();
    expect(count.unsubscribed).toBe(1);
    const second = await draft({ subject: 'Week two' });
    await admin.call('POST', `/admin/broadcasts/${second.id}/send/`, {});
    await drain();
    expect((await mailsTo(leaver!.email)).map((m) => m.subject)).not.toContain('Week two');
    expect((await mailsTo(stayer!.email)).map((m) => m.subject)).toContain('Week two');

    // Their receipt still arrives: a purchase is not a broadcast.
    const { access } = await loginAs(t, leaver!.email);
    const other = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>().find((c) => c.course_type === 'paid' && c.id !== course.id)!;
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/v1/create-order/',
      headers: { authorization: `Bearer ${access}` },
      remoteAddress: freshIp(),
      payload: {
        full_name: leaver!.fullName,
        email: leaver!.email,
        phone_number: '+1 415 555 0100',
        address_line_1: '500 Market St',
        country: 'United States',
        state: 'California',
        city: 'San Francisco',
        pin_code: '94105',
        courses: [other.id],
        total: 0,
        payment_method: 'Full_Discount',
        coupon_code: 'FREECOURSE',
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    expect((await latestEmail(t, leaver!.email))?.subject).toMatch(/receipt/);

    // Back on from the preferences page; a hostile body is refused and changes nothing.
    const prefs = `/api/v1/email-preferences/?token=${token}`;
    expect((await t.app.inject({ method: 'PUT', url: prefs, payload: { broadcasts: 'yes' }, remoteAddress: freshIp() })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: prefs, payload: { broadcasts: true, email: 'x@y.z' }, remoteAddress: freshIp() })).statusCode).toBe(400);
    const back = await t.app.inject({ method: 'PUT', url: prefs, payload: { broadcasts: true }, remoteAddress: freshIp() });
    expect(back.json()).toEqual({ email: leaver!.email, broadcasts: true });
    const third = await draft({ subject: 'Week three' });
    await admin.call('POST', `/admin/broadcasts/${third.id}/send/`, {});
    await drain();
    expect((await mailsTo(leaver!.email)).map((m) => m.subject)).toContain('Week three');
  });

  it('a signed-in person turns broadcasts off and on for their own account only; a visitor and a malformed body change nothing', async () => {
    const me = await signedIn(t, { fullName: 'Prefs Student' });
    const other = await signedIn(t, { fullName: 'Other Student' });
    await t.handle.db.insert(enrolments).values({ userId: me.user.id, courseId: course.id, source: 'admin', courseStatus: 'in_progress' });
    expect((await me.call('GET', '/email-preferences/me/')).json()).toEqual({ email: me.user.email, broadcasts: true });

    expect((await visitorCall(t, 'GET', '/email-preferences/me/')).statusCode).toBe(401);
    expect((await visitorCall(t, 'PUT', '/email-preferences/me/', { broadcasts: false })).statusCode).toBe(401);
    for (const body of [{ broadcasts: 'no' }, { broadcasts: false, user_id: other.user.id }, {}])
      expect((await me.call('PUT', '/email-preferences/me/', body)).statusCode).toBe(400);
    expect(await t.handle.db.select().from(emailPreferences).where(eq(emailPreferences.userId, me.user.id))).toEqual([]);

    const off = await me.call('PUT', '/email-preferences/me/', { broadcasts: false });
    expect(off.json()).toEqual({ email: me.user.email, broadcasts: false });
    expect((await other.call('GET', '/email-preferences/me/')).json()).toEqual({ email: other.user.email, broadcasts: true });
    // The link's page reads the same choice, and the next broadcast skips them.
    const token = preferencesToken(t.config.jwtSecret, me.user.id, 0);
    expect((await t.app.inject({ url: `/api/v1/email-preferences/?token=${token}`, remoteAddress: freshIp() })).json()).toMatchObject({ broadcasts: false });
    const skipped = await draft({ subject: 'Signed-in opt-out' });
    await admin.call('POST', `/admin/broadcasts/${skipped.id}/send/`, {});
    await drain();
    expect((await mailsTo(me.user.email)).map((m) => m.subject)).not.toContain('Signed-in opt-out');

    expect((await me.call('PUT', '/email-preferences/me/', { broadcasts: true })).json()).toEqual({ email: me.user.email, broadcasts: true });
  });

  it('someone who unsubscribes while a broadcast is on its way is skipped and counted', async () => {
    const [late] = await students(1);
    const made = await draft({ subject: 'Midway' });
    await admin.call('POST', `/admin/broadcasts/${made.id}/send/`, {});
    const token = preferencesToken(t.config.jwtSecret, late!.id, 0);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/v1/email-preferences/?token=${token}`, payload: { broadcasts: false }, remoteAddress: freshIp() }))
        .statusCode,
    ).toBe(200);
    await drain();
    expect((await mailsTo(late!.email)).map((m) => m.subject)).not.toContain('Midway');
    const row = (await admin.call('GET', `/admin/broadcasts/${made.id}/recipients/?status=unsubscribed`)).json<Page<BroadcastRecipient>>();
    expect(row.results.map((r) => r.email)).toContain(late!.email);
    expect((await admin.call('GET', `/admin/broadcasts/${made.id}/`)).json<AdminBroadcastDetail>().counts.unsubscribed).toBeGreaterThanOrEqual(1);
    await t.app.inject({ method: 'PUT', url: `/api/v1/email-preferences/?token=${token}`, payload: { broadcasts: true }, remoteAddress: freshIp() });
  });
});
