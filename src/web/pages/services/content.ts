/** The services page copy. Figures are the spec's (section 9): 50+ projects, 30+ clients, 4.9/5, 1M+ users. */

export const services = [
  {
    icon: 'bi-window-stack',
    title: 'Web Applications',
    text: 'Customer portals, internal dashboards and SaaS products built with Django or Node.js and React: fast, accessible and ready to grow with you.',
    tags: ['Django', 'React', 'PostgreSQL'],
  },
  {
    icon: 'bi-plug',
    title: 'REST APIs & Integrations',
    text: 'Documented, versioned APIs and dependable integrations with payment gateways, CRMs, ERPs, shipping and messaging providers.',
    tags: ['OpenAPI', 'Stripe & Razorpay', 'Webhooks'],
  },
  {
    icon: 'bi-cpu',
    title: 'AI & Machine Learning',
    text: 'Assistants that answer from your own documents, recommendation and forecasting models, and document or image processing, from prototype to production.',
    tags: ['LLMs & RAG', 'scikit-learn', 'PyTorch'],
  },
  {
    icon: 'bi-diagram-3',
    title: 'Automation & Data Pipelines',
    text: 'Replace spreadsheets and copy-paste with scheduled jobs, ETL pipelines, scrapers and reports that land in your inbox before the Monday meeting.',
    tags: ['Celery', 'ETL', 'Reporting'],
  },
  {
    icon: 'bi-cloud-check',
    title: 'Cloud & DevOps',
    text: 'Containerised deployments on AWS, Google Cloud or DigitalOcean with CI/CD, monitoring, backups and a hosting bill you can predict.',
    tags: ['Docker', 'CI/CD', 'Monitoring'],
  },
  {
    icon: 'bi-life-preserver',
    title: 'Maintenance & Support',
    text: 'Security patches, performance tuning, bug fixes and new features for software you already run, on a simple monthly plan with agreed response times.',
    tags: ['Security updates', 'SLAs', 'Upgrades'],
  },
] as const;

export const processSteps = [
  {
    icon: 'bi-chat-square-text',
    title: 'Discovery call',
    text: 'A free 30-minute call about your goals, users and constraints. You leave with honest advice, even if we are not the right fit.',
  },
  {
    icon: 'bi-clipboard-check',
    title: 'Proposal & plan',
    text: 'Within three business days: a written scope, milestones, a fixed quote and a realistic timeline.',
  },
  {
    icon: 'bi-code-slash',
    title: 'Design & build',
    text: 'Two-week sprints with a live demo at the end of each one and a staging link you can click through any time.',
  },
  {
    icon: 'bi-rocket-takeoff',
    title: 'Test & launch',
    text: 'Automated tests, a security review and a zero-downtime release, with your team trained on the new system.',
  },
  {
    icon: 'bi-graph-up-arrow',
    title: 'Support & grow',
    text: 'Thirty days of free fixes after launch, then an optional maintenance plan as your product and traffic grow.',
  },
] as const;

export const industries = [
  { icon: 'bi-mortarboard', title: 'Education & e-learning', text: 'Course platforms, student portals, online exams and certificates.' },
  { icon: 'bi-heart-pulse', title: 'Healthcare & clinics', text: 'Appointment booking, patient records and telehealth workflows.' },
  { icon: 'bi-bag-check', title: 'E-commerce & retail', text: 'Storefronts, inventory sync, order tracking and payment flows.' },
  { icon: 'bi-bank', title: 'Finance & fintech', text: 'Invoicing, reconciliation, dashboards and KYC integrations.' },
  { icon: 'bi-truck', title: 'Logistics & supply chain', text: 'Fleet tracking, route planning and warehouse automation.' },
  { icon: 'bi-buildings', title: 'Real estate & property', text: 'Listing portals, CRM integrations and tenant management.' },
] as const;

/** Client wordmarks, drawn as styled text (no third-party logos). */
export const trustedBy = [
  { name: 'BrightPath Logistics', short: 'BRIGHTPATH', sub: 'logistics', icon: 'bi-truck', style: 'wordmark-caps' },
  { name: 'Kaveri Foods', short: 'kaveri', sub: 'foods', icon: 'bi-basket', style: 'wordmark-round' },
  { name: 'Northwind Health Clinics', short: 'Northwind', sub: 'Health', icon: 'bi-heart-pulse', style: 'wordmark-serif' },
  { name: 'PayLink Africa', short: 'PayLink', sub: 'africa', icon: 'bi-credit-card-2-front', style: 'wordmark-bold' },
  { name: 'Alpenrad GmbH', short: 'ALPENRAD', sub: 'gmbh', icon: 'bi-bicycle', style: 'wordmark-wide' },
  { name: 'Harbourview Education', short: 'harbourview', sub: 'education', icon: 'bi-mortarboard', style: 'wordmark-mono' },
] as const;

export const reasons = [
  {
    icon: 'bi-person-badge',
    title: 'Senior engineers only',
    text: 'The people on your call write your code. No hand-offs to juniors and no outsourcing chains.',
  },
  {
    icon: 'bi-receipt',
    title: 'Fixed quotes, no surprises',
    text: 'A clear scope and price before work starts, and weekly updates so you always know where things stand.',
  },
  {
    icon: 'bi-key',
    title: 'You own everything',
    text: 'Source code, infrastructure and accounts are yours from day one, in your own repository and cloud.',
  },
  {
    icon: 'bi-tools',
    title: 'Built to be maintained',
    text: 'Tests, documentation and a handover session, so any good developer can pick up the project after us.',
  },
] as const;

export const technologies = [
  'Python',
  'Django',
  'Django REST Framework',
  'FastAPI',
  'Node.js',
  'TypeScript',
  'React',
  'Next.js',
  'PostgreSQL',
  'Redis',
  'Celery',
  'Docker',
  'Kubernetes',
  'AWS',
  'Google Cloud',
  'LangChain',
  'PyTorch',
  'scikit-learn',
] as const;

export const achievements = [
  { value: '50+', label: 'Projects delivered', icon: 'bi-kanban' },
  { value: '30+', label: 'Happy clients', icon: 'bi-people' },
  { value: '4.9/5', label: 'Average client rating', icon: 'bi-star' },
  { value: '1M+', label: 'End users served', icon: 'bi-globe2' },
] as const;
