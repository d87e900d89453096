import { describe, expect, it } from 'vitest';
import { storefrontChunks } from './storefront-chunks';

// A module graph as rolldown reports it: each module's static imports.
const imports: Record<string, string[]> = {
  '/web/main.tsx': ['/web/App.tsx', 'react'],
  '/web/App.tsx': ['react', '/web/Header.tsx'],
  '/web/Header.tsx': ['dropdown'],
  '/web/pages/home/HomePage.tsx': ['react', '/web/CourseCard.tsx', '/web/Testimonials.tsx'],
  '/web/pages/courses/CoursesPage.tsx': ['react', '/web/CourseCard.tsx'],
  '/web/pages/course-detail/CourseDetailPage.tsx': ['/web/CourseCard.tsx', 'modal', 'dropdown'],
  '/web/CourseCard.tsx': ['/web/Price.tsx'],
  '/web/Price.tsx': [],
  '/web/Testimonials.tsx': [],
  modal: ['react'],
  dropdown: ['react'],
  react: [],
  '/web/pages/checkout/CheckoutPage.tsx': ['modal', 'stripe'],
  stripe: [],
};
const graph = { getModuleInfo: (id: string) => (imports[id] ? { importedIds: imports[id] } : null) };
const landing = ['/web/pages/home/HomePage.tsx', '/web/pages/courses/CoursesPage.tsx', '/web/pages/course-detail/CourseDetailPage.tsx'];

function chunkOf(id: string): string | null {
  const groups = [...storefrontChunks('/web/main.tsx', landing)].sort((a, b) => b.priority - a.priority);
  for (const group of groups) {
    const name = group.name(id, graph);
    if (name) return name;
  }
  return null;
}

describe('storefront chunks', () => {
  it("puts the entry's modules and what two landing pages share in one chunk", () => {
    expect(chunkOf('/web/App.tsx')).toBe('storefront');
    expect(chunkOf('react')).toBe('storefront');
    expect(chunkOf('dropdown')).toBe('storefront'); // the header's, though only the course page imports it too
    expect(chunkOf('/web/CourseCard.tsx')).toBe('storefront');
    expect(chunkOf('/web/Price.tsx')).toBe('storefront');
  });

  it("gathers what only one landing page uses, but other pages share, in that page's chunk", () => {
    expect(chunkOf('modal')).toBe('course-detail-shared');
    expect(chunkOf('/web/Testimonials.tsx')).toBe('home-shared');
  });

  it('leaves the landing pages themselves lazy, and the rest of the app to the default splitting', () => {
    for (const page of landing) expect(chunkOf(page)).toBeNull();
    expect(chunkOf('/web/main.tsx')).toBeNull();
    expect(chunkOf('/web/pages/checkout/CheckoutPage.tsx')).toBeNull();
    expect(chunkOf('stripe')).toBeNull();
  });

  it('lets the storefront group choose first, so a page group never takes the modules every page loads', () => {
    const [storefront, pages] = storefrontChunks('/web/main.tsx', landing);
    expect(storefront!.priority).toBeGreaterThan(pages!.priority);
    expect(pages!.name('react', graph)).toBeNull();
  });
});
