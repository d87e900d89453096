import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../../test/admin.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import type { AdminCourse } from '../../../shared/admin.js';
import type { CourseDetail } from '../../../shared/catalog.js';
import { quizMessages, type QuizAttemptResult, type QuizAttempts, type QuizBodyInput, type QuizStats } from '../../../shared/quizzes.js';
import { auditLog, certificates, lessons, quizAttempts } from '../../db/schema/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let course: AdminCourse;
let sectionId: number;
const slug = 'quizzes-under-test';

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, { isAdmin: true });
  const categoryId = (await admin.call('GET', '/admin/categories/')).json<{ id: number }[]>()[0]!.id;
  course = (
    await admin.call('POST', '/admin/courses/', {
      title: 'Quizzes Under Test',
      subtitle: 'Checking what students understood',
      slug,
      course_type: 'free',
      complexity: 'Beginner',
      category_id: categoryId,
      course_description: '<p>Quizzes.</p>',
    })
  ).json<AdminCourse>();
  course = (await admin.call('POST', `/admin/courses/${course.id}/sections/`, { title: 'Basics' })).json<AdminCourse>();
  sectionId = course.sections[0]!.id;
  await addLesson({ lesson_title: 'Welcome', lesson_type: 'Article', lesson_content: '<p>Hello.</p>' });
  await addLesson({ lesson_title: 'Python Basics Quiz', lesson_type: 'quiz', quiz: basicsQuiz });
  expect((await admin.call('POST', `/admin/courses/${course.id}/publish/`)).statusCode).toBe(200);
});
afterAll(() => t.close());

const basicsQuiz: QuizBodyInput = {
  pass_percent: 60,
  max_attempts: 3,
  questions: [
    {
      prompt: 'Which keyword defines a function?',
      kind: 'single',
      options: [
        { text: 'def', correct: true },
        { text: 'fun', correct: false },
        { text: 'lambda', correct: false },
      ],
      explanation: 'def starts a function definition.',
    },
    {
      prompt: 'Which of these are sequences?',
      kind: 'multiple',
      options: [
        { text: 'list', correct: true },
        { text: 'tuple', correct: true },
        { text: 'int', correct: false },
      ],
      explanation: 'Lists and tuples are ordered.',
    },
    {
      prompt: 'Python indents blocks.',
      kind: 'true_false',
      options: [
        { text: 'True', correct: true },
        { text: 'False', correct: false },
      ],
    },
  ],
};

async function addLesson(body: Record<string, unknown>, section = sectionId) {
  const res = await admin.call('POST', `/admin/sections/${section}/lessons/`, body);
  expect(res.statusCode, res.body).toBe(201);
  course = res.json<AdminCourse>();
  return course.sections.flatMap((s) => s.lessons).at(-1)!;
}

async function student(enrolled = true) {
  const s = await signedIn(t);
  if (enrolled) expect((await s.call('POST', `/free-enroll/${course.id}/`)).statusCode).toBe(200);
  const detail = async (slugOf = slug) => (await s.call('GET', `/courses/${slugOf}/`)).json<CourseDetail>();
  const attempt = (uuid: string, answers: unknown) => s.call('POST', `/quizzes/${uuid}/attempts/`, { answers });
  return { ...s, detail, attempt };
}

const lessonsOf = (detail: CourseDetail) => detail.sections.flatMap((s) => s.lessons);
const quizLessonOf = (detail: CourseDetail, title = 'Python Basics Quiz') => lessonsOf(detail).find((l) => l.lesson_title === title)!;
const storedAttempts = async (userId: number) => (await t.handle.db.select().from(quizAttempts).where(eq(quizAttempts.userId, userId))).length;

/** Answers built from the studio's copy of the quiz: `right` picks the correct options, else the wrong ones. */
function answersFor(lessonTitle: string, right: (index: number) => boolean) {
  const quiz = course.sections.flatMap((s) => s.lessons).find((l) => l.lesson_title === lessonTitle)!.quiz!;
  return quiz.questions.map((question, index) => ({
    question_id: question.id,
    option_ids: right(index)
      ? question.options.filter((o) => o.correct).map((o) => o.id)
      : question.options
          .filter((o) => !o.correct)
          .slice(0, 1)
          .map((o) => o.id),
  }));
}

