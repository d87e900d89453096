import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, type ReactNode } from 'react';
import { useHydrated } from './lib/hydrated';
import { refetchUnlessServerData } from './lib/serverData';

// Toasts only appear after an action, so their container loads after the first paint (and never on the server).
const Toasts = lazy(() => import('./components/Toasts'));

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, refetchOnMount: refetchUnlessServerData(true) } },
  });
}

/** The tree shared by the browser (main.tsx) and the server (entry-server.tsx); `children` is the router. */
export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const hydrated = useHydrated();
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
