import type { ClientReviewInput } from '../factories.js';

/** Testimonials from businesses we built custom software for (shown on the home and services pages). */
export const clientReviews: ClientReviewInput[] = [
  {
    name: 'Sarah Mitchell',
    company: 'BrightPath Logistics',
    clientThumb: '/media/clients/sarah-mitchell.svg',
    rating: 5,
    review:
      'Nikhil and his team replaced our spreadsheet-based dispatch process with a Django dashboard our drivers actually like using. Delivery planning that took two hours each morning now takes fifteen minutes. They communicated clearly at every step and delivered a week early.',
  },
  {
    name: 'Rajesh Iyer',
    company: 'Kaveri Foods',
    clientThumb: '/media/clients/rajesh-iyer.svg',
    rating: 5,
    review:
      'We needed an inventory and ordering system for forty retail partners, with Razorpay payments and GST invoices. The platform has run without a single outage since launch. The code was documented so well that our in-house developer took over maintenance within a week.',
  },
  {
    name: 'Emily Carter',
    company: 'Northwind Health Clinics',
    clientThumb: '/media/clients/emily-carter.svg',
    rating: 5,
    review:
      'The online appointment booking system cut our phone calls by half and no-shows dropped thanks to the automatic reminders. They took patient privacy seriously from the first meeting. It is rare to find developers who ask this many good questions.',
  },
  {
    name: 'Daniel Okafor',
    company: 'PayLink Africa',
    clientThumb: '/media/clients/daniel-okafor.svg',
    rating: 4,
    review:
      'They designed and built the REST API behind our mobile wallet, including webhook handling for three payment providers. The test suite they left behind has saved us from several regressions since. Timelines slipped slightly when we changed scope, but they flagged it early and honestly.',
  },
  {
    name: 'Priya Nair',
    company: 'Saffron Studio',
    clientThumb: '/media/clients/priya-nair.svg',
    rating: 5,
    review:
      'Our new online store loads fast, handles festival-season traffic and finally lets customers in India and abroad pay in their own currency. Sales grew 60% in the first quarter after launch. I recommend them to every founder who asks.',
  },
  {
    name: 'Thomas Becker',
    company: 'Alpenrad GmbH',
    clientThumb: '/media/clients/thomas-becker.svg',
    rating: 5,
    review:
      'We asked for a demand forecasting model for our bicycle parts and received a complete tool: data pipeline, model and a simple dashboard for the purchasing team. Forecast errors fell by a third compared with our old method. The team explained every trade-off in plain language.',
  },
  {
    name: 'Aisha Khan',
    company: 'Crescent Realty',
    clientThumb: '/media/clients/aisha-khan.svg',
    rating: 4,
    review:
      'They rebuilt our property listing portal with search by map, saved searches and an agent back office. Enquiries from the website doubled within two months. Support after launch has been quick and friendly.',
  },
  {
    name: 'Lucas Moreau',
    company: 'Atelier Numérique',
    clientThumb: '/media/clients/lucas-moreau.svg',
    rating: 5,
    review:
      'We brought them in to rescue a stalled migration from a legacy PHP system to Django. They untangled ten years of data, moved everything without downtime and trained our team along the way. Exactly the partner we needed.',
  },
  {
    name: 'Mei Lin',
    company: 'Harbourview Education',
    clientThumb: '/media/clients/mei-lin.svg',
    rating: 5,
    review:
      'Our tutoring business needed a learning platform with video lessons, progress tracking and subscriptions. They delivered it in two months and within budget, and it now serves hundreds of students every day. Our tutors and parents noticed the difference immediately.',
  },
];
