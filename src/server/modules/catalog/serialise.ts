// The spec's response shapes of the catalog (course cards, the instructor,
// client reviews, membership plans, the roadmap), built from the service's domain values in one place.
import type { ClientReview, CountryPrice, CourseListItem, Instructor, MembershipPlan, RoadmapStep } from '../../../shared/catalog.js';
import { formatDuration } from '../../../shared/money.js';
import { applicablePrice, toMajor, type StoredPrice } from '../../../shared/pricing.js';
import { DEFAULT_REGION, regions, type Region } from '../../../shared/regions.js';
import type { CourseListRow, InstructorRecord, MembershipPlanRecord, ReviewPage, RoadmapRecord } from './records.js';

/** The row's price in the visitor's region, else the default region's; a free course is 0. */
export function pickPrice(region: Region, own: StoredPrice | null, fallback: StoredPrice | null): CountryPrice {
  const chosen = applicablePrice(own, fallback);
  const code = (chosen?.region ?? (chosen ? DEFAULT_REGION : region)) as Region;
  const meta = regions[code] ?? regions[DEFAULT_REGION];
  return {
    amount: toMajor(chosen?.amount ?? 0),
    regular_amount: toMajor(chosen?.regularAmount ?? chosen?.amount ?? 0),
    symbol: meta.symbol,
    country: code,
    currency: meta.currency,
  };
}

export function courseListItemView(region: Region, row: CourseListRow): CourseListItem {
  const seconds = row.totalSeconds ?? 0;
  return {
    id: row.id,
    uuid: row.uuid,
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    course_image: row.courseImage,
    complexity: row.complexity,
    course_type: row.courseType,
    category_name: row.categoryName,
    total_video_duration: formatDuration(seconds),
    total_video_duration_seconds: seconds,
    total_lessons: row.totalLessons ?? 0,
    ratings: Number(row.ratingAverage),
    ratings_count: row.ratingCount,
    country_price: pickPrice(region, row.price, row.fallback),
  };
}

export function instructorView(row: InstructorRecord): Instructor {
  return {
    name: row.name,
    designation: row.designation,
    bio: row.bio,
    profile_picture: row.profilePicture,
    facebook_link: row.facebookLink,
    linkedin_link: row.linkedinLink,
    github_link: row.githubLink,
    youtube_link: row.youtubeLink,
    instagram_link: row.instagramLink,
  };
}

/** GET /client-reviews/: one page, with the spec's absolute links to its neighbours. */
export function clientReviewPageView({ page, pageSize, count, rows }: ReviewPage, baseUrl: string) {
  const link = (p: number) => `${baseUrl}/api/v1/client-reviews/?page=${p}`;
  return {
    count,
    next: page * pageSize < count ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results: rows.map((r): ClientReview => ({ id: r.id, name: r.name, company: r.company, client_thumb: r.clientThumb, rating: r.rating, review: r.review })),
  };
}

export function membershipPlanView(region: Region, row: MembershipPlanRecord): MembershipPlan {
  const price = pickPrice(region, row.price, row.fallback);
  return {
    id: row.id,
    name: row.name,
    plan_type: row.planType,
    country_price: {
      symbol: price.symbol,
      amount: price.amount,
      regular_amount: price.regular_amount,
      country_code: price.country,
      currency: price.currency,
    },
    subscription_data: { description: row.description, features: row.features },
  };
}

export function roadmapView(region: Region, steps: RoadmapRecord): RoadmapStep[] {
  return steps.map((step) => ({
    position: step.position,
    time_estimate: step.timeEstimate,
    note: step.note,
    course: courseListItemView(region, step.course),
  }));
}
