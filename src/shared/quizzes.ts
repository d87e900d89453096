/**
 * Quizzes (a lesson type): what the player gets (never which options are correct), the attempt it
 * sends and the graded answer, and the studio's quiz as the curriculum editor writes it.
 */
import { z } from 'zod';
import { idSchema } from './ids.js';

export const quizKinds = ['single', 'multiple', 'true_false'] as const;
export const quizKindSchema = z.enum(quizKinds);
export type QuizKind = z.infer<typeof quizKindSchema>;

export const quizKindLabels: Record<QuizKind, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  true_false: 'True / false',
};

export const quizMessages = {
  notAQuiz: 'This lesson is not a quiz.',
  passedAlready: 'You passed this quiz already.',
  noAttemptsLeft: 'You have no attempts left at this quiz.',
  passToComplete: 'Pass the quiz to complete this lesson.',
  unknownQuestion: 'This question is not part of the quiz.',
  unknownOption: 'This option is not one of the question’s options.',
  answeredTwice: 'Each question may be answered once.',
  oneOption: 'Choose one option for this question.',
  quizRequired: 'A quiz lesson needs its questions, pass mark and attempts.',
  quizOnlyForQuiz: 'Only a quiz lesson has questions.',
  oneCorrect: 'Mark exactly one option as correct.',
  someCorrect: 'Mark at least one option as correct.',
  trueFalseOptions: 'A true / false question has exactly two options.',
  notThisQuiz: 'This question is not part of this quiz.',
  notThisQuestion: 'This option is not part of this question.',
} as const;

// ---------------------------------------------------------------- the player

export const quizOptionSchema = z.object({ id: z.number().int(), text: z.string() });
export const quizQuestionSchema = z.object({ id: z.number().int(), prompt: z.string(), kind: quizKindSchema, options: z.array(quizOptionSchema) });
/** A quiz in the course detail, for a viewer who may open it: no correctness anywhere. */
export const lessonQuizSchema = z.object({
  pass_percent: z.number().int(),
  /** null: unlimited. */
  max_attempts: z.number().int().nullable(),
  attempts_used: z.number().int(),
  questions: z.array(quizQuestionSchema),
});
export type LessonQuiz = z.infer<typeof lessonQuizSchema>;
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

export const quizAttemptBodySchema = z
  .object({
    answers: z
      .array(
        z.object({
          question_id: idSchema(),
          option_ids: z.array(idSchema()).max(20),
        }),
      )
      .max(200),
  })
  .strict();
export type QuizAttemptBody = z.infer<typeof quizAttemptBodySchema>;

/** One question of a stored attempt: what was chosen and whether it was right. */
export interface QuizAttemptAnswer {
  question_id: number;
  option_ids: number[];
  correct: boolean;
}

export const quizResultSchema = z.object({
  question_id: z.number().int(),
  correct: z.boolean(),
  /** Only once the quiz is passed or no attempts are left. */
  correct_option_ids: z.array(z.number().int()).optional(),
  explanation: z.string().nullable().optional(),
});
export type QuizResult = z.infer<typeof quizResultSchema>;

export const quizAttemptResultSchema = z.object({
  attempt_number: z.number().int(),
  score_percent: z.number().int(),
  passed: z.boolean(),
  /** null: unlimited. */
  attempts_left: z.number().int().nullable(),
  results: z.array(quizResultSchema),
});
export type QuizAttemptResult = z.infer<typeof quizAttemptResultSchema>;

/** GET /quizzes/{lesson_uuid}/attempts/: the viewer's attempts, newest first, revealed as the last one would be. */
export const quizAttemptsSchema = z.object({
  attempts_used: z.number().int(),
  attempts_left: z.number().int().nullable(),
  passed: z.boolean(),
  attempts: z.array(
    quizAttemptResultSchema.omit({ attempts_left: true }).extend({
      created_at: z.string(),
      answers: z.array(z.object({ question_id: z.number().int(), option_ids: z.array(z.number().int()) })),
    }),
  ),
});
export type QuizAttempts = z.infer<typeof quizAttemptsSchema>;

// ---------------------------------------------------------------- the studio

const plainText = (max: number, required: string) =>
  z.string(required).trim().min(1, required).max(max, `Ensure this field has no more than ${max} characters.`);

export const quizOptionBodySchema = z.object({
  /** An option kept from the saved quiz (its id), or a new one. */
  id: idSchema().optional(),
  text: plainText(500, 'Write the option.'),
  correct: z.boolean().default(false),
});

export const quizQuestionBodySchema = z
  .object({
    /** A question kept from the saved quiz (its id, so its students' answers still count), or a new one. */
    id: idSchema().optional(),
    prompt: plainText(2000, 'Write the question.'),
    kind: quizKindSchema,
    options: z.array(quizOptionBodySchema).min(2, 'Give at least two options.').max(10, 'At most 10 options.'),
    explanation: z
      .string()
      .trim()
      .max(5000, 'Ensure this field has no more than 5000 characters.')
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((question, ctx) => {
    const correct = question.options.filter((o) => o.correct).length;
    if (question.kind === 'true_false' && question.options.length !== 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: quizMessages.trueFalseOptions });
    if (question.kind === 'multiple' ? correct < 1 : correct !== 1)
      ctx.addIssue({ code: 'custom', path: ['options'], message: question.kind === 'multiple' ? quizMessages.someCorrect : quizMessages.oneCorrect });
  });

export const quizBodySchema = z.object({
  pass_percent: z.number('Give a pass mark.').int('A whole percent.').min(1, 'At least 1%.').max(100, 'At most 100%.'),
  max_attempts: z.number().int('A whole number.').min(1, 'At least one attempt.').max(100, 'At most 100 attempts.').nullable().default(null),
  questions: z.array(quizQuestionBodySchema).min(1, 'Add at least one question.').max(100, 'At most 100 questions.'),
});
export type QuizBody = z.infer<typeof quizBodySchema>;
export type QuizBodyInput = z.input<typeof quizBodySchema>;

/** The quiz as the studio reads it back: every answer with its ids. */
export const adminQuizSchema = z.object({
  pass_percent: z.number().int(),
  max_attempts: z.number().int().nullable(),
  questions: z.array(
    z.object({
      id: z.number().int(),
      prompt: z.string(),
      kind: quizKindSchema,
      explanation: z.string().nullable(),
      options: z.array(z.object({ id: z.number().int(), text: z.string(), correct: z.boolean() })),
    }),
  ),
});
export type AdminQuiz = z.infer<typeof adminQuizSchema>;

/** Per quiz of a course: the share of students right on each question at their first attempt, hardest first. */
export const quizStatsSchema = z.array(
  z.object({
    lesson_id: z.number().int(),
    lesson_title: z.string(),
    students: z.number().int(),
    passed: z.number().int(),
    questions: z.array(
      z.object({ question_id: z.number().int(), prompt: z.string(), answered: z.number().int(), right: z.number().int(), right_percent: z.number().int() }),
    ),
  }),
);
export type QuizStats = z.infer<typeof quizStatsSchema>;

/** A student's attempts as the studio's student page lists them. */
export const studentQuizAttemptSchema = z.object({
  course: z.object({ id: z.number().int(), title: z.string() }),
  lesson: z.object({ id: z.number().int(), title: z.string() }),
  attempt_number: z.number().int(),
  score_percent: z.number().int(),
  passed: z.boolean(),
  created_at: z.string(),
});
export type StudentQuizAttempt = z.infer<typeof studentQuizAttemptSchema>;
