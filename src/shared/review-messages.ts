/**
 * The reviews' limits and wording (reviews.ts holds their schemas): plain values, so the course
 * page's list of reviews loads without zod.
 */
export const REVIEW_MAX_LENGTH = 2000;
export const REPLY_MAX_LENGTH = 2000;
export const HIDE_REASON_MAX_LENGTH = 500;
/** Reviews per page of the public lists. */
export const REVIEWS_PAGE_SIZE = 10;

export const reviewMessages = {
  rating: 'Choose from 1 to 5 stars.',
  reviewTooLong: `Keep the review under ${REVIEW_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  notStudent: 'Only students of this course can rate it.',
  nothingCompleted: 'Complete a lesson of this course before rating it.',
  saved: 'Thank you: your review is saved.',
  updated: 'Your review is updated.',
  alreadyReplied: 'This review already has a reply.',
  alreadyHidden: 'This review is hidden already.',
  notHidden: 'This review is not hidden.',
  notFound: 'Review not found.',
} as const;
