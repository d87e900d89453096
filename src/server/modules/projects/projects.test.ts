/**
 * Issue 23: projects, submissions, reviews and letters through the real app on PGlite. Every rule
 * gets a caller that tries to break it: a clear 4xx, nothing written, never a 5xx.
 */
import { and, asc, count, eq, inArray, notInArray } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, visitorCall } from '../../../../test/admin.js';
import { createTestApp, latestEmail, loginAs, multipart, STRONG_PASSWORD, type TestApp } from '../../../../test/helpers.js';
import { runAdminCommand } from '../admin/index.js';
import { auditLog, courses, letters, projectRounds, projects, projectSubmissions } from '../../db/schema/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let free: { id: number; slug: string };
let paid: { id: number; slug: string };

const brief = '<h2>Goal</h2><p>Build it.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>';
const criteria = ['Tests pass', 'README explains setup', 'Deployed'];
const body = { repository_url: 'https://github.com/ada/shop', live_url: 'https://shop.example.com', notes: 'Done.' };
const allMet = criteria.map((criterion) => ({ criterion, met: true, comment: 'Good' }));
const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const emptyZip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);

async function newProject(courseId: number, extra: Record<string, unknown> = {}) {
  const res = await admin.call('POST', `/admin/courses/${courseId}/projects/`, {
    title: 'Capstone shop',
    summary: 'Proves you can ship',
    brief,
    criteria,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; brief: string; position: number }>();
}

async function enrolledStudent(name = 'ada lovelace') {
  const student = await signedIn(t, { fullName: name });
  expect((await student.call('POST', `/free-enroll/${free.id}/`)).statusCode).toBe(200);
  return student;
}

const rowCounts = async () => {
  const [s] = await t.handle.db.select({ n: count() }).from(projectSubmissions);
  const [r] = await t.handle.db.select({ n: count() }).from(projectRounds);
  const [l] = await t.handle.db.select({ n: count() }).from(letters);
  return { submissions: s!.n, rounds: r!.n, letters: l!.n };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, { isAdmin: true, fullName: 'grace hopper' });
  const [f] = await t.handle.db
    .select({ id: courses.id, slug: courses.slug })
    .from(courses)
    .where(and(eq(courses.courseType, 'free'), eq(courses.isPublished, true)))
    .orderBy(asc(courses.id))
    .limit(1);
  const [p] = await t.handle.db
    .select({ id: courses.id, slug: courses.slug })
    .from(courses)
    .where(and(eq(courses.courseType, 'paid'), eq(courses.isPublished, true)))
    .orderBy(asc(courses.id))
    .limit(1);
  free = f!;
  paid = p!;
});
afterAll(() => t.close());

