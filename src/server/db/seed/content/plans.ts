import type { PlanInput } from '../factories.js';

/**
 * Membership plans, minor units. The yearly price is about 35% below twelve monthly payments
 * ('Save 35%'); regularAmount is the price after the intro offer ends ('will be increased soon').
 */
export const plans: PlanInput[] = [
  {
    name: 'Monthly Membership',
    planType: 'monthly',
    description: 'Full access to every course for one month at a time. Ideal for trying the platform or learning in a focused sprint.',
    features: [
      'Every paid and free course, including new releases',
      'Downloadable project files and resources',
      'Certificates of completion',
      'Course Q&A with the instructor',
      'Cancel any time from your dashboard',
    ],
    position: 1,
    prices: {
      US: { amount: 1999, regularAmount: 2999 },
      IN: { amount: 99900, regularAmount: 149900 },
      GB: { amount: 1599, regularAmount: 2499 },
      EU: { amount: 1799, regularAmount: 2699 },
    },
  },
  {
    name: 'Yearly Membership',
    planType: 'yearly',
    description: 'A full year of unlimited learning for about 35% less than paying monthly. The best value for following the complete roadmap.',
    features: [
      'Everything in the monthly plan',
      'Save about 35% compared with monthly billing',
      'Project reviews for a pre-experience letter',
      'Priority answers in course Q&A',
      'Access to the private community chat',
      'Cancel auto-renewal any time',
    ],
    position: 2,
    prices: {
      // 12 x monthly x 0.65, rounded to a friendly price point
      US: { amount: 15599, regularAmount: 23399 },
      IN: { amount: 779900, regularAmount: 1169900 },
      GB: { amount: 12499, regularAmount: 19499 },
      EU: { amount: 13999, regularAmount: 20999 },
    },
  },
  {
    name: 'Lifetime Access',
    planType: 'lifetime',
    description: 'Pay once and keep access to every current and future course for life. No renewals, no reminders.',
    features: [
      'Every current and future course, forever',
      'All resources, certificates and updates',
      'Project reviews for a pre-experience letter',
      'Priority answers in course Q&A',
      'Access to the private community chat',
      'Early access to new courses',
      'One payment, no subscription',
    ],
    position: 3,
    prices: {
      US: { amount: 29900, regularAmount: 49900 },
      IN: { amount: 1999900, regularAmount: 2999900 },
      GB: { amount: 24900, regularAmount: 39900 },
      EU: { amount: 27900, regularAmount: 44900 },
    },
  },
];
