import { z } from 'zod';
import { idSchema } from './ids.js';
import { instructorSchema } from './catalog.js';

/**
 * What the studio's Site page edits besides the settings: the instructor shown on the home page
 * and every course page, and the reviews (testimonials) on the home page and /course-reviews.
 */

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;

/** Control characters (other than tab and, where allowed, line breaks) or angle brackets. */
const hasControlOrTag = (value: string, allowNewlines: boolean) =>
  [...value].some((ch) => {
    const code = ch.charCodeAt(0);
    if (ch === '<' || ch === '>') return true;
    if (code === 9 || (allowNewlines && (code === 10 || code === 13))) return false;
    return code < 32 || code === 127;
  });

const plain = (min: number, max: number, options: { multiline?: boolean; required?: string } = {}) =>
  z
    .string(options.required ?? 'This field is required.')
    .trim()
    .min(min, min <= 1 ? (options.required ?? 'This field is required.') : `Ensure this field has at least ${min} characters.`)
    .max(max, tooLong(max))
    .refine((v) => !hasControlOrTag(v, options.multiline ?? false), 'Use plain text.');

export const socialNetworks = {
  facebook_link: { label: 'Facebook', hosts: ['facebook.com', 'fb.com'] },
  linkedin_link: { label: 'LinkedIn', hosts: ['linkedin.com'] },
  github_link: { label: 'GitHub', hosts: ['github.com'] },
  youtube_link: { label: 'YouTube', hosts: ['youtube.com', 'youtu.be'] },
  instagram_link: { label: 'Instagram', hosts: ['instagram.com'] },
} as const;
export type SocialField = keyof typeof socialNetworks;
export const socialFields = Object.keys(socialNetworks) as SocialField[];

/** An https address on the network's own site, or empty (null: no link shown). */
const socialLink = (field: SocialField) => {
  const { label, hosts } = socialNetworks[field];
  const message = `Enter your ${label} address (https://${hosts[0]}/…), or leave it empty.`;
  return z
    .string()
    .trim()
    .max(300, tooLong(300))
    .nullable()
    .transform((v) => (v ? v : null))
    .refine((v) => {
      if (v === null) return true;
      try {
        const url = new URL(v);
        const host = url.hostname.toLowerCase();
        return url.protocol === 'https:' && !url.username && !url.password && hosts.some((h) => host === h || host.endsWith(`.${h}`));
      } catch {
        return false;
      }
    }, message);
};

export const instructorBodySchema = z
  .object({
    name: plain(2, 100),
    designation: plain(2, 120),
    email: z.string().trim().toLowerCase().max(254, tooLong(254)).pipe(z.email('Enter a valid email address.')).meta({ format: 'email' }),
    /** HTML from the rich-text editor; sanitised by the server when saved and when served. */
    bio: z.string().max(10_000, tooLong(10_000)),
    facebook_link: socialLink('facebook_link'),
    linkedin_link: socialLink('linkedin_link'),
    github_link: socialLink('github_link'),
    youtube_link: socialLink('youtube_link'),
    instagram_link: socialLink('instagram_link'),
  })
  .partial()
  .strict();
export type InstructorBody = z.infer<typeof instructorBodySchema>;
export const instructorFields = ['name', 'designation', 'email', 'bio', ...socialFields] as const;

export const adminInstructorSchema = instructorSchema.extend({ email: z.string() });
export type AdminInstructor = z.infer<typeof adminInstructorSchema>;

// ---------------------------------------------------------------- reviews

export const reviewBodySchema = z
  .object({
    name: plain(2, 100),
    company: plain(0, 120).default(''),
    rating: z
      .number('Choose a rating from 0 to 5.')
      .int('Choose a rating from 0 to 5.')
      .min(0, 'Choose a rating from 0 to 5.')
      .max(5, 'Choose a rating from 0 to 5.'),
    review: plain(10, 2000, { multiline: true }),
  })
  .strict();
export type ReviewBody = z.infer<typeof reviewBodySchema>;
export const reviewFields = ['name', 'company', 'rating', 'review'] as const;

export const adminReviewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string(),
  client_thumb: z.string(),
  rating: z.number().int(),
  review: z.string(),
  position: z.number().int(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const reviewOrderSchema = z.object({ ids: z.array(idSchema()).max(1000, 'Too many reviews.') }).strict();
export type ReviewOrder = z.infer<typeof reviewOrderSchema>;

export const reviewMessages = {
  orderMismatch: 'The order must list every review exactly once.',
  notFound: 'Review not found.',
} as const;
