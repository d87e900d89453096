import type { AdminCourseListItem } from '../../../shared/admin';
import { bundleMessages, type AdminBundle } from '../../../shared/bundles';
import { DEFAULT_REGION } from '../../../shared/regions';
import { chosenCourses, sellable } from './BundleCoursesField';

/**
 * What stops the saved bundle from being published, in the server's words (it checks again): two
 * courses or more, every one published and paid, and a USD price. Empty: it can be published.
 */
export function publishProblems(bundle: AdminBundle, choices: readonly AdminCourseListItem[] | undefined): string[] {
  const problems: string[] = [];
  if (bundle.courses.length < 2) problems.push(bundleMessages.twoCourses);
  const courses = chosenCourses(
    bundle.courses.map((c) => c.id),
    choices,
    bundle.courses,
  );
  const blocked = courses.filter((c) => !sellable(c));
  if (blocked.length) problems.push(`${bundleMessages.courseNotPaid} Not now: ${blocked.map((c) => c.title).join(', ')}.`);
  if (!bundle.prices.some((p) => p.region === DEFAULT_REGION)) problems.push(bundleMessages.needsUsdPrice);
  return problems;
}
