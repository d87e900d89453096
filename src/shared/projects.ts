import { z } from 'zod';
import { pageOf, pageQuerySchema } from './admin.js';
import { idSchema } from './ids.js';

/**
 * Projects, submissions, reviews and pre-experience letters (issue 23): the contract the server
 * parses and answers with, and the web app's forms use.
 */

export const submissionStatuses = ['submitted', 'in_review', 'changes_requested', 'approved', 'rejected'] as const;
export const submissionStatusSchema = z.enum(submissionStatuses);
export type SubmissionStatus = z.infer<typeof submissionStatusSchema>;

export const reviewDecisions = ['approved', 'changes_requested', 'rejected'] as const;
export const reviewDecisionSchema = z.enum(reviewDecisions);
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;

/** What a student may still do about a submission in each status. */
export const submissionStatusLabels: Record<SubmissionStatus, string> = {
  submitted: 'Submitted',
  in_review: 'In review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  rejected: 'Not approved',
};

/** The hosts a repository may live on (https only). */
export const repositoryHosts = ['github.com', 'gitlab.com', 'bitbucket.org', 'codeberg.org'] as const;

export const NOTES_MAX = 5000;
export const URL_MAX = 500;
export const FEEDBACK_MAX = 10000;
export const COMMENT_MAX = 2000;
export const CRITERIA_MAX = 20;
export const CRITERION_MAX = 300;
export const BRIEF_MAX = 50000;

export const projectMessages = {
  repositoryUrl: 'Enter the https address of your repository on GitHub, GitLab, Bitbucket or Codeberg.',
  liveUrl: 'Enter the https address where your project runs, or leave it empty.',
  notesTooLong: `Keep your notes under ${NOTES_MAX.toLocaleString('en-US')} characters.`,
  fileType: 'Upload a PDF or a ZIP archive.',
  fileRequired: 'This project asks for a file: attach a PDF or a ZIP archive.',
  notAllowed: 'Only students who may open this course can submit its project.',
  alreadySubmitted: 'You already handed in this project: follow it on your projects page.',
  notChangesRequested: 'You can resubmit only after the reviewer asked for changes.',
  alreadyDecided: 'This round was already decided by another reviewer.',
  approvalNeedsEveryCriterion: 'Approve only when every criterion is met.',
  feedbackRequired: 'Tell the student what to change, or why it is not approved.',
  unknownCriterion: 'Review the criteria of this project, each once.',
  letterRevoked: 'This letter was revoked.',
  alreadyRevoked: 'This letter is already revoked.',
  hasSubmissions: 'Students have handed in this project: unpublish it instead of deleting it.',
  projectNotFound: 'Project not found.',
  submissionNotFound: 'Submission not found.',
  letterNotFound: 'Letter not found.',
} as const;

/** An address with no user name or password in it, of the given scheme. */
function parseHttps(value: string): URL | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' || url.username || url.password || !url.hostname) return undefined;
    return url;
  } catch {
    return undefined;
  }
}

export function isRepositoryUrl(value: string): boolean {
  const url = parseHttps(value);
  if (!url) return false;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  return (repositoryHosts as readonly string[]).includes(host) && url.pathname.replace(/\/+$/, '').split('/').filter(Boolean).length >= 2;
}

export function isLiveUrl(value: string): boolean {
  const url = parseHttps(value);
  return Boolean(url && url.hostname.includes('.'));
}

/** An optional text field of a form or a JSON body: '' or null is absent. */
const optionalText = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** POST /projects/{id}/submissions/ and POST /project-submissions/{id}/resubmit/ (JSON, or the fields of the multipart form with `file`). */
export const submissionBodySchema = z.object({
  repository_url: z
    .string(projectMessages.repositoryUrl)
    .trim()
    .max(URL_MAX, projectMessages.repositoryUrl)
    .refine(isRepositoryUrl, projectMessages.repositoryUrl),
  live_url: optionalText(z.string().trim().max(URL_MAX, projectMessages.liveUrl).refine(isLiveUrl, projectMessages.liveUrl)),
  notes: optionalText(z.string().max(NOTES_MAX, projectMessages.notesTooLong)),
});
export type SubmissionBody = z.infer<typeof submissionBodySchema>;

