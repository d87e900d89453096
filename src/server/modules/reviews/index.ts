// The reviews module's public surface: the only file other modules may import.
export { countReviewsBy, coursesReviewedBy, removeReviewsBy, replyToReview, reviewRefusal, setReviewHidden, studioReviews } from './service.js';
