import type { ReactNode } from 'react';
import { LazyToaster } from '@web/components/ui/lazy-toaster';

/**
 * Notifications for the whole app. The query provider is not here: the router mounts it around
 * the pages that fetch (`QueryLayout`), so the landing's first load goes without TanStack Query.
 * Tests pass the eager `<Toaster />` so that a toast is on screen as soon as it is raised.
 */
export function AppProviders({
  children,
  toaster = <LazyToaster />,
}: {
  children: ReactNode;
  toaster?: ReactNode;
}) {
  return (
    <>
      {children}
      {toaster}
    </>
  );
}
