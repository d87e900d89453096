/** Title, description and keywords of every page, shared by the server's HTML head and the web app. */
export interface PageMeta {
  title: string;
  description: string;
  keywords: string;
  /** Pages behind a login, or forms, are kept out of search engines. */
  noindex?: boolean;
}

/** The site's name: page titles, and the seller on an invoice until the studio gives its legal name. */
export const siteName = 'Lectern';
const site = siteName;
const keywords = 'programming courses, python, django, rest api, machine learning, ai, web development, project-based learning';

export const pageMeta = {
  home: {
    title: `${site} | Project-Based Programming Courses`,
    description: 'Learn Python, Django, REST APIs, machine learning, AI and web development by building real projects. Earn a pre-experience letter.',
    keywords,
  },
  courses: {
    title: 'Courses | Project-Based',
    description: 'Free and premium project-based courses on Python, Django, REST APIs, machine learning, AI and web development.',
    keywords,
  },
  courseDetail: { title: 'Course Details', description: 'Course details, curriculum and instructor.', keywords },
  bundleDetail: { title: 'Course Bundle', description: 'Several courses together for one price, less than buying them one by one.', keywords },
  services: {
    title: `Custom Software Development Services | ${site}`,
    description: 'Web apps, APIs, AI and automation built for your business by an experienced engineering team. Book a free consultation.',
    keywords: 'custom software development, web development agency, django development, ai solutions, api development',
  },
  contact: {
    title: `Contact | ${site}`,
    description: 'Questions about a course or a project? Send us a message and we will reply within one business day.',
    keywords,
  },
  roadmap: {
    title: `Learning Roadmap | ${site}`,
    description: 'An eight-step path from your first line of Python to deploying AI-powered web applications.',
    keywords,
  },
  subscribe: {
    title: `Membership Plans | ${site}`,
    description: 'One membership, every course: monthly, yearly or lifetime access to all premium courses.',
    keywords,
  },
  reviews: { title: `Student and Client Reviews | ${site}`, description: 'What students and clients say about learning and building with us.', keywords },
  terms: { title: `Terms and Conditions | ${site}`, description: 'The terms that apply when you use this site and its courses.', keywords },
  privacy: { title: `Privacy Policy | ${site}`, description: 'How we collect, use and protect your personal information.', keywords },
  refund: { title: `Cancellation and Refund Policy | ${site}`, description: '30-day money-back guarantee: how cancellations and refunds work.', keywords },
  checkout: { title: `Checkout | ${site}`, description: 'Complete your enrolment.', keywords, noindex: true },
  pendingActivation: { title: `Activating Subscription | ${site}`, description: 'Your subscription is being activated.', keywords, noindex: true },
  login: { title: `Sign In | ${site}`, description: 'Sign in to continue learning.', keywords, noindex: true },
  register: { title: `Create Your Account | ${site}`, description: 'Create a free account to start learning.', keywords, noindex: true },
  forgotPassword: { title: `Reset Your Password | ${site}`, description: 'Get a link to reset your password.', keywords, noindex: true },
  resetPassword: { title: `Choose a New Password | ${site}`, description: 'Choose a new password.', keywords, noindex: true },
  emailPreferences: { title: `Email Preferences | ${site}`, description: 'Choose which emails reach you.', keywords, noindex: true },
  comingSoon: { title: `Coming Soon | ${site}`, description: 'Something new is on its way.', keywords },
  lesson: { title: `Lesson | ${site}`, description: 'Course lesson.', keywords, noindex: true },
  account: { title: `My Account | ${site}`, description: 'Your learning dashboard.', keywords, noindex: true },
  studio: { title: `Studio | ${site}`, description: "The instructor's studio.", keywords, noindex: true },
  notFound: { title: `Page Not Found | ${site}`, description: 'The page you are looking for does not exist.', keywords, noindex: true },
} satisfies Record<string, PageMeta>;
export type PageKey = keyof typeof pageMeta;

/** Public, indexable routes (the sitemap lists these plus every course). */
export const publicPaths: { path: string; page: PageKey }[] = [
  { path: '/', page: 'home' },
  { path: '/courses', page: 'courses' },
  { path: '/services', page: 'services' },
  { path: '/contact', page: 'contact' },
  { path: '/roadmap', page: 'roadmap' },
  { path: '/subscribe', page: 'subscribe' },
  { path: '/course-reviews', page: 'reviews' },
  { path: '/terms-and-conditions', page: 'terms' },
  { path: '/privacy-policy', page: 'privacy' },
  { path: '/cancellation-refund-policy', page: 'refund' },
];

/** Client routes that exist but are not in the sitemap. */
export const otherPaths: { pattern: RegExp; page: PageKey }[] = [
  { pattern: /^\/checkout\/?$/, page: 'checkout' },
  { pattern: /^\/pending-activation\/?$/, page: 'pendingActivation' },
  { pattern: /^\/login\/?$/, page: 'login' },
  { pattern: /^\/register\/?$/, page: 'register' },
  { pattern: /^\/forget\/password\/?$/, page: 'forgotPassword' },
  { pattern: /^\/reset\/password\/?$/, page: 'resetPassword' },
  // Reached from an email's footer with its signed token, without signing in.
  { pattern: /^\/email-preferences\/?$/, page: 'emailPreferences' },
  { pattern: /^\/coming-soon\/?$/, page: 'comingSoon' },
  { pattern: /^\/lesson\/[^/]+(\/[^/]+\/[^/]+)?\/?$/, page: 'lesson' },
  {
    pattern:
      /^\/(dashboard|enrolled-courses|my-profile|order-history|question-answer|certificate-download|subscription|subscription\/history|order\/success|order\/failure|order\/details\/[^/]+)\/?$/,
    page: 'account',
  },
  { pattern: /^\/certificates\/[^/]+\/?$/, page: 'account' },
  // The student's projects (/projects/) and a project's own page (/projects/{id}): signed-in reading.
  { pattern: /^\/projects(\/\d+)?\/?$/, page: 'account' },
  { pattern: /^\/admin(\/[^?#]*)?$/, page: 'studio' },
];
