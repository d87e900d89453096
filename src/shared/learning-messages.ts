// The learning texts, without zod: the storefront's first paint imports them (issue 13).

export const learningMessages = {
  enrolled: 'Successfully enrolled in the course!',
  enrollmentFailed: 'Enrollment failed',
  notFree: 'This course is not free. Add it to your cart to buy it.',
  alreadyEnrolled: 'You are already enrolled in this course.',
  lessonLocked: 'This lesson is exclusive to members. Enrol in the course to open it.',
  notEnrolled: 'You are not enrolled in this course.',
  /** A lesson a drip schedule still holds back (403, with its available_at); the player shows 'Available on {date}'. */
  notAvailableYet: 'This lesson is not available yet.',
  certificateHint: 'Finish course to get your certificate',
  /** 'Complete Course' before every lesson is completed (409). */
  finishEveryLesson: (done: number, total: number) => `Complete every lesson to finish the course and get your certificate: ${done} of ${total} lessons done.`,
} as const;