describe('a quiz in the course detail', () => {
  it('carries its questions for a student who may open it, and nothing about which options are right', async () => {
    const s = await student();
    const res = await s.call('GET', `/courses/${slug}/`);
    expect(res.body).not.toMatch(/correct|explanation/i);
    const lesson = quizLessonOf(res.json<CourseDetail>());
    expect(lesson.lesson_type).toBe('quiz');
    expect(lesson.quiz).toMatchObject({ pass_percent: 60, max_attempts: 3, attempts_used: 0 });
    expect(lesson.quiz!.questions.map((q) => q.kind)).toEqual(['single', 'multiple', 'true_false']);
    expect(Object.keys(lesson.quiz!.questions[0]!.options[0]!).sort()).toEqual(['id', 'text']);
    // The article lesson has no quiz field at all.
    expect(lessonsOf(res.json<CourseDetail>())[0]).not.toHaveProperty('quiz');
  });

  it('is null for a viewer who may not open the lesson (a visitor, a student not enrolled)', async () => {
    const visitor = (await t.app.inject({ url: `/api/v1/courses/${slug}/` })).json<CourseDetail>();
    expect(quizLessonOf(visitor)).toMatchObject({ is_locked: true, quiz: null });
    const outsider = await student(false);
    expect(quizLessonOf(await outsider.detail())).toMatchObject({ is_locked: true, quiz: null });
  });

  it('the studio reads the quiz back with its answers and audits it', async () => {
    const quiz = course.sections[0]!.lessons.find((l) => l.lesson_type === 'quiz')!.quiz!;
    expect(quiz.questions[1]!.options.map((o) => o.correct)).toEqual([true, true, false]);
    expect(quiz.questions[0]!.explanation).toBe('def starts a function definition.');
    expect(quiz.questions[2]!.explanation).toBeNull();
    const [entry] = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lesson.create'), eq(auditLog.entityId, String(course.id))));
    expect(entry).toBeDefined();
  });
});

