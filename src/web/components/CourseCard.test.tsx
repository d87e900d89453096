import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CourseListItem } from '../../shared/catalog';
import { CourseCard } from './CourseCard';

const course: CourseListItem = {
  id: 1,
  uuid: '7b0e2f7e-0000-4000-8000-000000000001',
  slug: 'django-rest-framework',
  title: 'Django REST Framework: Build Real APIs',
  subtitle: 'Design, secure and ship a production REST API.',
  course_image: '/media/courses/django-rest-framework.svg',
  complexity: 'Intermediate',
  course_type: 'paid',
  category_name: 'Django',
  total_video_duration: '6h 25m',
  total_video_duration_seconds: 23100,
  total_lessons: 42,
  ratings: 4.8,
  ratings_count: 1047,
  country_price: { amount: 49, regular_amount: 99, symbol: '$', country: 'US', currency: 'USD' },
};

function renderCard(item: CourseListItem) {
  return render(
    <MemoryRouter>
      <CourseCard course={item} />
    </MemoryRouter>,
  );
}

describe('CourseCard', () => {
  it('shows the title, subtitle, complexity, duration and rating', () => {
    renderCard(course);
    expect(screen.getByRole('heading', { name: course.title })).toBeInTheDocument();
    expect(screen.getByText(course.subtitle)).toBeInTheDocument();
    expect(screen.getByText('Intermediate')).toBeInTheDocument();
    expect(screen.getByText('6h 25m')).toBeInTheDocument();
    expect(screen.getByText('4.8/5.0')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: course.title })).toHaveAttribute('src', course.course_image);
  });

  it("shows 'New' instead of 0.0 for a course nobody has rated yet", () => {
    renderCard({ ...course, ratings: 0, ratings_count: 0 });
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(screen.queryByText('0.0/5.0')).not.toBeInTheDocument();
  });

  it('shows the price with the regular price struck through when discounted', () => {
    renderCard(course);
    expect(screen.getByText('$49')).toBeInTheDocument();
    expect(screen.getByText('$99').tagName).toBe('S');
  });

  it("shows 'Free' for a free course", () => {
    renderCard({ ...course, course_type: 'free', country_price: { ...course.country_price, amount: 0, regular_amount: 0 } });
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.queryByText('$0')).not.toBeInTheDocument();
  });

  it('links to the course page', () => {
    renderCard(course);
    expect(screen.getByRole('link')).toHaveAttribute('href', '/courses/django-rest-framework');
  });

  it('loads a cover below the first screen when scrolled near, and one on the first screen at once', () => {
    const { unmount } = renderCard(course);
    expect(screen.getByRole('img', { name: course.title })).toHaveAttribute('loading', 'lazy');
    unmount();
    render(
      <MemoryRouter>
        <CourseCard course={course} image="priority" />
        <CourseCard course={{ ...course, id: 2, title: 'Second' }} image="eager" />
      </MemoryRouter>,
    );
    const first = screen.getByRole('img', { name: course.title });
    expect(first).not.toHaveAttribute('loading');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(screen.getByRole('img', { name: 'Second' })).not.toHaveAttribute('loading');
    expect(screen.getByRole('img', { name: 'Second' })).not.toHaveAttribute('fetchpriority');
  });
});
