/** The promise every project carries, wherever it is shown (the course page's block, the brief). */
export const reviewedByLine = 'Reviewed personally by the instructor';
