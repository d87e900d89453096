import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { AccountLayout } from './components/account/AccountLayout';
import { BareLayout, MainLayout } from './components/layout/MainLayout';
import { ProtectedRoute } from './components/ProtectedRoute';
import { PageSpinner } from './components/States';
import { trackPageView } from './lib/analytics';

// Every screen is its own chunk. Each is imported by name, so a missing page file fails the typecheck
// and the build instead of answering 404 at run time; `path` names the same file for the server
// (routes.test.ts checks the two agree).
type PageModule = { default: ComponentType };
/** Each page's source file (the server links its chunk and styles) and loader (the browser loads it before hydrating). */
export const pageFiles = new Map<ComponentType, { file: string; preload: () => Promise<unknown> }>();
function page(path: string, load: () => Promise<PageModule>): ComponentType {
  return lazyPage(`pages/${path}.tsx`, load);
}
function lazyPage(file: string, load: () => Promise<PageModule>): ComponentType {
  let loaded: PageModule | undefined;
  const preload = () => load().then((module) => (loaded = module));
  // Once preloaded, the page renders at once (an already resolved thenable), so hydration never waits on it.
  const component = lazy(() => (loaded ? ({ then: (resolve: (m: PageModule) => void) => resolve(loaded!) } as unknown as Promise<PageModule>) : preload()));
  pageFiles.set(component, { file, preload });
  return component;
}
const NotFoundPage = lazyPage('pages/not-found/NotFoundPage.tsx', () => import('./pages/not-found/NotFoundPage'));

// Public storefront
const HomePage = page('home/HomePage', () => import('./pages/home/HomePage'));
const CoursesPage = page('courses/CoursesPage', () => import('./pages/courses/CoursesPage'));
const CourseDetailPage = page('course-detail/CourseDetailPage', () => import('./pages/course-detail/CourseDetailPage'));
const BundleDetailPage = page('bundle-detail/BundleDetailPage', () => import('./pages/bundle-detail/BundleDetailPage'));
const ServicesPage = page('services/ServicesPage', () => import('./pages/services/ServicesPage'));
const ContactPage = page('contact/ContactPage', () => import('./pages/contact/ContactPage'));
const RoadmapPage = page('roadmap/RoadmapPage', () => import('./pages/roadmap/RoadmapPage'));
const SubscribePage = page('subscribe/SubscribePage', () => import('./pages/subscribe/SubscribePage'));
const ReviewsPage = page('reviews/ReviewsPage', () => import('./pages/reviews/ReviewsPage'));
const TermsPage = page('legal/TermsPage', () => import('./pages/legal/TermsPage'));
const PrivacyPage = page('legal/PrivacyPage', () => import('./pages/legal/PrivacyPage'));
const RefundPage = page('legal/RefundPage', () => import('./pages/legal/RefundPage'));
const ComingSoonPage = page('coming-soon/ComingSoonPage', () => import('./pages/coming-soon/ComingSoonPage'));
const CertificateVerifyPage = page('certificate-verify/CertificateVerifyPage', () => import('./pages/certificate-verify/CertificateVerifyPage'));
const LetterPage = page('letter/LetterPage', () => import('./pages/letter/LetterPage'));
// Accounts
const LoginPage = page('login/LoginPage', () => import('./pages/login/LoginPage'));
const RegisterPage = page('register/RegisterPage', () => import('./pages/register/RegisterPage'));
const ForgotPasswordPage = page('forgot-password/ForgotPasswordPage', () => import('./pages/forgot-password/ForgotPasswordPage'));
const ResetPasswordPage = page('reset-password/ResetPasswordPage', () => import('./pages/reset-password/ResetPasswordPage'));
const EmailPreferencesPage = page('email-preferences/EmailPreferencesPage', () => import('./pages/email-preferences/EmailPreferencesPage'));
const MyProfilePage = page('profile/MyProfilePage', () => import('./pages/profile/MyProfilePage'));
// Commerce
const CheckoutPage = page('checkout/CheckoutPage', () => import('./pages/checkout/CheckoutPage'));
const OrderSuccessPage = page('order-success/OrderSuccessPage', () => import('./pages/order-success/OrderSuccessPage'));
const OrderFailurePage = page('order-failure/OrderFailurePage', () => import('./pages/order-failure/OrderFailurePage'));
const OrderHistoryPage = page('order-history/OrderHistoryPage', () => import('./pages/order-history/OrderHistoryPage'));
const OrderDetailsPage = page('order-details/OrderDetailsPage', () => import('./pages/order-details/OrderDetailsPage'));
// Memberships
const PendingActivationPage = page('pending-activation/PendingActivationPage', () => import('./pages/pending-activation/PendingActivationPage'));
const SubscriptionPage = page('subscription/SubscriptionPage', () => import('./pages/subscription/SubscriptionPage'));
const SubscriptionHistoryPage = page('subscription-history/SubscriptionHistoryPage', () => import('./pages/subscription-history/SubscriptionHistoryPage'));
// Learning
const LessonPage = page('lesson/LessonPage', () => import('./pages/lesson/LessonPage'));
const DashboardPage = page('dashboard/DashboardPage', () => import('./pages/dashboard/DashboardPage'));
const EnrolledCoursesPage = page('enrolled-courses/EnrolledCoursesPage', () => import('./pages/enrolled-courses/EnrolledCoursesPage'));
const CertificatesPage = page('certificates/CertificatesPage', () => import('./pages/certificates/CertificatesPage'));
const QuestionAnswerPage = page('question-answer/QuestionAnswerPage', () => import('./pages/question-answer/QuestionAnswerPage'));
// Projects and letters
const ProjectPage = page('projects/ProjectPage', () => import('./pages/projects/ProjectPage'));
const ProjectsPage = page('projects/ProjectsPage', () => import('./pages/projects/ProjectsPage'));
// The instructor studio: one lazy entry the storefront never loads (its pages are chunks of their own).
const StudioApp = lazy(() => import('./studio/StudioApp'));

