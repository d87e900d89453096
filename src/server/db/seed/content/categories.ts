import type { CategorySlug } from './types.js';

export const categories: { slug: CategorySlug; categoryName: string; label: string }[] = [
  { slug: 'python-django', categoryName: 'Python & Django', label: 'Python & Django' },
  { slug: 'ai-machine-learning', categoryName: 'AI & Machine Learning', label: 'AI & ML' },
  { slug: 'web-development', categoryName: 'Web Development', label: 'Web Development' },
];
