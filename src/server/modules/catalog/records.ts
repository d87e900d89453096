// The catalog's records as its service reads them and its serialisers turn them into the API's views
// (types only: both service.ts and serialise.ts stand on this file, not on each other).
import type * as q from './queries.js';

export type CourseListRow = q.CourseListRow;
export type InstructorRecord = Awaited<ReturnType<typeof q.selectInstructor>>[number];
export type MembershipPlanRecord = Awaited<ReturnType<typeof q.selectPlans>>[number];

export interface ReviewPage {
  page: number;
  pageSize: number;
  count: number;
  rows: Awaited<ReturnType<typeof q.selectClientReviews>>;
}

export type RoadmapRecord = Array<{ position: number; timeEstimate: string; note: string; course: CourseListRow }>;