describe('the studio refuses a quiz that cannot be graded', () => {
  it.each([
    ['a quiz lesson without a quiz', { lesson_title: 'Quiz', lesson_type: 'quiz' }],
    ['a video with a quiz', { lesson_title: 'Quiz', lesson_type: 'Video', video_source: 'https://youtu.be/dQw4w9WgXcQ', quiz: basicsQuiz }],
    [
      'a single-choice question with two right options',
      {
        lesson_title: 'Quiz',
        lesson_type: 'quiz',
        quiz: {
          pass_percent: 50,
          questions: [
            {
              prompt: 'Pick',
              kind: 'single',
              options: [
                { text: 'a', correct: true },
                { text: 'b', correct: true },
              ],
            },
          ],
        },
      },
    ],
    [
      'a true/false question with three options',
      {
        lesson_title: 'Quiz',
        lesson_type: 'quiz',
        quiz: {
          pass_percent: 50,
          questions: [
            {
              prompt: 'Pick',
              kind: 'true_false',
              options: [
                { text: 'a', correct: true },
                { text: 'b', correct: false },
                { text: 'c', correct: false },
              ],
            },
          ],
        },
      },
    ],
    ['a pass mark over 100', { lesson_title: 'Quiz', lesson_type: 'quiz', quiz: { ...basicsQuiz, pass_percent: 101 } }],
    ['no questions', { lesson_title: 'Quiz', lesson_type: 'quiz', quiz: { ...basicsQuiz, questions: [] } }],
  ])('%s: 400 and no lesson', async (_name, body) => {
    const before = course.sections[0]!.lessons.length;
    const res = await admin.call('POST', `/admin/sections/${sectionId}/lessons/`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('quiz');
    const after = (await admin.call('GET', `/admin/courses/${course.id}/`)).json<AdminCourse>();
    expect(after.sections[0]!.lessons).toHaveLength(before);
  });
});

describe('attempts', () => {
  it('malformed answers (an unknown question, an option of another question, two options for one choice) are 400 and store nothing', async () => {
    const s = await student();
    const lesson = quizLessonOf(await s.detail());
    const [q1, q2] = lesson.quiz!.questions;
    for (const answers of [
      [{ question_id: 999999, option_ids: [q1!.options[0]!.id] }],
      [{ question_id: q1!.id, option_ids: [q2!.options[0]!.id] }],
      [{ question_id: q1!.id, option_ids: [q1!.options[0]!.id, q1!.options[1]!.id] }],
      [
        { question_id: q1!.id, option_ids: [q1!.options[0]!.id] },
        { question_id: q1!.id, option_ids: [q1!.options[1]!.id] },
      ],
      [{ question_id: 'one', option_ids: 'all' }],
    ]) {
      const res = await s.attempt(lesson.uuid, answers);
      expect(res.statusCode, JSON.stringify(answers)).toBe(400);
    }
    expect((await s.call('POST', `/quizzes/${lesson.uuid}/attempts/`, {})).statusCode).toBe(400);
    expect(await storedAttempts(s.user.id)).toBe(0);
    expect(quizLessonOf(await s.detail()).quiz!.attempts_used).toBe(0);
  });

  it('a viewer who may not open the lesson gets 403 and nothing is stored; a visitor 401; a lesson that is no quiz 404', async () => {
    const outsider = await student(false);
    const uuid = quizLessonOf((await t.app.inject({ url: `/api/v1/courses/${slug}/` })).json<CourseDetail>()).uuid;
    const res = await outsider.attempt(
      uuid,
      answersFor('Python Basics Quiz', () => true),
    );
    expect(res.statusCode).toBe(403);
    expect(await storedAttempts(outsider.user.id)).toBe(0);
    expect((await outsider.call('GET', `/quizzes/${uuid}/attempts/`)).statusCode).toBe(403);
    const visitor = await t.app.inject({ method: 'POST', url: `/api/v1/quizzes/${uuid}/attempts/`, payload: { answers: [] } });
    expect(visitor.statusCode).toBe(401);
    const article = lessonsOf(await outsider.detail()).find((l) => l.lesson_type === 'Article')!;
    expect((await outsider.attempt(article.uuid, [])).statusCode).toBe(404);
  });

  it('a failed attempt tells only which questions were wrong; ticking the quiz by hand is refused; a pass completes the lesson and the course', async () => {
    const s = await student();
    const detail = await s.detail();
    const lesson = quizLessonOf(detail);
    const article = lessonsOf(detail).find((l) => l.lesson_type === 'Article')!;
    expect((await s.call('POST', '/complete-lesson/', { lesson_uuid: article.uuid })).json()).toMatchObject({ course_status: 'in_progress' });

    // One right of three: 33% < 60%.
    const failed = await s.attempt(
      lesson.uuid,
      answersFor('Python Basics Quiz', (i) => i === 0),
    );
    expect(failed.statusCode).toBe(200);
    expect(failed.body).not.toMatch(/correct_option_ids|explanation/);
    expect(failed.json<QuizAttemptResult>()).toMatchObject({ score_percent: 33, passed: false, attempts_left: 2 });
    expect(failed.json<QuizAttemptResult>().results.map((r) => r.correct)).toEqual([true, false, false]);
    expect((await s.call('GET', `/quizzes/${lesson.uuid}/attempts/`)).body).not.toMatch(/correct_option_ids|explanation/);

    const byHand = await s.call('POST', '/complete-lesson/', { lesson_uuid: lesson.uuid });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json()).toEqual({ detail: quizMessages.passToComplete });
    const early = await s.call('POST', `/course-complete/${slug}/${course.id}/`);
    expect(early.statusCode).toBe(409);
    expect(await t.handle.db.select().from(certificates).where(eq(certificates.userId, s.user.id))).toHaveLength(0);

    const after = await s.detail();
    expect(quizLessonOf(after)).toMatchObject({ completed_status: false, quiz: { attempts_used: 1 } });
    expect(JSON.stringify(after)).not.toMatch(/correct|explanation/i);

    // Two of three: 67% >= 60%.
    const passed = await s.attempt(
      lesson.uuid,
      answersFor('Python Basics Quiz', (i) => i !== 1),
    );
    const result = passed.json<QuizAttemptResult>();
    expect(result).toMatchObject({ score_percent: 67, passed: true, attempts_left: 1 });
    const studio = course.sections[0]!.lessons.find((l) => l.lesson_type === 'quiz')!.quiz!;
    expect(result.results).toEqual(
      studio.questions.map((q, i) => ({
        question_id: q.id,
        correct: i !== 1,
        correct_option_ids: q.options.filter((o) => o.correct).map((o) => o.id),
        explanation: q.explanation,
      })),
    );
    const done = await s.detail();
    expect(quizLessonOf(done).completed_status).toBe(true);
    expect(done.course_status).toBe('completed');
    expect(await t.handle.db.select().from(certificates).where(eq(certificates.userId, s.user.id))).toHaveLength(1);

    // Passed: no further attempt, and the attempts list now reveals the answers.
    const again = await s.attempt(
      lesson.uuid,
      answersFor('Python Basics Quiz', () => true),
    );
    expect(again.statusCode).toBe(409);
    const history = (await s.call('GET', `/quizzes/${lesson.uuid}/attempts/`)).json<QuizAttempts>();
    expect(history).toMatchObject({ attempts_used: 2, attempts_left: 1, passed: true });
    expect(history.attempts.map((a) => a.passed)).toEqual([true, false]);
    expect(history.attempts[1]!.results[1]!.correct_option_ids).toHaveLength(2);
    expect(await storedAttempts(s.user.id)).toBe(2);
  });
});

