/**
 * The home page's stats strip, the subscribe page's claims and the testimonials' wording: each as
 * set in the studio's Settings, else what the database knows (published courses, their average
 * rating, students, letters issued, hours of lessons), rounded as the spec writes them
 * (src/shared/figures.ts). The route caches the answer with the catalog's snapshots, dropped when
 * the catalog or the settings change; the counts behind it are a handful of aggregate queries.
 */
import { computedFigures, defaultTestimonials, type FigureFacts, type FigureField } from '../../../shared/figures.js';
import type { SiteFigures } from '../../../shared/site.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { catalogFigureFacts } from '../catalog/index.js';
import { countStudents } from '../enrolments/index.js';
import { countIssuedLetters } from '../projects/index.js';
import { getSiteSettings } from '../settings/index.js';

/** What the database knows behind the figures' defaults. */
export async function figureFacts(db: Db): Promise<FigureFacts> {
  const catalog = await catalogFigureFacts(db);
  return {
    published_courses: catalog.publishedCourses,
    average_rating: catalog.averageRating === null ? null : Math.round(catalog.averageRating * 100) / 100,
    ratings: catalog.ratings,
    students: catalog.enrolledBaseline + (await countStudents(db)),
    letters: await countIssuedLetters(db),
    hours: catalog.hours,
  };
}

/** The figures and wording the public pages show: the studio's value, else the database's (null: hidden). */
export async function siteFigures(db: Db, config: Config): Promise<SiteFigures> {
  const settings = await getSiteSettings(db, config);
  const computed = computedFigures(await figureFacts(db));
  const shown = (field: FigureField) => settings[field] || computed[field];
  return {
    home: {
      courses: shown('home_stat_courses'),
      rating: shown('home_stat_rating'),
      students: shown('home_stat_students'),
      letters: shown('home_stat_letters'),
    },
    subscribe: {
      students: shown('subscribe_stat_students'),
      courses: shown('subscribe_stat_courses'),
      hours: shown('subscribe_stat_hours'),
      rating: shown('subscribe_stat_rating'),
      success: shown('subscribe_stat_success'),
    },
    testimonials: {
      title: settings.testimonials_title || defaultTestimonials.testimonials_title,
      subtitle: settings.testimonials_subtitle || defaultTestimonials.testimonials_subtitle,
    },
  };
}