describe('projects on a course', () => {
  it('shows title and summary to everyone, the brief and criteria only to who may open the course', async () => {
    const project = await newProject(free.id);
    expect(project.brief).not.toContain('<script');
    expect(project.brief).not.toContain('javascript:');

    const anonymous = (await visitorCall(t, 'GET', `/courses/${free.slug}/projects/`)).json<
      { id: number; title: string; brief: string | null; criteria: unknown }[]
    >();
    const seen = anonymous.find((p) => p.id === project.id)!;
    expect(seen).toMatchObject({ title: 'Capstone shop', summary: 'Proves you can ship', brief: null, criteria: null, unlocked: false });

    const student = await enrolledStudent();
    const mine = (await student.call('GET', `/courses/${free.slug}/projects/`)).json<{ id: number; brief: string; criteria: string[] }[]>();
    expect(mine.find((p) => p.id === project.id)).toMatchObject({ unlocked: true, criteria, submission: null });
    expect((await student.call('GET', `/projects/${project.id}/`)).json()).toMatchObject({ unlocked: true, criteria });

    expect((await visitorCall(t, 'GET', '/courses/no-such-course/projects/')).statusCode).toBe(404);
  });

  it('keeps an unpublished project out of the storefront and answers 404 for it', async () => {
    const project = await newProject(free.id, { published: false });
    const list = (await visitorCall(t, 'GET', `/courses/${free.slug}/projects/`)).json<{ id: number }[]>();
    expect(list.map((p) => p.id)).not.toContain(project.id);
    const student = await enrolledStudent();
    expect((await student.call('POST', `/projects/${project.id}/submissions/`, body)).statusCode).toBe(404);
  });

  it('reorders, unpublishes, and refuses to delete a project with submissions', async () => {
    const a = await newProject(paid.id, { title: 'First' });
    const b = await newProject(paid.id, { title: 'Second' });
    expect(b.position).toBe(a.position + 1);
    const moved = await admin.call('PATCH', `/admin/projects/${b.id}/`, { position: 1 });
    expect(moved.json()).toMatchObject({ position: 1 });
    const list = (await admin.call('GET', `/admin/courses/${paid.id}/projects/`)).json<{ id: number }[]>();
    expect(list.map((p) => p.id).slice(0, 2)).toEqual([b.id, a.id]);
    expect((await admin.call('PATCH', `/admin/projects/${a.id}/`, { published: false })).json()).toMatchObject({ published: false });
    expect((await admin.call('DELETE', `/admin/projects/${a.id}/`)).statusCode).toBe(204);
    expect((await admin.call('GET', `/admin/courses/${paid.id}/projects/`)).json<{ id: number }[]>().map((p) => p.id)).not.toContain(a.id);

    const used = await newProject(free.id);
    const student = await enrolledStudent();
    expect((await student.call('POST', `/projects/${used.id}/submissions/`, body)).statusCode).toBe(201);
    expect((await admin.call('DELETE', `/admin/projects/${used.id}/`)).statusCode).toBe(409);
  });

  it('refuses a project without criteria, and a student calling the studio', async () => {
    const res = await admin.call('POST', `/admin/courses/${free.id}/projects/`, { title: 'x', summary: '', brief: '', criteria: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('criteria');
    const student = await enrolledStudent();
    expect((await student.call('POST', `/admin/courses/${free.id}/projects/`, { title: 'x', brief: '', criteria })).statusCode).toBe(403);
    expect((await student.call('GET', '/admin/project-submissions/')).statusCode).toBe(403);
  });
});

describe('handing in a project', () => {
  it('answers 403 to a student who may not open the course, 401 to a visitor, and stores nothing', async () => {
    const project = await newProject(paid.id);
    const before = await rowCounts();
    const outsider = await signedIn(t);
    const res = await outsider.call('POST', `/projects/${project.id}/submissions/`, body);
    expect(res.statusCode).toBe(403);
    const upload = multipart(body, { field: 'file', name: 'work.pdf', type: 'application/pdf', data: pdfBytes });
    expect(
      (await outsider.call('POST', `/projects/${project.id}/submissions/`, upload.payload, { headers: { ...outsider.headers, ...upload.headers } })).statusCode,
    ).toBe(403);
    expect((await visitorCall(t, 'POST', `/projects/${project.id}/submissions/`, body)).statusCode).toBe(401);
    expect(await rowCounts()).toEqual(before);
  });

  it.each([
    ['a javascript: URL', { repository_url: 'javascript:alert(1)' }, 'repository_url'],
    ['a data: URL', { repository_url: 'data:text/html,<script>alert(1)</script>' }, 'repository_url'],
    ['an http: URL', { repository_url: 'http://github.com/ada/shop' }, 'repository_url'],
    ['another host', { repository_url: 'https://evil.example.com/ada/shop' }, 'repository_url'],
    ['a look-alike host', { repository_url: 'https://github.com.evil.io/ada/shop' }, 'repository_url'],
    ['credentials in the URL', { repository_url: 'https://ada:secret@github.com/ada/shop' }, 'repository_url'],
    ['no repository path', { repository_url: 'https://github.com/' }, 'repository_url'],
    ['a javascript: live URL', { live_url: 'javascript:alert(1)' }, 'live_url'],
    ['an http: live URL', { live_url: 'http://shop.example.com' }, 'live_url'],
    ['100,000-character notes', { notes: 'x'.repeat(100_000) }, 'notes'],
    ['a number as the repository', { repository_url: 42 }, 'repository_url'],
  ])('refuses %s with a 400 under the field, writing nothing', async (_what, change, field) => {
    const project = await newProject(free.id);
    const student = await enrolledStudent();
    const before = await rowCounts();
    const res = await student.call('POST', `/projects/${project.id}/submissions/`, { ...body, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty(field);
    expect(await rowCounts()).toEqual(before);
  });

  it.each([
    ['an executable renamed .pdf', 'setup.pdf', Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(200)])],
    ['a ZIP that is not one', 'work.zip', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(300, 7)])],
    ['a text file', 'notes.txt', Buffer.from('just text')],
  ])('refuses %s by its content (415), storing nothing', async (_what, name, data) => {
    const project = await newProject(free.id);
    const student = await enrolledStudent();
    const before = await rowCounts();
    const upload = multipart(body, { field: 'file', name, type: 'application/pdf', data });
    const res = await student.call('POST', `/projects/${project.id}/submissions/`, upload.payload, { headers: { ...student.headers, ...upload.headers } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toHaveProperty('file');
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses long notes and bad URLs in a multipart form too', async () => {
    const project = await newProject(free.id);
    const student = await enrolledStudent();
    const before = await rowCounts();
    for (const fields of [
      { ...body, notes: 'y'.repeat(100_000) },
      { ...body, repository_url: 'javascript:alert(1)' },
    ]) {
      const upload = multipart(fields, { field: 'file', name: 'work.pdf', type: 'application/pdf', data: pdfBytes });
      const res = await student.call('POST', `/projects/${project.id}/submissions/`, upload.payload, { headers: { ...student.headers, ...upload.headers } });
      expect(res.statusCode).toBe(400);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('asks for the file when the project requires one', async () => {
    const project = await newProject(free.id, { file_required: true });
    const student = await enrolledStudent();
    const res = await student.call('POST', `/projects/${project.id}/submissions/`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('file');
    const upload = multipart(body, { field: 'file', name: 'work.zip', type: 'application/zip', data: emptyZip });
    const ok = await student.call('POST', `/projects/${project.id}/submissions/`, upload.payload, { headers: { ...student.headers, ...upload.headers } });
    expect(ok.statusCode, ok.body).toBe(201);
    const round = ok.json<{ rounds: { file: { name: string; content_type: string; url: string } }[] }>().rounds[0]!;
    expect(round.file).toMatchObject({ name: 'work.zip', content_type: 'application/zip' });
    const download = await t.app.inject({ method: 'GET', url: round.file.url, headers: student.headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(emptyZip)).toBe(true);
    const other = await signedIn(t);
    expect((await t.app.inject({ method: 'GET', url: round.file.url, headers: other.headers })).statusCode).toBe(404);
  });

  it('takes one waiting submission per project (a second answers 409), emails the student, and hides it from others', async () => {
    const project = await newProject(free.id);
    const student = await enrolledStudent();
    const res = await student.call('POST', `/projects/${project.id}/submissions/`, body);
    expect(res.statusCode).toBe(201);
    const submission = res.json<{ id: number; status: string; rounds: unknown[]; timeline: { event: string }[] }>();
    expect(submission).toMatchObject({ status: 'submitted', project_id: project.id, letter_id: null });
    expect(submission.timeline.map((e) => e.event)).toEqual(['submitted']);
    expect((await latestEmail(t, student.user.email))?.subject).toContain('We received your submission');

    const before = await rowCounts();
    expect((await student.call('POST', `/projects/${project.id}/submissions/`, body)).statusCode).toBe(409);
    expect(await rowCounts()).toEqual(before);

    expect((await student.call('GET', '/project-submissions/')).json<{ id: number }[]>().map((s) => s.id)).toContain(submission.id);
    const other = await enrolledStudent();
    expect((await other.call('GET', `/project-submissions/${submission.id}/`)).statusCode).toBe(404);
    expect((await other.call('POST', `/project-submissions/${submission.id}/resubmit/`, body)).statusCode).toBe(404);
    expect((await other.call('GET', '/project-submissions/')).json<{ id: number }[]>().map((s) => s.id)).not.toContain(submission.id);
    // Resubmitting before the reviewer asked for changes.
    expect((await student.call('POST', `/project-submissions/${submission.id}/resubmit/`, body)).statusCode).toBe(409);
    expect(await rowCounts()).toEqual(before);
  });
});

describe('reviewing', () => {
  async function submitted(name?: string) {
    const project = await newProject(free.id);
    const student = await enrolledStudent(name);
    const res = await student.call('POST', `/projects/${project.id}/submissions/`, body);
    expect((await latestEmail(t, student.user.email))?.subject).toContain('We received');
    return { project, student, id: res.json<{ id: number }>().id };
  }

  it('runs the loop: in review on opening, changes requested, resubmitted, approved with a letter, each decision audited and emailed', async () => {
    const { student, id } = await submitted('ada lovelace');
    const queue = (await admin.call('GET', '/admin/project-submissions/?status=submitted')).json<{
      results: { id: number; days_waiting: number }[];
      waiting: number;
    }>();
    expect(queue.results.map((r) => r.id)).toContain(id);
    expect(queue.waiting).toBeGreaterThan(0);

    const opened = await admin.call('GET', `/admin/project-submissions/${id}/`);
    expect(opened.json()).toMatchObject({ status: 'in_review', student_name: 'Ada Lovelace', student_email: student.user.email });
    expect((await student.call('GET', `/project-submissions/${id}/`)).json()).toMatchObject({ status: 'in_review' });

    const noFeedback = await admin.call('POST', `/admin/project-submissions/${id}/review/`, { decision: 'changes_requested', feedback: '', criteria: allMet });
    expect(noFeedback.statusCode).toBe(400);
    const unmetApproval = await admin.call('POST', `/admin/project-submissions/${id}/review/`, {
      decision: 'approved',
      feedback: '',
      criteria: [{ criterion: criteria[0], met: false }, ...allMet.slice(1)],
    });
    expect(unmetApproval.statusCode).toBe(400);
    const unknown = await admin.call('POST', `/admin/project-submissions/${id}/review/`, {
      decision: 'changes_requested',
      feedback: 'x',
      criteria: [{ criterion: 'Something else', met: false }],
    });
    expect(unknown.statusCode).toBe(400);

    const changes = await admin.call('POST', `/admin/project-submissions/${id}/review/`, {
      decision: 'changes_requested',
      feedback: 'Add tests for checkout.',
      criteria: [{ criterion: 'Tests pass', met: false, comment: 'No tests for checkout' }, ...allMet.slice(1)],
    });
    expect(changes.statusCode, changes.body).toBe(200);
    expect(changes.json()).toMatchObject({ status: 'changes_requested', letter_id: null });
    const mail = await latestEmail(t, student.user.email);
    expect(mail?.subject).toContain('Changes requested');
    expect(mail?.text).toContain('No tests for checkout');
    // The same round again.
    expect((await admin.call('POST', `/admin/project-submissions/${id}/review/`, { decision: 'approved', feedback: '', criteria: allMet })).statusCode).toBe(
      409,
    );

    const again = await student.call('POST', `/project-submissions/${id}/resubmit/`, { ...body, notes: 'Added tests.' });
    expect(again.statusCode, again.body).toBe(200);
    expect((await latestEmail(t, student.user.email))?.subject).toContain('We received your resubmission');
    const resubmitted = again.json<{ status: string; rounds: { number: number; review: unknown }[]; timeline: { event: string }[] }>();
    expect(resubmitted.status).toBe('submitted');
    expect(resubmitted.rounds.map((r) => r.number)).toEqual([1, 2]);
    expect(resubmitted.rounds[0]!.review).toMatchObject({ decision: 'changes_requested', feedback: 'Add tests for checkout.' });
    expect(resubmitted.timeline.map((e) => e.event)).toEqual(['submitted', 'in_review', 'changes_requested', 'resubmitted']);
    // A second resubmission while one waits.
    expect((await student.call('POST', `/project-submissions/${id}/resubmit/`, body)).statusCode).toBe(409);

    const approved = await admin.call('POST', `/admin/project-submissions/${id}/review/`, { decision: 'approved', feedback: 'Great work', criteria: allMet });
    expect(approved.statusCode, approved.body).toBe(200);
    const letterId = approved.json<{ letter_id: string }>().letter_id;
    expect(letterId).toMatch(/^[0-9a-f]{32}$/);
    expect((await latestEmail(t, student.user.email))?.text).toContain(`/letters/${letterId}`);
    const timeline = (await student.call('GET', `/project-submissions/${id}/`)).json<{ timeline: { event: string }[]; letter_id: string }>();
    expect(timeline.letter_id).toBe(letterId);
    expect(timeline.timeline.map((e) => e.event).at(-1)).toBe('approved');
    // Approved: no second submission of the same project.
    const project = (await student.call('GET', `/project-submissions/${id}/`)).json<{ project_id: number }>().project_id;
    expect((await student.call('POST', `/projects/${project}/submissions/`, body)).statusCode).toBe(409);

    const audit = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'project_submission'), eq(auditLog.entityId, String(id))));
    expect(audit.map((a) => a.action).sort()).toEqual(['submission.approved', 'submission.changes_requested']);
  });

  it('lets exactly one of two reviewers deciding the same round at once win; the other gets 409', async () => {
    const { id } = await submitted();
    const second = await signedIn(t, { isAdmin: true, fullName: 'second reviewer' });
    const [a, b] = await Promise.all([
      admin.call('POST', `/admin/project-submissions/${id}/review/`, { decision: 'approved', feedback: '', criteria: allMet }),
      second.call('POST', `/admin/project-submissions/${id}/review/`, { decision: 'rejected', feedback: 'Not enough', criteria: allMet }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const rounds = await t.handle.db.select().from(projectRounds).where(eq(projectRounds.submissionId, id));
    expect(rounds).toHaveLength(1);
    const audit = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'project_submission'), eq(auditLog.entityId, String(id))));
    expect(audit).toHaveLength(1);
    const [{ n }] = (await t.handle.db.select({ n: count() }).from(letters).where(eq(letters.submissionId, id))) as [{ n: number }];
    expect(n).toBe(a.statusCode === 200 ? 1 : 0);
  });

  it('lets a reviewer review (the letter names the role) and nothing else: projects and money routes answer 403', async () => {
    const email = `reviewer-${Date.now()}@example.com`;
    const made = await runAdminCommand(
      { db: t.handle.db, publicUrl: t.config.publicUrl },
      { command: 'create-user', email, name: 'rita reviewer', password: STRONG_PASSWORD, role: 'reviewer', admin: false, verified: false },
    );
    expect(made.exitCode).toBe(0);
    const headers = { authorization: `Bearer ${(await loginAs(t, email)).access}` };
    const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url: `/api/v1${url}`, payload, headers });
    const { id } = await submitted();
    expect((await call('GET', '/admin/project-submissions/')).statusCode).toBe(200);
    expect((await call('GET', `/admin/project-submissions/${id}/`)).json()).toMatchObject({ status: 'in_review' });
    const res = await call('POST', `/admin/project-submissions/${id}/review/`, { decision: 'approved', feedback: 'Well done', criteria: allMet });
    expect(res.statusCode, res.body).toBe(200);
    const letter = (await visitorCall(t, 'GET', `/letters/${res.json<{ letter_id: string }>().letter_id}/`)).json();
    expect(letter).toMatchObject({ reviewer_name: 'Rita Reviewer', reviewer_role: 'Reviewer' });
    expect((await call('POST', `/admin/courses/${free.id}/projects/`, { title: 'x', brief: '', criteria })).statusCode).toBe(403);
    expect((await call('GET', '/admin/orders/')).statusCode).toBe(403);
    expect((await call('GET', '/admin/payment-events/')).statusCode).toBe(403);
    expect((await call('POST', '/admin/orders/LEC-1/refund/', {})).statusCode).toBe(403);
  });

  it('records a rejection as final for that submission (no resubmission, no letter); the student may start a new one', async () => {
    const { project, student, id } = await submitted();
    const res = await admin.call('POST', `/admin/project-submissions/${id}/review/`, { decision: 'rejected', feedback: 'Copied code.', criteria: [] });
    expect(res.json()).toMatchObject({ status: 'rejected', letter_id: null });
    expect((await latestEmail(t, student.user.email))?.subject).toContain('Not approved');
    expect((await student.call('POST', `/project-submissions/${id}/resubmit/`, body)).statusCode).toBe(409);
    // A new submission after the rejection: one open at a time again, the rejected one kept in the history.
    const fresh = await student.call('POST', `/projects/${project.id}/submissions/`, { ...body, notes: 'Written from scratch.' });
    expect(fresh.statusCode, fresh.body).toBe(201);
    const freshId = fresh.json<{ id: number; status: string }>().id;
    expect(fresh.json()).toMatchObject({ status: 'submitted' });
    expect(freshId).not.toBe(id);
    expect((await student.call('POST', `/projects/${project.id}/submissions/`, body)).statusCode).toBe(409);
    const mine = (await student.call('GET', '/project-submissions/')).json<{ id: number; status: string }[]>();
    expect(mine.map((s) => [s.id, s.status])).toEqual(
      expect.arrayContaining([
        [id, 'rejected'],
        [freshId, 'submitted'],
      ]),
    );
    const shown = (await student.call('GET', `/courses/${free.slug}/projects/`)).json<{ id: number; submission: { id: number } | null }[]>();
    expect(shown.find((p) => p.id === project.id)?.submission).toMatchObject({ id: freshId, status: 'submitted' });
    expect(
      (await admin.call('GET', `/admin/project-submissions/?status=rejected&course_id=${free.id}`))
        .json<{ results: { id: number }[] }>()
        .results.map((r) => r.id),
    ).toContain(id);
  });
});

describe('letters', () => {
  let letterId: string;
  let owner: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    const project = await newProject(free.id, { title: 'Payments service' });
    owner = await enrolledStudent('maría   GONZÁLEZ');
    const id = (await owner.call('POST', `/projects/${project.id}/submissions/`, body)).json<{ id: number }>().id;
    letterId = (await admin.call('POST', `/admin/project-submissions/${id}/review/`, { decision: 'approved', feedback: 'Yes', criteria: allMet })).json<{
      letter_id: string;
    }>().letter_id;
  });

  it("counts on its owner's dashboard", async () => {
    expect((await owner.call('GET', '/student/dashboard/')).json()).toMatchObject({ letters: 1 });
  });

  it('is public by its id, with the facts and never the email', async () => {
    const res = await visitorCall(t, 'GET', `/letters/${letterId}/`);
    expect(res.statusCode).toBe(200);
    const letter = res.json<Record<string, unknown>>();
    expect(letter).toMatchObject({
      letter_id: letterId,
      student_name: 'María González',
      project_title: 'Payments service',
      criteria,
      reviewer_name: 'Grace Hopper',
      status: 'valid',
      revoked_at: null,
      verify_url: `http://lectern.test/letters/${letterId}`,
      credential_url: `http://lectern.test/api/v1/letters/${letterId}/credential/`,
    });
    expect(letter.number).toMatch(/^LTR-\d{5}$/);
    // The verification result: the credential's signature checked against the published keys.
    expect(letter).toMatchObject({ credential_verified: true, jwks_url: 'http://lectern.test/.well-known/jwks.json' });
    expect(String(letter.linkedin_url)).toContain('certUrl=http%3A%2F%2Flectern.test%2Fletters%2F');
    expect(res.body).not.toContain(owner.user.email);
    expect((await visitorCall(t, 'GET', '/letters/0123456789abcdef0123456789abcdef/')).statusCode).toBe(404);
    expect((await visitorCall(t, 'GET', "/letters/'%20or%201=1/")).statusCode).toBe(404);
  });

  it('is an Open Badges 3.0 credential, a VC-JWT that verifies against the published JWKS (jose, not our code)', async () => {
    const res = await visitorCall(t, 'GET', `/letters/${letterId}/credential/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/vc\+jwt/);
    const jwks = (await t.app.inject({ url: '/.well-known/jwks.json' })).json<JSONWebKeySet>();
    const { payload, protectedHeader } = await jwtVerify(res.body, createLocalJWKSet(jwks), { algorithms: ['EdDSA'] });
    expect(protectedHeader.kid).toBeTruthy();
    expect(jwks.keys.map((k) => k.kid)).toContain(decodeProtectedHeader(res.body).kid);
    const credential = payload as unknown as {
      '@context': string[];
      type: string[];
      issuer: { id: string };
      validFrom: string;
      credentialSubject: { achievement: { name: string; criteria: { narrative: string } }; identifier: { identityHash: string }[] };
    };
    expect(credential['@context']).toContain('https://www.w3.org/ns/credentials/v2');
    expect(credential.type).toContain('OpenBadgeCredential');
    expect(credential.issuer.id).toBe('http://lectern.test/');
    // The instructor issues it on the site's behalf; the reviewer is named in what it says.
    const instructor = (await visitorCall(t, 'GET', `/courses/${free.slug}/`)).json<{ instructor: { name: string } }>().instructor.name;
    expect((credential.issuer as { official?: string }).official).toBe(instructor);
    expect((credential.credentialSubject.achievement as { description?: string }).description).toContain('Grace Hopper');
    expect(new Date(credential.validFrom).getTime()).not.toBeNaN();
    expect(credential.credentialSubject.achievement.name).toContain('Payments service');
    expect(credential.credentialSubject.achievement.criteria.narrative).toContain('README explains setup');
    expect(credential.credentialSubject.identifier[0]!.identityHash).toBe('María González');
    // A changed byte breaks it.
    const tampered = `${res.body.slice(0, -3)}${res.body.at(-3) === 'A' ? 'B' : 'A'}${res.body.slice(-2)}`;
    await expect(jwtVerify(tampered, createLocalJWKSet(jwks))).rejects.toThrow();
    expect((await visitorCall(t, 'GET', '/letters/0123456789abcdef0123456789abcdef/credential/')).statusCode).toBe(404);
  });

  it('has a server-rendered head with og tags and its share picture, so a shared link shows the letter', async () => {
    const page = await t.app.inject({ url: `/letters/${letterId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<meta property="og:image" content="http://lectern.test/api/v1/letters/${letterId}/image/">`);
    expect(page.body).toContain('<meta property="og:title" content="María González: pre-experience letter for Payments service | Lectern">');
    expect(page.body).toContain(`<link rel="canonical" href="http://lectern.test/letters/${letterId}">`);
    expect(page.body).not.toContain(owner.user.email);
    expect((await t.app.inject({ url: '/letters/0123456789abcdef0123456789abcdef' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/projects/' })).statusCode).toBe(200);
  });

  it('has a share picture (a JPEG) and a PDF for its owner and admins only', async () => {
    const image = await visitorCall(t, 'GET', `/letters/${letterId}/image/`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect([...image.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    const pdf = await owner.call('GET', `/letters/${letterId}/download/`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await admin.call('GET', `/letters/${letterId}/download/`)).statusCode).toBe(200);
    expect((await (await signedIn(t)).call('GET', `/letters/${letterId}/download/`)).statusCode).toBe(404);
    expect((await visitorCall(t, 'GET', `/letters/${letterId}/download/`)).statusCode).toBe(401);
  });

  it('is revoked with a reason (once), audited; its page says revoked and its PDF stays downloadable', async () => {
    const student = await enrolledStudent();
    expect((await student.call('POST', `/admin/letters/${letterId}/revoke/`, { reason: 'Plagiarism' })).statusCode).toBe(403);
    expect((await admin.call('POST', `/admin/letters/${letterId}/revoke/`, { reason: '' })).statusCode).toBe(400);
    const res = await admin.call('POST', `/admin/letters/${letterId}/revoke/`, { reason: 'Plagiarism found later' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'revoked' });
    expect((await admin.call('POST', `/admin/letters/${letterId}/revoke/`, { reason: 'Again' })).statusCode).toBe(409);
    const letter = (await visitorCall(t, 'GET', `/letters/${letterId}/`)).json<{ status: string; revoked_at: string | null }>();
    expect(letter.status).toBe('revoked');
    expect(letter.revoked_at).not.toBeNull();
    expect(letter).toMatchObject({ credential_verified: false });
    expect((await owner.call('GET', `/letters/${letterId}/download/`)).statusCode).toBe(200);
    expect((await visitorCall(t, 'GET', `/letters/${letterId}/credential/`)).statusCode).toBe(410);
    expect((await owner.call('GET', '/student/dashboard/')).json()).toMatchObject({ letters: 0 });
    const audit = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'letter.revoke'), eq(auditLog.entityId, letterId)));
    expect(audit).toHaveLength(1);
    expect((await admin.call('POST', '/admin/letters/0123456789abcdef0123456789abcdef/revoke/', { reason: 'Nope' })).statusCode).toBe(404);
  });
});

describe('the demo seed', () => {
  it('has projects on several courses, submissions in every status and two issued letters', async () => {
    // What the seed made: the projects nobody in this file made (no 'Capstone shop', 'First', 'Second', 'Payments service').
    const demo = await t.handle.db
      .select({ id: projects.id, courseId: projects.courseId })
      .from(projects)
      .where(notInArray(projects.title, ['Capstone shop', 'First', 'Second', 'Payments service']));
    expect(new Set(demo.map((p) => p.courseId)).size).toBeGreaterThanOrEqual(2);
    const seeded = await t.handle.db
      .select({ status: projectSubmissions.status })
      .from(projectSubmissions)
      .where(
        inArray(
          projectSubmissions.projectId,
          demo.map((p) => p.id),
        ),
      );
    expect(new Set(seeded.map((s) => s.status))).toEqual(new Set(['submitted', 'in_review', 'changes_requested', 'approved', 'rejected']));
    const demoLetters = await t.handle.db
      .select()
      .from(letters)
      .where(
        inArray(
          letters.projectId,
          demo.map((p) => p.id),
        ),
      );
    expect(demoLetters).toHaveLength(2);
    for (const letter of demoLetters) {
      expect((await visitorCall(t, 'GET', `/letters/${letter.letterId}/`)).json()).toMatchObject({ status: 'valid', reviewer_role: 'Instructor' });
    }
  });
});

describe('the home banner and the document', () => {
  it('leads to a published course with a project, or the one chosen in Settings', async () => {
    await newProject(free.id);
    const banner = (await visitorCall(t, 'GET', '/letter-course/')).json<{ course_id: number } | null>();
    expect(banner).not.toBeNull();
    const withoutProject = await admin.call('PATCH', '/admin/settings/', { letter_course_id: '999999' });
    expect(withoutProject.statusCode).toBe(400);
    await newProject(paid.id);
    const saved = await admin.call('PATCH', '/admin/settings/', { letter_course_id: String(paid.id) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ letter_course_id: String(paid.id), sources: { letter_course_id: 'studio' } });
    expect((await visitorCall(t, 'GET', '/letter-course/')).json()).toMatchObject({ course_id: paid.id, slug: paid.slug });
    // A setting of digits only is kept as the text it is (it came back as a number and read as unset).
    expect((await admin.call('PATCH', '/admin/settings/', { seller_tax_id: '12345' })).json()).toMatchObject({
      seller_tax_id: '12345',
      letter_course_id: String(paid.id),
    });
  });

  it('documents every route of the contract', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    for (const path of [
      // The contract, parameter names included.
      '/api/v1/courses/{slug}/projects/',
      '/api/v1/projects/{project_id}/submissions/',
      '/api/v1/project-submissions/',
      '/api/v1/project-submissions/{id}/',
      '/api/v1/project-submissions/{id}/resubmit/',
      '/api/v1/letters/{letter_id}/',
      '/api/v1/letters/{letter_id}/credential/',
      '/api/v1/letters/{letter_id}/download/',
      '/api/v1/certificates/{certificate_id}/credential/',
      '/.well-known/jwks.json',
      '/api/v1/admin/courses/{course_id}/projects/',
      '/api/v1/admin/projects/{project_id}/',
      '/api/v1/admin/project-submissions/',
      '/api/v1/admin/project-submissions/{id}/',
      '/api/v1/admin/project-submissions/{id}/review/',
      '/api/v1/admin/letters/{letter_id}/revoke/',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
