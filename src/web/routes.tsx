import { lazy, useEffect } from 'react';
import { createBrowserRouter, Outlet, useLocation, type RouteObject } from 'react-router';
import { BareLayout, MainLayout } from './components/layout/MainLayout';
import { trackPageView } from './lib/analytics';

const HomePage = lazy(() => import('./pages/home/HomePage'));
const CoursesPage = lazy(() => import('./pages/courses/CoursesPage'));
const CourseDetailPage = lazy(() => import('./pages/course-detail/CourseDetailPage'));
const ServicesPage = lazy(() => import('./pages/services/ServicesPage'));
const ContactPage = lazy(() => import('./pages/contact/ContactPage'));
const RoadmapPage = lazy(() => import('./pages/roadmap/RoadmapPage'));
const SubscribePage = lazy(() => import('./pages/subscribe/SubscribePage'));
const ReviewsPage = lazy(() => import('./pages/reviews/ReviewsPage'));
const TermsPage = lazy(() => import('./pages/legal/TermsPage'));
const PrivacyPage = lazy(() => import('./pages/legal/PrivacyPage'));
const RefundPage = lazy(() => import('./pages/legal/RefundPage'));
const ComingSoonPage = lazy(() => import('./pages/coming-soon/ComingSoonPage'));
const CheckoutPage = lazy(() => import('./pages/checkout/CheckoutPage'));
const LoginPage = lazy(() => import('./pages/login/LoginPage'));
const NotFoundPage = lazy(() => import('./pages/not-found/NotFoundPage'));

/** A page-view analytics event on every route change, and scroll to top on a new page. */
function RouteEvents() {
  const { pathname } = useLocation();
  useEffect(() => {
    trackPageView(pathname);
    window.scrollTo({ top: 0 });
  }, [pathname]);
  return <Outlet />;
}

export const routes: RouteObject[] = [
  {
    element: <RouteEvents />,
    children: [
      {
        element: <MainLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'courses', element: <CoursesPage /> },
          { path: 'courses/:slug', element: <CourseDetailPage /> },
          { path: 'course/:slug', element: <CourseDetailPage /> },
          { path: 'services', element: <ServicesPage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'roadmap', element: <RoadmapPage /> },
          { path: 'subscribe', element: <SubscribePage /> },
          { path: 'course-reviews', element: <ReviewsPage /> },
          { path: 'terms-and-conditions', element: <TermsPage /> },
          { path: 'privacy-policy', element: <PrivacyPage /> },
          { path: 'cancellation-refund-policy', element: <RefundPage /> },
          { path: 'coming-soon', element: <ComingSoonPage /> },
          { path: 'checkout', element: <CheckoutPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <BareLayout />,
        children: [{ path: 'login', element: <LoginPage /> }],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
