/**
 * Projects the instructor reviews, and the letters an approval issues (issue 23): the student's calls
 * (/api/v1/courses/{slug}/projects/, /api/v1/projects/{id}/submissions/, /api/v1/project-submissions/),
 * the studio's (/api/v1/admin/courses/{id}/projects/, /api/v1/admin/projects/{id}/,
 * /api/v1/admin/project-submissions/, /api/v1/admin/letters/{id}/revoke/) and the public letter
 * (/api/v1/letters/{letter_id}/). The server parses these schemas and the web forms validate with them.
 */
import { z } from 'zod';
import { idSchema } from './ids.js';
import { tooLongMessage } from './messages.js';
import { pageOf, pageQuerySchema } from './admin.js';

export const projectMessages = {
  repositoryRequired: 'Enter the address of your repository.',
  repositoryHost: 'Use an https:// address on GitHub, GitLab, Bitbucket or Codeberg.',
  liveUrl: 'Use an https:// address.',
  fileRequired: 'This project asks for a file: attach a PDF or a ZIP archive.',
  fileType: 'Attach a PDF or a ZIP archive.',
  titleRequired: 'Give the project a title.',
  criteriaRequired: 'Add at least one criterion the project is judged by.',
  criterionEmpty: 'Write the criterion, or remove the line.',
  feedbackRequired: 'Write the feedback the student reads.',
  decisionRequired: 'Choose a decision.',
  everyCriterion: 'Mark every criterion met or not yet.',
  approveNeedsAllMet: 'Every criterion must be met to approve.',
  reasonRequired: 'Say why the letter is revoked.',
} as const;

export const NOTES_MAX = 5_000;
export const FEEDBACK_MAX = 10_000;
export const COMMENT_MAX = 2_000;
export const CRITERIA_MAX = 20;
/** The hosts a repository may live on (and their subdomains' absence: exactly these). */
export const repositoryHosts = ['github.com', 'gitlab.com', 'bitbucket.org', 'codeberg.org'] as const;
/** The file a submission may carry: PDF or ZIP (checked by content on the server), as large as a lesson resource. */
export const submissionFileAccept = '.pdf,.zip,application/pdf,application/zip';

/** Statuses in every answer. */
export const submissionStatuses = ['submitted', 'in_review', 'changes_requested', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];
export const submissionStatusSchema = z.enum(submissionStatuses);
export const reviewDecisions = ['approved', 'changes_requested', 'rejected'] as const;
export type ReviewDecision = (typeof reviewDecisions)[number];

/** How each status reads to a person (the student's timeline, the studio's queue). */
export const submissionStatusLabels: Record<SubmissionStatus, string> = {
  submitted: 'Submitted',
  in_review: 'In review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  rejected: 'Not approved',
};

function httpsUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password ? url : undefined;
  } catch {
    return undefined;
  }
}

const url = (max = 500) => z.string().trim().max(max, tooLongMessage(max));

/** A repository: https only, on one of `repositoryHosts`, with an owner and a name in the path. */
export const repositoryUrlSchema = url()
  .min(1, projectMessages.repositoryRequired)
  .refine((value) => {
    const parsed = httpsUrl(value);
    return Boolean(
      parsed && (repositoryHosts as readonly string[]).includes(parsed.hostname.toLowerCase()) && parsed.pathname.split('/').filter(Boolean).length >= 2,
    );
  }, projectMessages.repositoryHost);

/** A live demo: any https address. */
export const liveUrlSchema = url().refine((value) => Boolean(httpsUrl(value)), projectMessages.liveUrl);

/** POST /projects/{id}/submissions/ and /project-submissions/{id}/resubmit/ (JSON, or multipart with `file`). */
export const submissionBodySchema = z.object({
  repository_url: repositoryUrlSchema,
  /** '' (an empty input) is the same as absent. */
  live_url: z.union([z.literal(''), liveUrlSchema]).optional(),
  notes: z.string().max(NOTES_MAX, tooLongMessage(NOTES_MAX)).optional(),
});
export type SubmissionBody = z.infer<typeof submissionBodySchema>;
export const submissionFields = ['repository_url', 'live_url', 'notes'] as const;

// ---------------------------------------------------------------- projects

const text = (min: number, max: number, required: string) => z.string().trim().min(min, required).max(max, tooLongMessage(max));

export const criteriaSchema = z
  .array(z.string().trim().min(1, projectMessages.criterionEmpty).max(300, tooLongMessage(300)))
  .min(1, projectMessages.criteriaRequired)
  .max(CRITERIA_MAX, `Use at most ${CRITERIA_MAX} criteria.`);

/** The studio's project: POST /admin/courses/{id}/projects/ (PATCH takes any subset, plus position and published). Brief HTML is sanitised by the server. */
export const projectBodySchema = z.object({
  title: text(3, 200, projectMessages.titleRequired),
  summary: z.string().trim().max(500, tooLongMessage(500)).default(''),
  brief: z.string().max(100_000, tooLongMessage(100_000)).default(''),
  criteria: criteriaSchema,
  file_required: z.boolean().default(false),
});
export type ProjectBody = z.infer<typeof projectBodySchema>;
export const projectPatchSchema = projectBodySchema
  .partial()
  .extend({ position: z.number().int().min(0).max(1000).optional(), published: z.boolean().optional() })
  .strict();
export type ProjectPatch = z.infer<typeof projectPatchSchema>;
export const projectFields = ['title', 'summary', 'brief', 'criteria', 'file_required'] as const;

/** GET /courses/{slug}/projects/: title and summary for everyone; brief and criteria only for who may open the course (else null). */
export const projectSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  brief: z.string().nullable(),
  criteria: z.array(z.string()).nullable(),
  file_required: z.boolean(),
});
export type Project = z.infer<typeof projectSchema>;

