import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { refetchUnlessServerData } from './lib/serverData';

// Toasts only appear after an action, so their container loads after the first paint (and never on the server).
const Toasts = lazy(() => import('./components/Toasts'));

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, refetchOnMount: refetchUnlessServerData(true) } },
  });
}

const noSubscription = () => () => undefined;

/** The tree shared by the browser (main.tsx) and the server (entry-server.tsx); `children` is the router. */
export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {children}
        {hydrated && (
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        )}
      </QueryClientProvider>
    </StrictMode>
  );
}
