import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LazyToaster } from '@web/components/ui/lazy-toaster';
import { queryClient as appQueryClient } from '@web/lib/queryClient';

/**
 * Data and notifications for the whole app. Tests pass their own query client, and the eager
 * `<Toaster />` so that a toast is on screen as soon as it is raised.
 */
export function AppProviders({
  children,
  queryClient = appQueryClient,
  toaster = <LazyToaster />,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  toaster?: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {toaster}
    </QueryClientProvider>
  );
}
