import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { CourseListItem } from '../../shared/catalog';
import { bundleQueries } from '../api/bundles';
import { catalogKeys, catalogQueries } from '../api/catalog';
import { projectQueries } from '../api/projects';
import { reviewQueries } from '../api/reviews';
import { siteKeys, siteQueries } from '../api/site';

/**
 * The queries a server-rendered page reads on its first render, through the same queryOptions
 * factories its components use, so the HTML holds the real content and hydration finds it cached.
 * Every page has the header and footer (site config, course list, instructor).
 */
export async function prefetchPage(queryClient: QueryClient, pathname: string, ip: string): Promise<void> {
  // The visitor's IP is answered by the server (GET /save-ip/ in the browser): priced reads wait for it.
  queryClient.setQueryData(siteKeys.visitorIp(), ip);
  const visitorIp = ip || undefined;
  const page: Promise<unknown>[] = [];
  const course = matchPath('/courses/:slug', pathname) ?? matchPath('/course/:slug', pathname);
  const bundle = matchPath('/bundles/:slug', pathname);
  if (course?.params.slug)
    page.push(
      queryClient.prefetchQuery(catalogQueries.course(course.params.slug, visitorIp)),
      // The course page's projects block is in the HTML, so nothing moves when the page hydrates.
      queryClient.prefetchQuery(projectQueries.courseProjects(course.params.slug)),
      // Its first page of reviews too: they are part of what a search engine and a visitor read.
      queryClient.prefetchQuery(reviewQueries.course(course.params.slug)),
    );
  else if (bundle?.params.slug) page.push(queryClient.prefetchQuery(bundleQueries.bundle(bundle.params.slug, visitorIp)));
  // The course list shows the bundles' cards beside the courses.
  else if (pathname === '/courses') page.push(queryClient.prefetchQuery(bundleQueries.list(visitorIp)));
  else if (pathname === '/')
    page.push(
      queryClient.prefetchQuery(catalogQueries.clientReviews()),
      queryClient.prefetchQuery(projectQueries.letterCourse()),
      queryClient.prefetchQuery(siteQueries.figures()),
    );
  else if (pathname === '/services') page.push(queryClient.prefetchQuery(catalogQueries.clientReviews()));
  else if (pathname === '/roadmap') page.push(queryClient.prefetchQuery(catalogQueries.roadmap()));
  else if (pathname === '/course-reviews')
    page.push(queryClient.prefetchInfiniteQuery(catalogQueries.clientReviewPages()), queryClient.prefetchQuery(reviewQueries.latest(undefined)));
  else if (pathname === '/subscribe')
    page.push(queryClient.prefetchQuery(catalogQueries.membershipPlans(visitorIp)), queryClient.prefetchQuery(siteQueries.figures()));

  await Promise.all([
    queryClient.prefetchQuery(siteQueries.config()),
    queryClient.prefetchQuery(catalogQueries.courses(visitorIp)),
    queryClient.prefetchQuery(catalogQueries.instructor()),
    ...page,
  ]);
  if (pathname === '/subscribe') {
    // The preview video is the first paid course's promo.
    const firstPaid = queryClient.getQueryData<CourseListItem[]>(catalogKeys.courses())?.find((c) => c.course_type === 'paid');
    if (firstPaid) await queryClient.prefetchQuery(catalogQueries.course(firstPaid.slug, visitorIp));
  }
}