/** A page-view analytics event on every route change, and scroll to top on a new page. */
export function RouteEvents() {
  const { pathname } = useLocation();
  const firstPage = useRef(true);
  useEffect(() => {
    trackPageView(pathname);
    // The browser placed the page it loaded; scrolling it here would move a visitor who began to scroll before
    // hydration back up, and force a layout of the whole page in the middle of hydrating.
    if (firstPage.current) firstPage.current = false;
    else window.scrollTo({ top: 0 });
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
          { path: 'bundles/:slug', element: <BundleDetailPage /> },
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
          { path: 'pending-activation', element: <PendingActivationPage /> },
          { path: 'certificates/:certificateId', element: <CertificateVerifyPage /> },
          { path: 'letters/:letterId', element: <LetterPage /> },
          { path: 'projects/:projectId', element: <ProjectPage /> },
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
                  { path: 'subscription', element: <SubscriptionPage /> },
                  { path: 'subscription/history', element: <SubscriptionHistoryPage /> },
                  { path: 'question-answer', element: <QuestionAnswerPage /> },
                  { path: 'certificate-download', element: <CertificatesPage /> },
                  { path: 'projects', element: <ProjectsPage /> },
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
          { path: 'email-preferences', element: <EmailPreferencesPage /> },
        ],
      },
      { path: 'admin/*', element: <StudioApp /> },
      // The lesson player has its own header (logo, course title, progress) and no footer.
      { path: 'lesson/:slug', element: <LessonPage /> },
      { path: 'lesson/:slug/:sectionId/:lessonId', element: <LessonPage /> },
      { path: 'lesson/:slug/project/:projectId', element: <LessonPage /> },
    ],
  },
];

/** Declarative routing (no data APIs are used), which keeps the router's share of the first paint small. */
export function AppRoutes() {
  return useRoutes(routes);
}