// ---------------------------------------------------------------- projects

/** A course's project as the student side shows it: `brief` and `criteria` only for those who may open the course (else null). */
export const projectSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  course_slug: z.string(),
  course_title: z.string(),
  position: z.number().int(),
  title: z.string(),
  summary: z.string(),
  file_required: z.boolean(),
  /** Whether the viewer may open the course, and so read the brief and submit. */
  unlocked: z.boolean(),
  brief: z.string().nullable(),
  criteria: z.array(z.string()).nullable(),
  /** The viewer's submission of this project, if any. */
  submission: z.object({ id: z.number().int(), status: submissionStatusSchema }).nullable(),
});
export type Project = z.infer<typeof projectSchema>;

const criterionText = z.string().trim().min(1, 'A criterion cannot be empty.').max(CRITERION_MAX, `Keep each criterion under ${CRITERION_MAX} characters.`);

/** The studio's project form: POST /admin/courses/{course_id}/projects/. */
export const projectBodySchema = z.object({
  title: z.string('Give the project a title.').trim().min(1, 'Give the project a title.').max(200),
  summary: z.string().trim().max(500, 'Keep the summary under 500 characters.').default(''),
  brief: z.string().max(BRIEF_MAX, 'The brief is too long.').default(''),
  criteria: z
    .array(criterionText, 'List the criteria the project is judged by.')
    .min(1, 'List at least one criterion.')
    .max(CRITERIA_MAX, `At most ${CRITERIA_MAX} criteria.`)
    .refine((list) => new Set(list.map((c) => c.toLowerCase())).size === list.length, 'Each criterion once.'),
  file_required: z.boolean().default(false),
  published: z.boolean().default(true),
});
export type ProjectBody = z.input<typeof projectBodySchema>;

/** PATCH /admin/projects/{project_id}/: the fields sent; `position` moves it among its course's projects (1 = first). */
export const projectPatchSchema = z
  .object({
    title: projectBodySchema.shape.title,
    summary: z.string().trim().max(500, 'Keep the summary under 500 characters.'),
    brief: z.string().max(BRIEF_MAX, 'The brief is too long.'),
    criteria: projectBodySchema.shape.criteria,
    file_required: z.boolean(),
    published: z.boolean(),
    position: z.number().int().min(1).max(1000),
  })
  .partial()
  .strict();
export type ProjectPatch = z.infer<typeof projectPatchSchema>;

export const adminProjectSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  summary: z.string(),
  brief: z.string(),
  criteria: z.array(z.string()),
  file_required: z.boolean(),
  published: z.boolean(),
  submission_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminProject = z.infer<typeof adminProjectSchema>;

// ---------------------------------------------------------------- submissions

export const criterionReviewSchema = z.object({ criterion: z.string(), met: z.boolean(), comment: z.string() });

export const submittedFileSchema = z.object({
  name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  /** Where its owner (student side) or a reviewer (studio side) downloads it, with the bearer token. */
  url: z.string(),
});

export const reviewSchema = z.object({
  decision: reviewDecisionSchema,
  feedback: z.string(),
  criteria: z.array(criterionReviewSchema),
  reviewer_name: z.string(),
  decided_at: z.string(),
});

export const roundSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  repository_url: z.string(),
  live_url: z.string().nullable(),
  notes: z.string(),
  file: submittedFileSchema.nullable(),
  submitted_at: z.string(),
  review_started_at: z.string().nullable(),
  review: reviewSchema.nullable(),
});
export type Round = z.infer<typeof roundSchema>;

export const timelineEvents = ['submitted', 'in_review', 'changes_requested', 'resubmitted', 'approved', 'rejected'] as const;
export const timelineEventLabels: Record<(typeof timelineEvents)[number], string> = {
  submitted: 'Submitted',
  in_review: 'In review',
  changes_requested: 'Changes requested',
  resubmitted: 'Resubmitted',
  approved: 'Approved',
  rejected: 'Not approved',
};
export const timelineEntrySchema = z.object({ event: z.enum(timelineEvents), at: z.string(), round: z.number().int() });