describe('the limit', () => {
  let lesson: { uuid: string };
  beforeAll(async () => {
    await addLesson({ lesson_title: 'One Shot Quiz', lesson_type: 'quiz', quiz: { ...basicsQuiz, max_attempts: 1 } });
    lesson = (await (await student(false)).detail()).sections.flatMap((s) => s.lessons).find((l) => l.lesson_title === 'One Shot Quiz')!;
  });

  it('out of attempts: the last one reveals the answers, one more is 409 and stores nothing', async () => {
    const s = await student();
    const last = (
      await s.attempt(
        lesson.uuid,
        answersFor('One Shot Quiz', () => false),
      )
    ).json<QuizAttemptResult>();
    expect(last).toMatchObject({ passed: false, attempts_left: 0, score_percent: 0 });
    expect(last.results.every((r) => r.correct_option_ids && 'explanation' in r)).toBe(true);
    const beyond = await s.attempt(
      lesson.uuid,
      answersFor('One Shot Quiz', () => true),
    );
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json()).toEqual({ detail: quizMessages.noAttemptsLeft });
    expect(await storedAttempts(s.user.id)).toBe(1);
    expect(quizLessonOf(await s.detail(), 'One Shot Quiz')).toMatchObject({ completed_status: false, quiz: { attempts_used: 1, max_attempts: 1 } });
  });

  it('two attempts at once: one is counted, the other is 409', async () => {
    const s = await student();
    const answers = answersFor('One Shot Quiz', () => false);
    const results = await Promise.all([s.attempt(lesson.uuid, answers), s.attempt(lesson.uuid, answers)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await storedAttempts(s.user.id)).toBe(1);
  });

  it('unlimited attempts (max_attempts null) say attempts_left null and never reveal before a pass', async () => {
    await addLesson({ lesson_title: 'Practice Quiz', lesson_type: 'quiz', quiz: { ...basicsQuiz, max_attempts: null } });
    const s = await student();
    const uuid = quizLessonOf(await s.detail(), 'Practice Quiz').uuid;
    for (let i = 0; i < 4; i++) {
      const res = (
        await s.attempt(
          uuid,
          answersFor('Practice Quiz', () => false),
        )
      ).json<QuizAttemptResult>();
      expect(res).toMatchObject({ attempt_number: i + 1, attempts_left: null, passed: false });
      expect(res.results[0]).not.toHaveProperty('correct_option_ids');
    }
  });
});