/** The studio's view of a project (drafts too, in their order). */
export const adminProjectSchema = projectSchema.extend({
  brief: z.string(),
  criteria: z.array(z.string()),
  position: z.number().int(),
  published: z.boolean(),
  submission_count: z.number().int(),
});
export type AdminProject = z.infer<typeof adminProjectSchema>;

// ---------------------------------------------------------------- submissions

export const criterionReviewSchema = z.object({
  criterion: z.string().trim().min(1).max(300, tooLongMessage(300)),
  met: z.boolean(),
  comment: z.string().trim().max(COMMENT_MAX, tooLongMessage(COMMENT_MAX)).optional(),
});

/** One hand-in and what the reviewer decided on it. */
export const submissionRoundSchema = z.object({
  number: z.number().int(),
  repository_url: z.string(),
  live_url: z.string().nullable(),
  notes: z.string(),
  file: z.object({ name: z.string(), size_bytes: z.number().int(), url: z.string() }).nullable(),
  submitted_at: z.string(),
  /** When a reviewer opened it (null: still waiting). */
  review_started_at: z.string().nullable(),
  decision: z.enum(reviewDecisions).nullable(),
  decided_at: z.string().nullable(),
  feedback: z.string(),
  criteria: z.array(z.object({ criterion: z.string(), met: z.boolean(), comment: z.string().nullable() })),
  reviewer_name: z.string().nullable(),
});
export type SubmissionRound = z.infer<typeof submissionRoundSchema>;

/** The student's submission (GET /project-submissions/ and /{id}/): its rounds oldest first. */
export const submissionSchema = z.object({
  id: z.number().int(),
  status: submissionStatusSchema,
  project: z.object({ id: z.number().int(), title: z.string(), criteria: z.array(z.string()), file_required: z.boolean() }),
  course: z.object({ id: z.number().int(), title: z.string(), slug: z.string() }),
  submitted_at: z.string(),
  updated_at: z.string(),
  rounds: z.array(submissionRoundSchema),
  letter_id: z.string().nullable(),
});
export type Submission = z.infer<typeof submissionSchema>;
/** POST answers the new submission: 201 with `id` and `status: "submitted"`. */
export const submissionCreatedSchema = submissionSchema;

// ---------------------------------------------------------------- the review queue

export const adminSubmissionQuerySchema = pageQuerySchema.extend({
  status: submissionStatusSchema.optional(),
  course_id: idSchema('Choose a course.').optional(),
});
export type AdminSubmissionQuery = z.infer<typeof adminSubmissionQuerySchema>;

export const adminSubmissionItemSchema = z.object({
  id: z.number().int(),
  status: submissionStatusSchema,
  student: z.object({ id: z.number().int(), full_name: z.string(), email: z.string() }),
  project: z.object({ id: z.number().int(), title: z.string() }),
  course: z.object({ id: z.number().int(), title: z.string() }),
  /** The latest round's hand-in: the queue is oldest first by it. */
  submitted_at: z.string(),
  round: z.number().int(),
  days_waiting: z.number().int(),
});
export type AdminSubmissionItem = z.infer<typeof adminSubmissionItemSchema>;
/** A page of the queue and how many wait for a decision in all (the nav's count). */
export const adminSubmissionPageSchema = pageOf(adminSubmissionItemSchema).extend({ waiting: z.number().int() });
export type AdminSubmissionPage = z.infer<typeof adminSubmissionPageSchema>;

export const adminSubmissionSchema = submissionSchema.extend({
  student: z.object({ id: z.number().int(), full_name: z.string(), email: z.string() }),
  letter_status: z.enum(['valid', 'revoked']).nullable(),
});
export type AdminSubmission = z.infer<typeof adminSubmissionSchema>;

/** POST /admin/project-submissions/{id}/review/: every criterion judged; an approval needs them all met. */
export const reviewBodySchema = z
  .object({
    decision: z.enum(reviewDecisions, projectMessages.decisionRequired),
    feedback: z.string().trim().min(1, projectMessages.feedbackRequired).max(FEEDBACK_MAX, tooLongMessage(FEEDBACK_MAX)),
    criteria: z.array(criterionReviewSchema).max(CRITERIA_MAX),
  })
  .refine((body) => body.decision !== 'approved' || body.criteria.every((c) => c.met), {
    message: projectMessages.approveNeedsAllMet,
    path: ['criteria'],
  });
export type ReviewBody = z.infer<typeof reviewBodySchema>;
/** The submission after the decision; an approval carries the new `letter_id`. */
export const reviewResultSchema = adminSubmissionSchema;

// ---------------------------------------------------------------- letters

export const letterStatuses = ['valid', 'revoked'] as const;

/** GET /letters/{letter_id}/ (public, never the student's email). */
export const letterSchema = z.object({
  letter_id: z.string(),
  /** The number printed on the letter (LTR-00001), also LinkedIn's credential id. */
  letter_number: z.string(),
  student_name: z.string(),
  course_title: z.string(),
  course_slug: z.string(),
  project_title: z.string(),
  criteria: z.array(z.string()),
  reviewer_name: z.string(),
  reviewer_role: z.string(),
  issued_at: z.string(),
  status: z.enum(letterStatuses),
  revoked_at: z.string().nullable(),
  revocation_reason: z.string().nullable(),
  verify_url: z.string(),
  credential_url: z.string(),
});
export type Letter = z.infer<typeof letterSchema>;

export const revokeBodySchema = z.object({
  reason: z.string().trim().min(1, projectMessages.reasonRequired).max(1_000, tooLongMessage(1_000)),
});
export type RevokeBody = z.infer<typeof revokeBodySchema>;
