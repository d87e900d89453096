import type { Region } from '../../../../shared/regions.js';

export interface BundleSpec {
  slug: string;
  title: string;
  /** HTML. */
  description: string;
  /** The courses' slugs, in order: paid courses of the demo catalog. */
  courses: string[];
  /** Minor units per region: below the courses' own prices together. */
  prices: Partial<Record<Region, number>>;
  /** Public path of the cover under public/media. */
  cover: string;
}

/** The demo's one published bundle: two paid Django courses for less than both (issue 25). */
export const bundles: BundleSpec[] = [
  {
    slug: 'django-backend-bundle',
    title: 'Django Backend Bundle',
    description:
      '<p>Build the API, then the shop: <strong>Django REST Framework</strong> and <strong>Django E-commerce</strong> together, for less than the two bought one by one.</p>',
    courses: ['django-rest-framework', 'django-ecommerce'],
    prices: { US: 7999, IN: 549900, GB: 6499, EU: 7499 },
    cover: '/media/courses/django-ecommerce.svg',
  },
];