describe('the studio', () => {
  it('edits a quiz keeping the questions sent with their id, reorders them, and refuses another quiz’s ids', async () => {
    const lesson = course.sections[0]!.lessons.find((l) => l.lesson_title === 'Python Basics Quiz')!;
    const quiz = lesson.quiz!;
    const [first, second, third] = quiz.questions;
    const edited = await admin.call('PUT', `/admin/lessons/${lesson.id}/`, {
      lesson_title: lesson.lesson_title,
      lesson_type: 'quiz',
      quiz: {
        pass_percent: 50,
        max_attempts: 5,
        questions: [
          { ...third!, explanation: 'Indentation is syntax.' },
          { ...first!, options: [...first!.options, { text: 'func', correct: false }] },
          {
            prompt: 'What does len([1, 2]) return?',
            kind: 'single',
            options: [
              { text: '2', correct: true },
              { text: '1', correct: false },
            ],
          },
        ],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    course = edited.json<AdminCourse>();
    const after = course.sections[0]!.lessons.find((l) => l.id === lesson.id)!.quiz!;
    expect(after).toMatchObject({ pass_percent: 50, max_attempts: 5 });
    expect(after.questions.map((q) => q.id).slice(0, 2)).toEqual([third!.id, first!.id]);
    expect(after.questions.map((q) => q.id)).not.toContain(second!.id);
    expect(after.questions[1]!.options.map((o) => o.text)).toEqual(['def', 'fun', 'lambda', 'func']);
    expect(after.questions[0]!.explanation).toBe('Indentation is syntax.');

    const other = course.sections[0]!.lessons.find((l) => l.lesson_title === 'One Shot Quiz')!;
    const stolen = await admin.call('PUT', `/admin/lessons/${other.id}/`, {
      lesson_title: other.lesson_title,
      lesson_type: 'quiz',
      quiz: { pass_percent: 50, questions: [first] },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({ quiz: [quizMessages.notThisQuiz] });
  });

  it('shows the share of students right per question, hardest first, and each student’s attempts', async () => {
    const stats = (await admin.call('GET', `/admin/courses/${course.id}/quiz-stats/`)).json<QuizStats>();
    const oneShot = stats.find((s) => s.lesson_title === 'One Shot Quiz')!;
    expect(oneShot.students).toBe(2);
    expect(oneShot.questions.every((q) => q.right_percent === 0 && q.answered === 2)).toBe(true);
    const basics = stats.find((s) => s.lesson_title === 'Python Basics Quiz')!;
    // First attempts: one student got only the first question right.
    expect(basics).toMatchObject({ students: 1, passed: 1 });
    const percents = basics.questions.filter((q) => q.answered).map((q) => q.right_percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect((await admin.call('GET', '/admin/courses/999999/quiz-stats/')).statusCode).toBe(404);

    const s = await student();
    await s.attempt(
      quizLessonOf(await s.detail(), 'Practice Quiz').uuid,
      answersFor('Practice Quiz', () => true),
    );
    const detail = (await admin.call('GET', `/admin/students/${s.user.id}/`)).json<{ quiz_attempts: Array<{ lesson: { title: string }; passed: boolean }> }>();
    expect(detail.quiz_attempts).toEqual([
      expect.objectContaining({ lesson: expect.objectContaining({ title: 'Practice Quiz' }), passed: true, score_percent: 100 }),
    ]);
  });
});

describe('the demo catalog', () => {
  it('has a quiz in at least two courses, each with questions a student of the course can answer', async () => {
    const quizCourses = await t.handle.db.selectDistinct({ courseId: lessons.courseId }).from(lessons).where(eq(lessons.lessonType, 'quiz'));
    const seeded = quizCourses.filter((c) => c.courseId !== course.id);
    expect(seeded.length).toBeGreaterThanOrEqual(2);
    for (const slugOf of ['intermediate-python', 'django-rest-framework']) {
      const detail = (await admin.call('GET', `/courses/${slugOf}/`)).json<CourseDetail>();
      const quiz = lessonsOf(detail).find((l) => l.lesson_type === 'quiz')!;
      expect(quiz.quiz!.questions.length).toBeGreaterThanOrEqual(3);
      expect(JSON.stringify(detail)).not.toMatch(/correct|explanation/i);
    }
  });
});
