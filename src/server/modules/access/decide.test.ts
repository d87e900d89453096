// The access rule as plain data: facts in, decision out. No app, no database (the scenarios that
// read the facts from the database are in access.test.ts).
import { describe, expect, it } from 'vitest';
import { releaseDate, type Schedule } from './release.js';
import { canOpenLesson, decideAccess, lessonState, toAccess, type AccessFacts, type AccessReason, type CourseAccess } from './service.js';

type EnrolmentSource = NonNullable<AccessFacts['enrolment']>['source'];

const enrolment = (source: EnrolmentSource, enrolledAt = new Date('2026-01-01T00:00:00Z')): AccessFacts['enrolment'] => ({
  id: 1,
  courseId: 7,
  status: 'in_progress',
  source,
  enrolledAt,
});

describe('decideAccess', () => {
  const cases: [string, AccessFacts, AccessReason][] = [
    ['a signed-in user with nothing', { isAdmin: false, enrolment: null, member: false }, 'none'],
    ['a buyer', { isAdmin: false, enrolment: enrolment('purchase'), member: false }, 'enrolled'],
    ['enrolled in a free course', { isAdmin: false, enrolment: enrolment('free'), member: false }, 'enrolled'],
    ['granted the course in the studio', { isAdmin: false, enrolment: enrolment('admin'), member: false }, 'enrolled'],
    ['a current member without an enrolment', { isAdmin: false, enrolment: null, member: true }, 'membership'],
    ['a current member who started the course through the membership', { isAdmin: false, enrolment: enrolment('subscription'), member: true }, 'membership'],
    ['a former member who started the course through the membership', { isAdmin: false, enrolment: enrolment('subscription'), member: false }, 'none'],
    ['a buyer who is also a member: the purchase outranks', { isAdmin: false, enrolment: enrolment('purchase'), member: true }, 'enrolled'],
    ['the instructor', { isAdmin: true, enrolment: null, member: false }, 'admin'],
    ['the instructor with a lapsed membership enrolment', { isAdmin: true, enrolment: enrolment('subscription'), member: false }, 'admin'],
    ['the instructor who bought the course', { isAdmin: true, enrolment: enrolment('purchase'), member: false }, 'enrolled'],
    ['the instructor who is a member', { isAdmin: true, enrolment: null, member: true }, 'membership'],
  ];

  it.each(cases)('%s', (_name, facts, reason) => {
    expect(decideAccess(facts)).toBe(reason);
  });
});

describe('canOpenLesson', () => {
  const access = (full: boolean): CourseAccess => ({ courseId: 7, reason: full ? 'enrolled' : 'none', full, enrolment: null, release: null });
  const cases: [string, boolean, boolean, boolean][] = [
    ['a preview lesson, no access', false, true, true],
    ['a preview lesson, full access', true, true, true],
    ['a premium lesson, no access', false, false, false],
    ['a premium lesson, full access', true, false, true],
  ];

  it.each(cases)('%s', (_name, full, enablePreview, opens) => {
    expect(canOpenLesson(access(full), { id: 1, enablePreview, schedules: [] })).toBe(opens);
  });
});

