// The reviews module's public surface: the only file other modules may import.
export { replyToReview, reviewRefusal, setReviewHidden, studioReviews } from './service.js';
