import { lazy, Suspense } from 'react';
import { useRoutes } from 'react-router';
import { PageSpinner } from '../components/States';
import { AdminOnly, StudioGuard } from './StudioGuard';
import { StudioLayout } from './StudioLayout';
import './studio.scss';

const SetupPage = lazy(() => import('./pages/SetupPage'));
const OverviewPage = lazy(() => import('./pages/OverviewPage'));
const CoursesPage = lazy(() => import('./pages/CoursesPage'));
const CourseNewPage = lazy(() => import('./pages/CourseNewPage'));
const CourseEditorPage = lazy(() => import('./pages/CourseEditorPage'));
const CoursePreviewPage = lazy(() => import('./pages/CoursePreviewPage'));
const BundlesPage = lazy(() => import('./pages/BundlesPage'));
const BundleEditorPage = lazy(() => import('./pages/BundleEditorPage'));
const OrdersPage = lazy(() => import('./pages/OrdersPage'));
const OrderDetailPage = lazy(() => import('./pages/OrderDetailPage'));
const StudentsPage = lazy(() => import('./pages/StudentsPage'));
const StudentDetailPage = lazy(() => import('./pages/StudentDetailPage'));
const MembersPage = lazy(() => import('./pages/MembersPage'));
const MemberDetailPage = lazy(() => import('./pages/MemberDetailPage'));
const PaymentsPage = lazy(() => import('./pages/PaymentsPage'));
const PaymentEventPage = lazy(() => import('./pages/PaymentEventPage'));
const PlansPage = lazy(() => import('./pages/PlansPage'));
const PlanEditorPage = lazy(() => import('./pages/PlanEditorPage'));
const AuditLogPage = lazy(() => import('./pages/AuditLogPage'));
const CouponsPage = lazy(() => import('./pages/CouponsPage'));
const SettingsPage = lazy(() => import('./pages/SettingsPage'));
const TeamPage = lazy(() => import('./pages/TeamPage'));
const QuestionsPage = lazy(() => import('./pages/QuestionsPage'));
const ReviewsPage = lazy(() => import('./pages/ReviewsPage'));
const ProjectQueuePage = lazy(() => import('./pages/ProjectQueuePage'));
const ProjectReviewPage = lazy(() => import('./pages/ProjectReviewPage'));
const MessagesPage = lazy(() => import('./pages/MessagesPage'));
const EmailsPage = lazy(() => import('./pages/EmailsPage'));
const EmailDetailPage = lazy(() => import('./pages/EmailDetailPage'));
const EmailComposerPage = lazy(() => import('./pages/EmailComposerPage'));
const StudioNotFound = lazy(() => import('./pages/StudioNotFound'));

/** The studio's home: the overview, or for a reviewer (who may review projects and nothing else) the review queue. */
/** Everything under /admin: the first-run setup, then the guarded studio (one lazy chunk per page). */
export default function StudioApp() {
  const element = useRoutes([
    { path: 'setup', element: <SetupPage /> },
    {
      element: <StudioGuard />,
      children: [
        {
          element: <StudioLayout />,
          children: [
            // A reviewer may open the project reviews only; every other page sends them there (AdminOnly).
            { path: 'projects', element: <ProjectQueuePage /> },
            { path: 'projects/:submissionId', element: <ProjectReviewPage /> },
            {
              element: <AdminOnly />,
              children: [
                { index: true, element: <OverviewPage /> },
                { path: 'courses', element: <CoursesPage /> },
                { path: 'courses/new', element: <CourseNewPage /> },
                { path: 'courses/:courseId', element: <CourseEditorPage /> },
                { path: 'courses/:courseId/preview', element: <CoursePreviewPage /> },
                { path: 'bundles', element: <BundlesPage /> },
                { path: 'bundles/:bundleId', element: <BundleEditorPage /> },
                { path: 'orders', element: <OrdersPage /> },
                { path: 'orders/:orderNumber', element: <OrderDetailPage /> },
                { path: 'students', element: <StudentsPage /> },
                { path: 'students/:userId', element: <StudentDetailPage /> },
                { path: 'members', element: <MembersPage /> },
                { path: 'members/:membershipId', element: <MemberDetailPage /> },
                { path: 'payments', element: <PaymentsPage /> },
                { path: 'payments/:eventId', element: <PaymentEventPage /> },
                { path: 'coupons', element: <CouponsPage /> },
                { path: 'plans', element: <PlansPage /> },
                { path: 'plans/:planId', element: <PlanEditorPage /> },
                { path: 'audit-log', element: <AuditLogPage /> },
                { path: 'settings', element: <SettingsPage /> },
                { path: 'settings/team', element: <TeamPage /> },
                { path: 'questions', element: <QuestionsPage /> },
                { path: 'reviews', element: <ReviewsPage /> },
                { path: 'messages', element: <MessagesPage /> },
                { path: 'emails', element: <EmailsPage /> },
                { path: 'emails/new', element: <EmailComposerPage /> },
                { path: 'emails/:broadcastId', element: <EmailDetailPage /> },
                { path: 'emails/:broadcastId/edit', element: <EmailComposerPage /> },
                { path: '*', element: <StudioNotFound /> },
              ],
            },
          ],
        },
      ],
    },
  ]);
  return <Suspense fallback={<PageSpinner />}>{element}</Suspense>;
}
