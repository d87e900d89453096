// Test data for the learning screens (imported by tests only).
import type { CourseDetail, Lesson, Section } from '../../../shared/catalog';

export function makeLesson(id: number, title: string, extra: Partial<Lesson> = {}): Lesson {
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    section_uuid: 'section-1',
    global_order: id,
    lesson_title: title,
    lesson_type: 'Video',
    enable_preview: false,
    video_source: 'https://www.youtube.com/watch?v=rfscVS0vtbw',
    lesson_content: null,
    upload_resource: null,
    video_playback_time: '12:05',
    duration_seconds: 725,
    is_locked: false,
    available_at: null,
    completed_status: false,
    ...extra,
  };
}

export function makeSection(id: number, title: string, lessons: Lesson[]): Section {
  const uuid = `section-${id}`;
  return {
    id,
    uuid,
    title,
    lessons: lessons.map((l) => ({ ...l, section_uuid: uuid })),
    completed_lessons: lessons.filter((l) => l.completed_status).length,
    total_lessons: lessons.length,
    total_section_video_playback: '24m',
  };
}

export function makeCourse(overrides: Partial<CourseDetail> = {}): CourseDetail {
  const sections = overrides.sections ?? [
    makeSection(1, 'Getting started', [
      makeLesson(1, 'welcome and how this course works', { enable_preview: true }),
      makeLesson(2, 'setting up a clean project folder', { lesson_type: 'Article', video_source: null, lesson_content: '<p>Use <code>venv</code>.</p>' }),
    ]),
    makeSection(2, 'Control flow', [
      makeLesson(3, 'making decisions with if, elif and else', { upload_resource: '/api/v1/resources/1/download/?expires=1&signature=x' }),
      makeLesson(4, 'while loops and when to use them', { video_source: 'https://vimeo.com/76979871' }),
    ]),
  ];
  const total = sections.reduce((n, s) => n + s.lessons.length, 0);
  return {
    id: 7,
    uuid: 'course-7',
    slug: 'python-foundations',
    title: 'Python Foundations',
    subtitle: 'Learn Python from scratch.',
    course_image: '/media/courses/python-foundations.svg',
    complexity: 'Beginner',
    course_type: 'free',
    category_name: 'Python',
    total_video_duration: '6h 25m',
    total_video_duration_seconds: 23100,
    total_lessons: total,
    ratings: 4.8,
    ratings_count: 10,
    country_price: { amount: 0, regular_amount: 0, symbol: '$', country: 'US', currency: 'USD' },
    category: { id: 1, category_name: 'Python' },
    total_enrolled: 1520,
    updated_at: '2025-01-05T12:00:00.000Z',
    language: 'English',
    promo_video: null,
    completed_total_lessons: 0,
    student_progress: 0,
    course_status: 'enrolled',
    access: 'enrolled',
    course_description: '<p>All about Python.</p>',
    what_you_learn: [],
    target_audience: [],
    rating_count: 10,
    instructor: {
      name: 'Ravi Sharma',
      designation: 'Engineer',
      bio: '',
      profile_picture: '/media/instructor.svg',
      facebook_link: null,
      linkedin_link: null,
      github_link: null,
      youtube_link: null,
      instagram_link: null,
    },
    ...overrides,
    sections,
  };
}

export function respond(status: number, body: unknown): Promise<Response> {
  return Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}
