import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { AccountLayout } from './components/account/AccountLayout';
import { BareLayout, MainLayout } from './components/layout/MainLayout';
import { ProtectedRoute } from './components/ProtectedRoute';
import { PageSpinner } from './components/States';
import { trackPageView } from './lib/analytics';

// Every screen is its own chunk, found by its path: a page that does not exist (yet) renders the 404 page.
const pageModules = import.meta.glob<{ default: ComponentType }>('./pages/*/*Page.tsx');
type PageModule = { default: ComponentType };
/** Each page's source file (the server links its chunk and styles) and loader (the browser loads it before hydrating). */
export const pageFiles = new Map<ComponentType, { file: string; preload: () => Promise<unknown> }>();
function page(path: string): ComponentType {
  const load = pageModules[`./pages/${path}.tsx`];
  return load ? lazyPage(`pages/${path}.tsx`, load) : NotFoundPage;
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
const HomePage = page('home/HomePage');
const CoursesPage = page('courses/CoursesPage');
const CourseDetailPage = page('course-detail/CourseDetailPage');
const ServicesPage = page('services/ServicesPage');
const ContactPage = page('contact/ContactPage');
const RoadmapPage = page('roadmap/RoadmapPage');
const SubscribePage = page('subscribe/SubscribePage');
const ReviewsPage = page('reviews/ReviewsPage');
const TermsPage = page('legal/TermsPage');
const PrivacyPage = page('legal/PrivacyPage');
const RefundPage = page('legal/RefundPage');
const ComingSoonPage = page('coming-soon/ComingSoonPage');
const CertificateVerifyPage = page('certificate-verify/CertificateVerifyPage');
// Accounts
const LoginPage = page('login/LoginPage');
const RegisterPage = page('register/RegisterPage');
const ForgotPasswordPage = page('forgot-password/ForgotPasswordPage');
const ResetPasswordPage = page('reset-password/ResetPasswordPage');
const MyProfilePage = page('profile/MyProfilePage');
// Commerce
const CheckoutPage = page('checkout/CheckoutPage');
const OrderSuccessPage = page('order-success/OrderSuccessPage');
const OrderFailurePage = page('order-failure/OrderFailurePage');
const OrderHistoryPage = page('order-history/OrderHistoryPage');
const OrderDetailsPage = page('order-details/OrderDetailsPage');
// Memberships
const PendingActivationPage = page('pending-activation/PendingActivationPage');
const SubscriptionPage = page('subscription/SubscriptionPage');
const SubscriptionHistoryPage = page('subscription-history/SubscriptionHistoryPage');
// Learning
const LessonPage = page('lesson/LessonPage');
const DashboardPage = page('dashboard/DashboardPage');
const EnrolledCoursesPage = page('enrolled-courses/EnrolledCoursesPage');
const CertificatesPage = page('certificates/CertificatesPage');
const QuestionAnswerPage = page('question-answer/QuestionAnswerPage');
// The instructor studio: one lazy entry the storefront never loads (its pages are chunks of their own).
const StudioApp = lazy(() => import('./studio/StudioApp'));

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
          { path: 'pending-activation', element: <PendingActivationPage /> },
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
                  { path: 'subscription', element: <SubscriptionPage /> },
                  { path: 'subscription/history', element: <SubscriptionHistoryPage /> },
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
      { path: 'admin/*', element: <StudioApp /> },
      // The lesson player has its own header (logo, course title, progress) and no footer.
      { path: 'lesson/:slug', element: <LessonPage /> },
      { path: 'lesson/:slug/:sectionId/:lessonId', element: <LessonPage /> },
    ],
  },
];

/** Declarative routing (no data APIs are used), which keeps the router's share of the first paint small. */
export function AppRoutes() {
  return useRoutes(routes);
}