describe('drip schedules (lessonState)', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const began = new Date('2026-03-01T10:00:00Z');
  const none: Schedule = { availableAfterDays: null, availableFrom: null };
  const after = (days: number): Schedule => ({ availableAfterDays: days, availableFrom: null });
  const from = (date: string): Schedule => ({ availableAfterDays: null, availableFrom: date });
  const lesson = (schedules: Schedule[], extra: { id?: number; enablePreview?: boolean } = {}) => ({
    id: extra.id ?? 3,
    enablePreview: extra.enablePreview ?? false,
    schedules,
  });
  const noDrip = { memberSince: null, openedEarly: new Set<number>() };
  const buyer = (openedEarly: number[] = []) =>
    toAccess(7, { isAdmin: false, enrolment: enrolment('purchase', began), member: false }, { memberSince: null, openedEarly: new Set(openedEarly) });

  it('counts days from when access began and opens on the day', () => {
    const access = buyer();
    const week = lesson([after(7), none]);
    expect(lessonState(access, week, new Date(began.getTime() + 7 * DAY - 1))).toEqual({ open: false, availableAt: new Date(began.getTime() + 7 * DAY) });
    expect(lessonState(access, week, new Date(began.getTime() + 7 * DAY))).toEqual({ open: true, availableAt: null });
  });

  it('opens a fixed date at 00:00 UTC, whenever access began', () => {
    const access = buyer();
    const dated = lesson([from('2026-04-15')]);
    expect(lessonState(access, dated, new Date('2026-04-14T23:59:59Z'))).toEqual({ open: false, availableAt: new Date('2026-04-15T00:00:00Z') });
    expect(lessonState(access, dated, new Date('2026-04-15T00:00:00Z')).open).toBe(true);
  });

  it("takes the later of the lesson's and its section's schedules", () => {
    expect(releaseDate(lesson([after(3), from('2026-03-20')]), began)).toEqual(new Date('2026-03-20T00:00:00Z'));
    expect(releaseDate(lesson([after(30), from('2026-03-20')]), began)).toEqual(new Date(began.getTime() + 30 * DAY));
    expect(releaseDate(lesson([none, none]), began)).toBeNull();
    expect(releaseDate(lesson([after(0)]), began)).toBeNull();
  });

  it('opens a lesson the instructor opened early for this viewer only', () => {
    const dated = lesson([after(10)], { id: 42 });
    const now = new Date(began.getTime() + DAY);
    expect(lessonState(buyer([42]), dated, now).open).toBe(true);
    expect(lessonState(buyer([41]), dated, now).open).toBe(false);
  });

  it('never holds back a preview, and a paid lock stays a paid lock (no date)', () => {
    const now = new Date(began.getTime() + DAY);
    expect(lessonState(buyer(), lesson([after(10)], { enablePreview: true }), now).open).toBe(true);
    const visitor = toAccess(7, { isAdmin: false, enrolment: null, member: false }, noDrip);
    expect(lessonState(visitor, lesson([after(10)]), now)).toEqual({ open: false, availableAt: null });
    expect(lessonState(visitor, lesson([after(10)], { enablePreview: true }), now).open).toBe(true);
  });

  it("counts from the membership's start for a member, and from the earlier grant when both count", () => {
    const memberSince = new Date('2026-02-01T00:00:00Z');
    const member = toAccess(7, { isAdmin: false, enrolment: null, member: true }, { memberSince, openedEarly: new Set() });
    expect(member.release?.accessBegan).toEqual(memberSince);
    // An enrolment started by the membership counts from the membership, not the first lesson.
    const viaMembership = toAccess(7, { isAdmin: false, enrolment: enrolment('subscription', began), member: true }, { memberSince, openedEarly: new Set() });
    expect(viaMembership.release?.accessBegan).toEqual(memberSince);
    const buyerAndMember = toAccess(7, { isAdmin: false, enrolment: enrolment('purchase', began), member: true }, { memberSince, openedEarly: new Set() });
    expect(buyerAndMember.release?.accessBegan).toEqual(memberSince);
    expect(lessonState(member, lesson([after(30)]), new Date('2026-03-02T00:00:00Z'))).toEqual({ open: false, availableAt: new Date('2026-03-03T00:00:00Z') });
    expect(lessonState(member, lesson([after(30)]), new Date('2026-03-03T00:00:00Z')).open).toBe(true);
  });

  it('applies no schedule to the instructor', () => {
    const instructor = toAccess(7, { isAdmin: true, enrolment: enrolment('admin', began), member: false }, noDrip);
    expect(instructor.release).toBeNull();
    expect(lessonState(instructor, lesson([from('2099-01-01')]), began).open).toBe(true);
  });
});
