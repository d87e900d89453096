import { waitInWords } from './text.js';

/** The spec's field error for a text longer than its limit (the server answers it with 400, the forms show it). */
export const tooLongMessage = (max: number) => `Ensure this field has no more than ${max} characters.`;

/** User-visible texts from the spec, used by server and web alike. Keep them exact. */
export const messages = {
  courses: {
    listFailed: 'Failed to load courses. Please try again.',
    empty: 'No courses available.',
    detailFailed: 'Failed to load course. Please try again.',
    linkCopied: 'Link copied to clipboard!',
  },
  contact: {
    nameRequired: 'Name is required',
    emailRequired: 'Email is required',
    emailInvalid: 'Enter a valid email address',
    roleRequired: 'Please select a role',
    messageRequired: 'Message is required',
    projectRequired: 'Please describe your project or idea',
    specifyRequired: 'Please specify',
    captchaRequired: 'Please complete the reCAPTCHA verification.',
    failed: 'Something went wrong. Please try again.',
    noData: 'Failed to send message.',
    sent: "Thank you! Your message has been sent. We'll get back to you within one business day.",
  },
  captcha: {
    failed: 'reCAPTCHA verification failed. Try again.',
    unavailable: 'Could not verify reCAPTCHA. Try again later.',
    required: 'Please complete the reCAPTCHA verification.',
  },
  http: {
    notFound: 'Not found.',
    server: 'Something went wrong on our side. Please try again.',
    badRequest: 'The request could not be read.',
    invalidCharacters: 'This value contains a character that is not allowed.',
    tooDeep: 'The request is nested too deeply.',
  },
} as const;

/**
 * Every rate-limit answer (per address, per account, in this process or in Redis): what happened
 * and how long to wait, in words ('Too many attempts. Try again in 9 minutes.').
 */
export function tooManyAttempts(retryAfterSeconds: number): string {
  return `Too many attempts. Try again ${waitInWords(retryAfterSeconds)}.`;
}
