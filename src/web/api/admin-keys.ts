// The studio's query keys in a file of their own: pages outside the studio (the course page's
// reviews) refresh studio lists by these keys without loading the studio's API and its schemas.
import type { AdminOrderQuery, AuditQuery } from '../../shared/admin';

export type AdminOrderFilters = Omit<AdminOrderQuery, 'cursor' | 'page_size'>;
export type AuditFilters = Omit<AuditQuery, 'page' | 'page_size'>;

/** Every key of the studio's queries. */
export const adminKeys = {
  all: ['admin'] as const,
  me: () => [...adminKeys.all, 'me'] as const,
  setup: (token: string) => [...adminKeys.all, 'setup', token] as const,
  courses: () => [...adminKeys.all, 'courses'] as const,
  courseLists: () => [...adminKeys.courses(), 'list'] as const,
  courseList: (query: object) => [...adminKeys.courseLists(), query] as const,
  courseChoices: () => [...adminKeys.courses(), 'choices'] as const,
  course: (id: number) => [...adminKeys.courses(), 'one', id] as const,
  preview: (id: number) => [...adminKeys.courses(), 'preview', id] as const,
  quizStats: (id: number) => [...adminKeys.courses(), 'quiz-stats', id] as const,
  categories: () => [...adminKeys.all, 'categories'] as const,
  orders: () => [...adminKeys.all, 'orders'] as const,
  orderPage: (filters: AdminOrderFilters, cursor: string | undefined) => [...adminKeys.orders(), 'page', filters, cursor ?? null] as const,
  order: (orderNumber: string) => [...adminKeys.orders(), 'one', orderNumber] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  auditPage: (filters: AuditFilters, page: number) => [...adminKeys.audit(), filters, page] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
  figureDefaults: () => [...adminKeys.all, 'site-figures'] as const,
  setupChecklist: () => [...adminKeys.all, 'setup-checklist'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  demoContent: () => [...adminKeys.all, 'demo-content'] as const,
};
