import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, Outlet, useLocation, type RouteObject } from 'react-router';
import { AccountLayout } from './components/account/AccountLayout';
import { BareLayout, MainLayout } from './components/layout/MainLayout';
import { ProtectedRoute } from './components/ProtectedRoute';
import { PageSpinner } from './components/States';
import { trackPageView } from './lib/analytics';

// Public storefront
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
const CertificateVerifyPage = lazy(() => import('./pages/certificate-verify/CertificateVerifyPage'));
const NotFoundPage = lazy(() => import('./pages/not-found/NotFoundPage'));
// Accounts
const LoginPage = lazy(() => import('./pages/login/LoginPage'));
const RegisterPage = lazy(() => import('./pages/register/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./pages/reset-password/ResetPasswordPage'));
const MyProfilePage = lazy(() => import('./pages/profile/MyProfilePage'));
// Commerce
const CheckoutPage = lazy(() => import('./pages/checkout/CheckoutPage'));
const OrderSuccessPage = lazy(() => import('./pages/order-success/OrderSuccessPage'));
const OrderFailurePage = lazy(() => import('./pages/order-failure/OrderFailurePage'));
const OrderHistoryPage = lazy(() => import('./pages/order-history/OrderHistoryPage'));
const OrderDetailsPage = lazy(() => import('./pages/order-details/OrderDetailsPage'));
// Learning
const LessonPage = lazy(() => import('./pages/lesson/LessonPage'));
const DashboardPage = lazy(() => import('./pages/dashboard/DashboardPage'));
const EnrolledCoursesPage = lazy(() => import('./pages/enrolled-courses/EnrolledCoursesPage'));
const CertificatesPage = lazy(() => import('./pages/certificates/CertificatesPage'));
const QuestionAnswerPage = lazy(() => import('./pages/question-answer/QuestionAnswerPage'));

/** A page-view analytics event on every route change, and scroll to top on a new page. */
function RouteEvents() {
  const { pathname } = useLocation();
  useEffect(() => {
    trackPageView(pathname);
    window.scrollTo({ top: 0 });
  }, [pathname]);
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
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
          { path: 'certificates/:certificateId', element: <CertificateVerifyPage /> },
          {
            element: <ProtectedRoute />,
            children: [
              { path: 'order/success', element: <OrderSuccessPage /> },
              { path: 'order/failure', element: <OrderFailurePage /> },
              { path: 'order/details/:orderNumber', element: <OrderDetailsPage /> },
              {
                element: <AccountLayout />,
                children: [
                  { path: 'dashboard', element: <DashboardPage /> },
                  { path: 'enrolled-courses', element: <EnrolledCoursesPage /> },
                  { path: 'my-profile', element: <MyProfilePage /> },
                  { path: 'order-history', element: <OrderHistoryPage /> },
                  { path: 'question-answer', element: <QuestionAnswerPage /> },
                  { path: 'certificate-download', element: <CertificatesPage /> },
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <BareLayout />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'forget/password', element: <ForgotPasswordPage /> },
          { path: 'reset/password', element: <ResetPasswordPage /> },
        ],
      },
      // The lesson player has its own header (logo, course title, progress) and no footer.
      { path: 'lesson/:slug', element: <LessonPage /> },
      { path: 'lesson/:slug/:sectionId/:lessonId', element: <LessonPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
