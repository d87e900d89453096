import { lazy, Suspense } from 'react';
import { useRoutes } from 'react-router';
import { PageSpinner } from '../components/States';
import { StudioGuard } from './StudioGuard';
import { StudioLayout } from './StudioLayout';
import './studio.scss';

const SetupPage = lazy(() => import('./pages/SetupPage'));
const StudioNotFound = lazy(() => import('./pages/StudioNotFound'));

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
            { index: true, element: <StudioNotFound /> },
            { path: '*', element: <StudioNotFound /> },
          ],
        },
      ],
    },
  ]);
  return <Suspense fallback={<PageSpinner />}>{element}</Suspense>;
}
