import type { Db } from '../../db/client.js';
import { getCourseSummaries } from '../catalog/index.js';
import * as q from './queries.js';

export interface OrderItem {
  id: number;
  orderId: number;
  /** What was paid for the line, in minor units. */
  price: number;
  courseId: number;
  title: string;
  slug: string;
  courseImage: string;
}

/** The items of several orders with the course each bought (asked of the catalog): two queries. */
export async function itemsOfOrders(db: Db, orderIds: number[]): Promise<OrderItem[]> {
  const items = await q.selectItemsOfOrders(db, orderIds);
  const courses = await getCourseSummaries(
    db,
    items.map((i) => i.courseId),
  );
  return items.flatMap((item) => {
    const course = courses.get(item.courseId);
    return course ? [{ ...item, title: course.title, slug: course.slug, courseImage: course.courseImage }] : [];
  });
}
