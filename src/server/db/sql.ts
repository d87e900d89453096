import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * A column of the outer query inside a raw `sql` subquery, always written with its table.
 *
 * In a select of one table (and in `returning`), drizzle writes the columns found directly in a
 * field's `sql` template without their table: `(select count(*) from ${lessonProgress} where
 * ${lessonProgress.courseId} = ${enrolments.courseId})` becomes `"course_id" = "course_id"`, which
 * Postgres reads as the inner table compared with itself. A nested template is written in full, so
 * `${outer(enrolments.courseId)}` stays `"enrolments"."course_id"` wherever the subquery is used.
 * ESLint's `lectern/correlated-column` asks for it (eslint/sql.js).
 */
export function outer(column: Column): SQL {
  return sql`${column}`;
}
