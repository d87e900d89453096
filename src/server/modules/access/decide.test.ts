// The access rule as plain data: facts in, decision out. No app, no database (the scenarios that
// read the facts from the database are in access.test.ts).
import { describe, expect, it } from 'vitest';
import { canOpenLesson, decideAccess, type AccessFacts, type AccessReason, type CourseAccess } from './service.js';

type EnrolmentSource = NonNullable<AccessFacts['enrolment']>['source'];

const enrolment = (source: EnrolmentSource): AccessFacts['enrolment'] => ({ id: 1, courseId: 7, status: 'in_progress', source });

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
  const access = (full: boolean): CourseAccess => ({ courseId: 7, reason: full ? 'enrolled' : 'none', full, enrolment: null });
  const cases: [string, boolean, boolean, boolean][] = [
    ['a preview lesson, no access', false, true, true],
    ['a preview lesson, full access', true, true, true],
    ['a premium lesson, no access', false, false, false],
    ['a premium lesson, full access', true, false, true],
  ];

  it.each(cases)('%s', (_name, full, enablePreview, opens) => {
    expect(canOpenLesson(access(full), { enablePreview })).toBe(opens);
  });
});
