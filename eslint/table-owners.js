// Who owns each table of src/server/db/schema (by the name it is exported under). The owner is a
// folder under src/server: a module (only its queries.ts reads and writes the table; everyone
// else asks the module's index.ts) or an infrastructure folder. The lint rule lectern/table-owner
// enforces it, and a table nobody owns cannot be imported: add a new table here with its schema.
export const tableOwners = {
  // accounts
  users: 'modules/accounts',
  refreshTokens: 'modules/accounts',
  oneTimeTokens: 'modules/accounts',

  // catalog: the courses and membership plans on sale, with their regional prices
  categories: 'modules/catalog',
  instructors: 'modules/catalog',
  courses: 'modules/catalog',
  courseSlugRedirects: 'modules/catalog',
  courseSections: 'modules/catalog',
  lessons: 'modules/catalog',
  lessonResources: 'modules/catalog',
  quizzes: 'modules/catalog',
  quizQuestions: 'modules/catalog',
  quizOptions: 'modules/catalog',
  coursePrices: 'modules/catalog',
  clientReviews: 'modules/catalog',
  roadmapSteps: 'modules/catalog',
  plans: 'modules/catalog',
  planPrices: 'modules/catalog',
  bundles: 'modules/catalog',
  bundleCourses: 'modules/catalog',
  bundlePrices: 'modules/catalog',

  // admin (the studio): the audit log of every change
  auditLog: 'modules/admin',

  // credentials: the public keys that have signed certificates and letters (the JWKS)
  credentialKeys: 'modules/credentials',

  // settings: site settings edited in the studio
  siteSettings: 'modules/settings',

  // cart
  carts: 'modules/cart',
  cartItems: 'modules/cart',
  cartBundles: 'modules/cart',

  // orders: checkout, coupons, payments and fulfilment (decision 0005)
  orders: 'modules/orders',
  orderItems: 'modules/orders',
  invoiceCounters: 'modules/orders',
  payments: 'modules/orders',
  orderRefunds: 'modules/orders',
  // the overview's daily roll-ups of them, kept by triggers (decision 0015)
  orderDaily: 'modules/orders',
  orderCourseDaily: 'modules/orders',
  providerEvents: 'modules/orders',
  coupons: 'modules/orders',
  couponCourses: 'modules/orders',
  couponBundles: 'modules/orders',
  couponRedemptions: 'modules/orders',

  // reviews: students' ratings and reviews of courses (the course's average and count are kept on courses by catalog)
  courseRatings: 'modules/reviews',

  // enrolments (facts): who holds which course and the lessons completed in it (progress lives in the enrolment)
  enrolments: 'modules/enrolments',
  lessonProgress: 'modules/enrolments',
  // the graded quiz attempts, facts beside the completed lessons (grading is learning's)
  quizAttempts: 'modules/enrolments',

  // learning: certificates and Q&A
  certificates: 'modules/learning',
  questions: 'modules/learning',
  answers: 'modules/learning',

  // memberships (facts): the membership records, one row per membership with its status and dates
  // (the SQL twin of isMembershipCurrent reads them); subscriptions writes them through its index
  subscriptions: 'modules/memberships',

  // subscriptions: a membership's history, provider customers and the notices sent about it
  subscriptionTransactions: 'modules/subscriptions',
  billingCustomers: 'modules/subscriptions',
  subscriptionNotices: 'modules/subscriptions',

  // reminders
  abandonedEmails: 'modules/reminders',
  emailUnsubscribes: 'modules/reminders',

  // projects: course projects, students' submissions and their review rounds, pre-experience letters
  projects: 'modules/projects',
  projectSubmissions: 'modules/projects',
  projectRounds: 'modules/projects',
  letters: 'modules/projects',
  // unlocks: dripped lessons opened early for one student (a fact access decides on)
  lessonUnlocks: 'modules/unlocks',
  // learning: the drip emails (what opened, at most one a day)
  dripNotices: 'modules/learning',
  dripSweeps: 'modules/learning',

  // broadcasts: the instructor's emails to an audience, one row per recipient, and who opted out of them
  broadcasts: 'modules/broadcasts',
  broadcastRecipients: 'modules/broadcasts',
  emailPreferences: 'modules/broadcasts',

  contactMessages: 'modules/contact',
  analyticsEvents: 'modules/analytics',

  // infrastructure
  jobs: 'jobs',
  devMailbox: 'integrations/mail',
  captchaSolutions: 'integrations/captcha',
  // The local Stripe and Razorpay sandboxes keep their payments (and their other objects) in two tables.
  sandboxPayments: ['integrations/stripe', 'integrations/razorpay'],
  sandboxObjects: ['integrations/stripe', 'integrations/razorpay'],
};
