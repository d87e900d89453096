/**
 * The marketing figures of the home page's stats strip and the subscribe page, and the wording of
 * the home page's testimonials: each set in the studio's Settings, or else what the database knows,
 * rounded as the spec writes them ('10+ Online Courses', '4.8+ Course Ratings', '75K+ Online
 * Students', '2000+ Pre-experience letters'; on /subscribe '75k+', '100+' hours, '4.9').
 * Plain rules without zod: the home page imports them (the API's schemas are in site.ts and admin.ts).
 */
/** The home page's stats strip, in its order. */
export const homeFigureFields = ['home_stat_courses', 'home_stat_rating', 'home_stat_students', 'home_stat_letters'] as const;
/** The subscribe page's claims, in their order. */
export const subscribeFigureFields = [
  'subscribe_stat_students',
  'subscribe_stat_courses',
  'subscribe_stat_hours',
  'subscribe_stat_rating',
  'subscribe_stat_success',
] as const;
export const figureFields = [...homeFigureFields, ...subscribeFigureFields] as const;
export type FigureField = (typeof figureFields)[number];
/** The home page's testimonials block: its heading and the line under it. */
export const testimonialsFields = ['testimonials_title', 'testimonials_subtitle'] as const;
export type TestimonialsField = (typeof testimonialsFields)[number];

/** What each figure says beside its number, and where its default comes from (none: shown only when set). */
export const figureLabels: Record<FigureField, { label: string; basis: string | null }> = {
  home_stat_courses: { label: 'Online Courses', basis: 'published courses' },
  home_stat_rating: { label: 'Course Ratings', basis: "the courses' average rating" },
  home_stat_students: { label: 'Online Students', basis: 'students' },
  home_stat_letters: { label: 'Pre-experience letters', basis: 'letters issued' },
  subscribe_stat_students: { label: 'Students', basis: 'students' },
  subscribe_stat_courses: { label: 'Courses', basis: 'published courses' },
  subscribe_stat_hours: { label: 'Hours of content', basis: 'hours of lessons in published courses' },
  subscribe_stat_rating: { label: 'Average rating', basis: "the courses' average rating" },
  subscribe_stat_success: { label: 'Success rate', basis: null },
};

/** The spec's figures: what the demo seed sets (marked as the demo's), so a first start looks like the spec. */
export const demoFigures: Record<FigureField, string> = {
  home_stat_courses: '10+',
  home_stat_rating: '4.8+',
  home_stat_students: '75K+',
  home_stat_letters: '2000+',
  subscribe_stat_students: '75k+',
  subscribe_stat_courses: '10+',
  subscribe_stat_hours: '100+',
  subscribe_stat_rating: '4.9',
  subscribe_stat_success: '95%',
};

/** The testimonials' wording before the studio changes it. */
export const defaultTestimonials: Record<TestimonialsField, string> = {
  testimonials_title: 'What students and clients say',
  testimonials_subtitle: 'Learners who built their projects with us, and businesses we built software for.',
};

/**
 * A count as the spec rounds it, never above the truth: below 10 as it is ('7'); then down to its
 * first digit ('13' → '10+', '250' → '200+'); thousands to the hundred ('2034' → '2000+'); from
 * 10,000 in thousands ('75,123' → '75K+'); from a million in tenths of a million ('1.2M+').
 * Nothing (null) for none: a strip does not boast of zero.
 */
export function roundedCount(value: number, thousands: 'K' | 'k' = 'K'): string | null {
  if (!Number.isFinite(value) || value < 1) return null;
  const n = Math.floor(value);
  if (n < 10) return String(n);
  if (n < 1000) {
    const step = 10 ** Math.floor(Math.log10(n));
    return `${Math.floor(n / step) * step}+`;
  }
  if (n < 10_000) return `${Math.floor(n / 100) * 100}+`;
  if (n < 1_000_000) return `${Math.floor(n / 1000)}${thousands}+`;
  return `${Math.floor(n / 100_000) / 10}M+`;
}

/**
 * An average rating: on the home page at least this much ('4.8+': down to a tenth, with its plus
 * unless it is a full 5.0), on the subscribe page to the nearest tenth ('4.9'). Null without ratings.
 */
export function ratingFigure(average: number | null, style: 'at-least' | 'nearest'): string | null {
  if (average === null || !Number.isFinite(average) || average <= 0) return null;
  if (style === 'nearest') return (Math.round(average * 10) / 10).toFixed(1);
  const floored = Math.floor(average * 10 + 1e-9) / 10;
  return floored >= 5 ? '5.0' : `${floored.toFixed(1)}+`;
}

/** What the database knows, behind the defaults. */
export interface FigureFacts {
  published_courses: number;
  /** The average of every visible review of a published course; null with none. */
  average_rating: number | null;
  ratings: number;
  /** People enrolled in a course (each once), plus the learners the courses counted before their records began. */
  students: number;
  /** Pre-experience letters issued and not revoked. */
  letters: number;
  /** Hours of lessons in published courses. */
  hours: number;
}

/** Each figure's default: what the facts say, rounded as the spec writes it (null: not shown). */
export function computedFigures(f: FigureFacts): Record<FigureField, string | null> {
  return {
    home_stat_courses: roundedCount(f.published_courses),
    home_stat_rating: ratingFigure(f.average_rating, 'at-least'),
    home_stat_students: roundedCount(f.students, 'K'),
    home_stat_letters: roundedCount(f.letters),
    subscribe_stat_students: roundedCount(f.students, 'k'),
    subscribe_stat_courses: roundedCount(f.published_courses),
    subscribe_stat_hours: roundedCount(f.hours),
    subscribe_stat_rating: ratingFigure(f.average_rating, 'nearest'),
    subscribe_stat_success: null,
  };
}
