/**
 * Dripped lessons opened early for one student: a fact the access module decides on (facts layer;
 * it owns the lesson_unlocks table). The studio writes them.
 */
export { lessonsOpenedEarly, lessonsOpenedEarlyFor, openLessonEarly } from './service.js';
