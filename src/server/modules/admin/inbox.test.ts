/** Issue 12: the studio's Q&A inbox and contact inbox (/api/v1/admin/questions/, /api/v1/admin/contact-messages/). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, visitorCall } from '../../../../test/admin.js';
import { createTestApp, freshIp, latestEmail, type TestApp } from '../../../../test/helpers.js';
import type { CourseDetail, CourseListItem } from '../../../shared/catalog.js';
import type { AdminQuestionPage, ContactMessageItem, ContactMessagePage } from '../../../shared/inbox.js';
import { auditLog, devMailbox } from '../../db/schema/index.js';

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));
async function open(env: Record<string, string> = {}) {
  const t = await createTestApp({ env });
  apps.push(t);
  const courses = (await t.app.inject({ url: '/api/v1/courses/' })).json<CourseListItem[]>();
  const free = courses.filter((c) => c.course_type === 'free');
  return { t, free: free[0]!, other: free[1] ?? courses.find((c) => c.id !== free[0]!.id)! };
}

const drain = async (t: TestApp) => {
  while ((await t.app.ctx.queue.runDue(50)) > 0) {
    // deliver every queued mail
  }
};
const mailsTo = async (t: TestApp, to: string) => {
  await drain(t);
  return t.handle.db.select().from(devMailbox).where(eq(devMailbox.to, to));
};
const auditRows = (t: TestApp, action: string) => t.handle.db.select().from(auditLog).where(eq(auditLog.action, action));
const expect4xx = (status: number, what: string) => {
  expect(status, what).toBeGreaterThanOrEqual(400);
  expect(status, what).toBeLessThan(500);
};

// One app for the gate, the Q&A inbox and the contact inbox (each test makes its own people and data).
let t: TestApp;
let free: CourseListItem;
let other: CourseListItem;
beforeAll(async () => {
  ({ t, free, other } = await open());
});

describe('the gate on the inbox routes', () => {
  it('a visitor gets 401 and a student 403 on every inbox route, before a huge body is read', async () => {
    const student = await signedIn(t);
    const huge = { body: 'x'.repeat(2 * 1024 * 1024), handled: true };
    const routes = [
      ['GET', '/admin/questions/?answered=false'],
      ['POST', '/admin/questions/1/answers/'],
      ['GET', '/admin/contact-messages/'],
      ['PATCH', '/admin/contact-messages/1/'],
    ] as const;
    for (const [verb, url] of routes) {
      const payload = verb === 'GET' ? undefined : huge;
      expect((await visitorCall(t, verb, url, payload)).statusCode, `${verb} ${url} visitor`).toBe(401);
      expect((await student.call(verb, url, payload)).statusCode, `${verb} ${url} student`).toBe(403);
    }
  });
});

describe('Q&A inbox', () => {
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    admin = await signedIn(t, { isAdmin: true, email: 'owner@school.test', fullName: 'Olga Owner' });
  });

  const ask = async (learner: Awaited<ReturnType<typeof signedIn>>, body: { course_id: number; lesson_id?: number; title: string; body: string }) => {
    const res = await learner.call('POST', '/questions/', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>();
  };
  const inbox = async (query = '') => {
    const res = await admin.call('GET', `/admin/questions/${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminQuestionPage>();
  };

  it('emails the instructor (the first admin) for each new question, with the student, course and lesson', async () => {
    const learner = await signedIn(t, { fullName: 'Ravi Kumar' });
    await learner.call('POST', `/free-enroll/${free.id}/`);
    const detail = (await t.app.inject({ url: `/api/v1/courses/${free.slug}/` })).json<CourseDetail>();
    const lesson = detail.sections[0]!.lessons[0]!;
    await ask(learner, { course_id: free.id, lesson_id: lesson.id, title: 'Which Python version?', body: 'Is 3.12 fine for <b>this</b> course?' });
    const mails = await mailsTo(t, 'owner@school.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('New question from Ravi Kumar: Which Python version?');
    expect(mails[0]!.text).toContain(free.title);
    expect(mails[0]!.text).toContain(lesson.lesson_title);
    expect(mails[0]!.text).toContain('http://lectern.test/admin/questions');
    expect(mails[0]!.html).toContain('Is 3.12 fine for &lt;b&gt;this&lt;/b&gt; course?');
  });

  it('lists unanswered first with student, course, lesson and answers; filters and pages on the server', async () => {
    const ana = await signedIn(t, { fullName: 'Ana Silva', email: 'ana@example.com' });
    await ana.call('POST', `/free-enroll/${free.id}/`);
    await ana.call('POST', `/free-enroll/${other.id}/`);
    const first = await ask(ana, { course_id: free.id, title: 'First question', body: 'Asked before the others.' });
    const second = await ask(ana, { course_id: other.id, title: 'Second question', body: 'On the other course.' });
    const third = await ask(ana, { course_id: free.id, title: 'Third question', body: 'The newest one of all.' });

    const answer = await admin.call('POST', `/admin/questions/${first.id}/answers/`, { body: 'Here is the answer.' });
    expect(answer.statusCode, answer.body).toBe(201);
    expect((await latestEmail(t, 'ana@example.com'))!.subject).toBe('Your question has an answer: First question');

    const all = await inbox();
    const ids = all.results.map((q) => q.id);
    expect(ids.indexOf(third.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const flags = all.results.map((q) => q.answered);
    expect(flags).toEqual([...flags].sort((a, b) => Number(a) - Number(b)));
    expect(all.unanswered).toBe(all.results.filter((q) => !q.answered).length);
    const answered = all.results.find((q) => q.id === first.id)!;
    expect(answered).toMatchObject({
      answered: true,
      title: 'First question',
      course: { id: free.id, title: free.title },
      lesson: null,
      student: { id: ana.user.id, email: 'ana@example.com', full_name: 'Ana Silva' },
    });
    expect(answered.answers).toEqual([expect.objectContaining({ body: 'Here is the answer.', author: 'Olga Owner', is_instructor: true })]);
    expect((await inbox('?answered=true')).results.map((q) => q.id)).toEqual([first.id]);
    expect((await inbox('?answered=false')).results.every((q) => !q.answered)).toBe(true);
    expect((await inbox(`?course_id=${other.id}`)).results.map((q) => q.id)).toEqual([second.id]);
    expect((await inbox(`?course_id=${other.id}&answered=true`)).count).toBe(0);
    const paged = await inbox('?page_size=1&page=2');
    expect(paged).toMatchObject({ count: all.count, page: 2, page_size: 1 });
    expect(paged.results.map((q) => q.id)).toEqual([ids[1]]);
    expect((await inbox('?page=300')).results).toEqual([]);

    const audit = (await auditRows(t, 'question.answer')).find((r) => r.entityId === String(first.id))!;
    expect(audit).toMatchObject({ before: { answers: 0 }, after: { answers: 1, answer: 'Here is the answer.' } });
  });

  it('refuses bad filters per field, and hostile input with 4xx', async () => {
    const bad = await admin.call('GET', '/admin/questions/?answered=maybe&course_id=abc&page_size=0&page=-1');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['answered', 'course_id', 'page', 'page_size']);
    expect(bad.json().answered).toEqual(['Use true or false.']);
    expect(bad.json().course_id).toEqual(['Choose a course.']);
    for (const query of ["?course_id=1'%20or%20'1'='1", '?course_id=99999999999999999999', '?page=100000', '?page_size=101', '?answered=true&answered=false']) {
      expect4xx((await admin.call('GET', `/admin/questions/${query}`)).statusCode, query);
    }
    expect((await admin.call('GET', '/admin/questions/?course_id=2147483647')).json()).toMatchObject({ count: 0, results: [] });

    const empty = await admin.call('POST', '/admin/questions/1/answers/', { body: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ body: ['Write an answer.'] });
    expect((await admin.call('POST', '/admin/questions/1/answers/', { body: 'x'.repeat(5001) })).json()).toHaveProperty('body');
    expect((await admin.call('POST', '/admin/questions/1/answers/', { body: 42 })).statusCode).toBe(400);
    expect((await admin.call('POST', '/admin/questions/1/answers/', { body: 'x'.repeat(2 * 1024 * 1024) })).statusCode).toBe(413);
    expect((await admin.call('POST', '/admin/questions/2147483647/answers/', { body: 'An answer to nothing' })).statusCode).toBe(404);
    for (const junk of ['%00', '..', '0', '-1', '1e3', "1'or'1'='1"]) {
      expect4xx((await admin.call('POST', `/admin/questions/${junk}/answers/`, { body: 'An answer' })).statusCode, junk);
    }
  });
});

describe('the instructor address for new questions', { timeout: 90_000 }, () => {
  it('is SUPPORT_EMAIL when configured, and an admin asking does not mail themselves', async () => {
    const { t: app, free: course } = await open({ SUPPORT_EMAIL: 'support@school.test' });
    const owner = await signedIn(app, { isAdmin: true, email: 'owner2@school.test' });
    const learner = await signedIn(app);
    await learner.call('POST', `/free-enroll/${course.id}/`);
    expect((await learner.call('POST', '/questions/', { course_id: course.id, title: 'Where are the slides?', body: 'I cannot find them.' })).statusCode).toBe(
      201,
    );
    expect(await mailsTo(app, 'support@school.test')).toHaveLength(1);
    expect(await mailsTo(app, 'owner2@school.test')).toHaveLength(0);
    expect((await owner.call('POST', '/questions/', { course_id: course.id, title: 'Testing my own Q&A', body: 'Does this show up?' })).statusCode).toBe(201);
    expect(await mailsTo(app, 'support@school.test')).toHaveLength(1);
  });
});

describe('contact inbox', () => {
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    admin = await signedIn(t, { isAdmin: true });
  });

  const contact = async (name: string, message: string) => {
    const payload = { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com`, role: 'client', specify: '', message };
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/contact/', payload, remoteAddress: freshIp() });
    expect(res.statusCode, res.body).toBe(200);
  };
  const list = async (query = '') => {
    const res = await admin.call('GET', `/admin/contact-messages/${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ContactMessagePage>();
  };

  it('lists newest first, marks handled and back, each audited with before and after', async () => {
    await contact('Mira Patel', 'Can you run a workshop for our team?');
    await contact('Tom Berg', "Robert'); DROP TABLE contact_messages;-- <script>alert(1)</script>");
    const page = await list();
    expect(page.results.map((m) => m.name)).toEqual(['Tom Berg', 'Mira Patel']);
    expect(page).toMatchObject({ count: 2, unhandled: 2, page: 1 });
    expect(page.results[0]).toMatchObject({ email: 'tom@example.com', role: 'client', handled: false, handled_at: null });
    expect(page.results[0]!.message).toContain('<script>');
    const mira = page.results[1]!;

    const done = await admin.call('PATCH', `/admin/contact-messages/${mira.id}/`, { handled: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<ContactMessageItem>()).toMatchObject({ id: mira.id, handled: true });
    expect(done.json<ContactMessageItem>().handled_at).not.toBeNull();
    expect((await list('?handled=true')).results.map((m) => m.id)).toEqual([mira.id]);
    expect((await list('?handled=false')).results.map((m) => m.name)).toEqual(['Tom Berg']);
    expect((await list()).unhandled).toBe(1);
    expect((await list('?page_size=1&page=2')).results.map((m) => m.id)).toEqual([mira.id]);

    const [handledRow] = await auditRows(t, 'contact.handled');
    expect(handledRow).toMatchObject({
      actorId: admin.user.id,
      entityType: 'contact_message',
      entityId: String(mira.id),
      before: { handled: false, handled_at: null },
      after: { handled: true },
    });

    const undone = await admin.call('PATCH', `/admin/contact-messages/${mira.id}/`, { handled: false });
    expect(undone.json<ContactMessageItem>()).toMatchObject({ handled: false, handled_at: null });
    const [unhandledRow] = await auditRows(t, 'contact.unhandled');
    expect(unhandledRow).toMatchObject({ before: { handled: true }, after: { handled: false, handled_at: null } });
    expect((await list()).unhandled).toBe(2);
  });

  it('refuses bad input per field and hostile input with 4xx, writing nothing', async () => {
    const bad = await admin.call('GET', '/admin/contact-messages/?handled=yes&page_size=500');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['handled', 'page_size']);

    await contact('Lena Ortiz', 'A message to mark.');
    const { id } = (await list()).results[0]!;
    const before = (await auditRows(t, 'contact.handled')).length;
    const wrong = await admin.call('PATCH', `/admin/contact-messages/${id}/`, { handled: 'yes' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ handled: ['Use true or false.'] });
    expect((await admin.call('PATCH', `/admin/contact-messages/${id}/`, {})).json()).toHaveProperty('handled');
    expect((await admin.call('PATCH', `/admin/contact-messages/${id}/`, { handled: true, handled_at: '2020-01-01' })).statusCode).toBe(400);
    expect((await admin.call('PATCH', `/admin/contact-messages/${id}/`, { handled: true, pad: 'x'.repeat(2 * 1024 * 1024) })).statusCode).toBe(413);
    expect((await admin.call('PATCH', '/admin/contact-messages/2147483647/', { handled: true })).statusCode).toBe(404);
    for (const junk of ['%00', '..', '0', '-1', '99999999999999999999', "1'or'1'='1", 'abc']) {
      expect4xx((await admin.call('PATCH', `/admin/contact-messages/${junk}/`, { handled: true })).statusCode, junk);
    }
    expect((await auditRows(t, 'contact.handled')).length).toBe(before);
    expect((await list()).results[0]).toMatchObject({ id, handled: false });
  });
});
