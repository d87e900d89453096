import type { Db } from '../../db/client.js';
import { bundleSummaries, getCourseSummaries } from '../catalog/index.js';
import * as q from './queries.js';

export interface OrderItem {
  id: number;
  orderId: number;
  /** What was paid for the line, in minor units (a bundle's course: its share of the bundle's price). */
  price: number;
  courseId: number;
  title: string;
  slug: string;
  courseImage: string;
  /** The bundle the course was bought in; null for a course bought alone. */
  bundle: { id: number; slug: string; title: string } | null;
}

/** The items of several orders with the course each bought and its bundle (asked of the catalog): three queries. */
export async function itemsOfOrders(db: Db, orderIds: number[]): Promise<OrderItem[]> {
  const items = await q.selectItemsOfOrders(db, orderIds);
  const courses = await getCourseSummaries(
    db,
    items.map((i) => i.courseId),
  );
  const bundleIds = items.flatMap((i) => (i.bundleId === null ? [] : [i.bundleId]));
  const bundles = bundleIds.length ? await bundleSummaries(db, bundleIds) : new Map<number, { id: number; slug: string; title: string }>();
  return items.flatMap(({ bundleId, ...item }) => {
    const course = courses.get(item.courseId);
    const bundle = bundleId === null ? undefined : bundles.get(bundleId);
    return course
      ? [
          {
            ...item,
            title: course.title,
            slug: course.slug,
            courseImage: course.courseImage,
            bundle: bundle ? { id: bundle.id, slug: bundle.slug, title: bundle.title } : null,
          },
        ]
      : [];
  });
}

/**
 * An order's lines as a receipt or an invoice prints them: a course bought alone, or a bundle (its
 * courses' shares added up), in the order they were bought.
 */
export function orderLines(items: readonly OrderItem[]): { title: string; price: number; courses: string[] }[] {
  const lines: { title: string; price: number; courses: string[]; bundleId: number | null }[] = [];
  for (const item of items) {
    const line = item.bundle ? lines.find((l) => l.bundleId === item.bundle!.id) : undefined;
    if (line) {
      line.price += item.price;
      line.courses.push(item.title);
    } else
      lines.push({
        title: item.bundle ? `${item.bundle.title} (bundle)` : item.title,
        price: item.price,
        courses: item.bundle ? [item.title] : [],
        bundleId: item.bundle?.id ?? null,
      });
  }
  return lines.map(({ bundleId: _bundleId, ...line }) => line);
}