export const submissionSchema = z.object({
  id: z.number().int(),
  status: submissionStatusSchema,
  project_id: z.number().int(),
  project_title: z.string(),
  criteria: z.array(z.string()),
  course_id: z.number().int(),
  course_title: z.string(),
  course_slug: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Oldest first: every submit and resubmit with its review. */
  rounds: z.array(roundSchema),
  /** Submitted, In review, Changes requested, Resubmitted, Approved, Not approved, oldest first. */
  timeline: z.array(timelineEntrySchema),
  letter_id: z.string().nullable(),
});
export type Submission = z.infer<typeof submissionSchema>;

/** The review queue's row. */
export const adminSubmissionListItemSchema = z.object({
  id: z.number().int(),
  status: submissionStatusSchema,
  project_id: z.number().int(),
  project_title: z.string(),
  course_id: z.number().int(),
  course_title: z.string(),
  student_id: z.number().int(),
  student_name: z.string(),
  student_email: z.string(),
  round: z.number().int(),
  /** When the round now waiting (or last decided) was handed in. */
  submitted_at: z.string(),
  /** Whole days since then (0 on the day). */
  days_waiting: z.number().int(),
});
export type AdminSubmissionListItem = z.infer<typeof adminSubmissionListItemSchema>;

/** A page of the review queue (oldest first) and how many wait for a reviewer in all (submitted or in review): the inbox's count. */
export const adminSubmissionPageSchema = pageOf(adminSubmissionListItemSchema).extend({ waiting: z.number().int() });

export const adminSubmissionQuerySchema = pageQuerySchema.extend({
  status: submissionStatusSchema.optional(),
  course_id: idSchema().optional(),
});
export type AdminSubmissionQuery = z.infer<typeof adminSubmissionQuerySchema>;

export const adminSubmissionSchema = submissionSchema.extend({
  student_id: z.number().int(),
  student_name: z.string(),
  student_email: z.string(),
});
export type AdminSubmission = z.infer<typeof adminSubmissionSchema>;

export const reviewBodySchema = z.object({
  decision: reviewDecisionSchema,
  feedback: z
    .string()
    .trim()
    .max(FEEDBACK_MAX, `Keep the feedback under ${FEEDBACK_MAX.toLocaleString('en-US')} characters.`)
    .default(''),
  criteria: z
    .array(
      z.object({
        criterion: z.string().trim().min(1).max(CRITERION_MAX),
        met: z.boolean(),
        comment: z.string().trim().max(COMMENT_MAX, `Keep each comment under ${COMMENT_MAX} characters.`).default(''),
      }),
    )
    .max(CRITERIA_MAX),
});
export type ReviewBody = z.input<typeof reviewBodySchema>;

export const reviewResultSchema = adminSubmissionSchema.extend({ letter_id: z.string().nullable() });

// ---------------------------------------------------------------- letters

export const letterStatuses = ['valid', 'revoked'] as const;

/** GET /letters/{letter_id}/: public, never the student's email. */
export const letterSchema = z.object({
  letter_id: z.string(),
  number: z.string(),
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
  verify_url: z.string(),
  credential_url: z.string(),
  /** The share picture (og:image), a JPEG. */
  image_url: z.string(),
  /** LinkedIn's add-to-profile link for a certification, with the letter's URL and number. */
  linkedin_url: z.string(),
});
export type Letter = z.infer<typeof letterSchema>;
/** The public read: the letter and the result of checking its credential as an employer's verifier would. */
export const verifiedLetterSchema = letterSchema.extend({
  /** The site's public keys, which verify the credential. */
  jwks_url: z.string(),
  /** The credential's signature checks out against those keys; false once revoked (it has no credential then). */
  credential_verified: z.boolean(),
});
export type VerifiedLetter = z.infer<typeof verifiedLetterSchema>;

export const revokeBodySchema = z.object({
  reason: z.string('Say why the letter is revoked.').trim().min(3, 'Say why the letter is revoked.').max(1000),
});

export const siteMessages = { letterCourseWithoutProject: 'Choose a course that has a published project.' } as const;

/** The course the home page's 'Get Your Letter' banner leads to (null when no published course has a project). */
export const letterCourseSchema = z.object({ course_id: z.number().int(), slug: z.string(), title: z.string(), project_title: z.string() }).nullable();
export type LetterCourse = z.infer<typeof letterCourseSchema>;
