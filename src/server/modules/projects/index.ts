// The projects module's public surface (projects, submissions, reviews, letters): the only file other modules may import.
export {
  countLetters,
  createProject,
  decideSubmission,
  deleteProject,
  getStudioProject,
  hasPublishedProject,
  openForReview,
  reviewQueue,
  revokeLetter,
  studioProjects,
  studioRoundFile,
  updateProject,
  waitingSubmissions,
  type Decided,
  type ProjectInput,
  type Reviewer,
} from './service.js';
