/** The suggested learning path: eight courses in order (spec: 1-2 weeks to 8 weeks, 2-3.5 hours a day). */
export const roadmap: { slug: string; timeEstimate: string; note: string }[] = [
  {
    slug: 'python-foundations',
    timeEstimate: '2-3 weeks',
    note: 'Start here even if you have written a little code before. At 2-3 hours a day you will finish the budget tracker project within three weeks.',
  },
  {
    slug: 'html-css-fundamentals',
    timeEstimate: '1-2 weeks',
    note: 'Every web developer needs solid HTML and CSS. Spend 2 hours a day and publish your portfolio site by the end of week two.',
  },
  {
    slug: 'intermediate-python',
    timeEstimate: '3-4 weeks',
    note: 'Classes, generators and testing turn scripts into software. Plan on 2.5-3 hours a day and complete all three projects.',
  },
  {
    slug: 'django-for-beginners',
    timeEstimate: '2-3 weeks',
    note: 'Your first real web application. At 2-3 hours a day you will have a blog deployed on the internet.',
  },
  {
    slug: 'django-rest-framework',
    timeEstimate: '3-4 weeks',
    note: 'APIs are how modern products talk. Give it 2.5-3 hours a day and build the task manager API end to end.',
  },
  {
    slug: 'django-ecommerce',
    timeEstimate: '4-6 weeks',
    note: 'The big portfolio project: payments, orders and deployment. Around 3 hours a day gets you a live store in six weeks.',
  },
  {
    slug: 'react-django-fullstack',
    timeEstimate: '6-8 weeks',
    note: 'Bring everything together in a full-stack product. Plan 3-3.5 hours a day; this is the project that gets interviews.',
  },
  {
    slug: 'machine-learning-scikit-learn',
    timeEstimate: '8 weeks',
    note: 'Add machine learning to your toolkit. Take it steadily at 2-3.5 hours a day and finish all three projects.',
  },
];
