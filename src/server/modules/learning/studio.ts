/** What the instructor's studio does with a student's learning: their courses and questions, enrolling and revoking by hand. */
import type { AdminQuestion } from '../../../shared/inbox.js';
import type { Enrolment, Question } from '../../../shared/learning.js';
import type { Database, Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { getCourseSummary } from '../catalog/index.js';
import { activeEnrolment, enrol, enrolmentSources, revokeEnrolmentById } from '../enrolments/index.js';
import * as q from './queries.js';
import { describeQuestions, loadQuestions, studentCourses } from './service.js';

export interface StudentLearning {
  enrolments: (Enrolment & { source: string })[];
  questions: Question[];
}

export async function studentLearning(db: Database, userId: number): Promise<StudentLearning> {
  const [enrolled, sources, questions] = await Promise.all([studentCourses(db, userId, {}), enrolmentSources(db, userId), loadQuestions(db, { userId })]);
  return { enrolments: enrolled.map((e) => ({ ...e, source: sources.get(e.id) ?? 'admin' })), questions };
}

/** Enrols a student in a course by hand ('admin'): 409 when they already hold it, so nothing changes twice. */
export async function enrolByHand(tx: Tx, userId: number, courseId: number): Promise<{ title: string }> {
  const course = await getCourseSummary(tx, courseId);
  if (!course) throw AppError.fields({ course_id: ['This course does not exist.'] });
  if (await activeEnrolment(tx, userId, courseId)) throw new AppError('conflict', 'This student is already enrolled in this course.');
  await enrol(tx, userId, [courseId], 'admin');
  return { title: course.title };
}

/** Revokes a student's enrolment (their progress is kept should they be enrolled again). */
export async function revokeEnrolment(tx: Tx, userId: number, courseId: number): Promise<{ source: string }> {
  const row = await activeEnrolment(tx, userId, courseId, true);
  if (!row) throw AppError.notFound('This student is not enrolled in this course.');
  await revokeEnrolmentById(tx, row.id);
  return { source: row.source };
}

/**
 * The studio's Q&A inbox: one page of questions across every course, unanswered first (newest
 * first within each), each with its student, course, lesson and answers.
 */
export async function questionInbox(
  db: Database,
  filter: { answered?: boolean | undefined; courseId?: number | undefined },
  limit: number,
  offset: number,
): Promise<{ results: AdminQuestion[]; total: number; unanswered: number }> {
  const page = await q.selectQuestionPage(db, filter, limit, offset);
  if (!page.ids.length) return { results: [], total: page.total, unanswered: page.unanswered };
  const { questions, people } = await describeQuestions(db, { questionIds: page.ids });
  const byId = new Map(questions.map((d) => [d.question.id, d]));
  const results = page.ids.flatMap((id) => {
    const found = byId.get(id);
    if (!found) return [];
    const person = people.get(found.userId);
    const student = person ? { id: person.id, email: person.email, full_name: person.fullName } : null;
    return [{ ...found.question, student, answered: found.question.answers.length > 0 }];
  });
  return { results, total: page.total, unanswered: page.unanswered };
}
