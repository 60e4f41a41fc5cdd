import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders } from '@web/app/providers';
import { Toaster } from '@web/components/ui/toaster';
import { dismissToast } from '@web/hooks/use-toast';
import { createQueryClient } from '@web/lib/queryClient';

/**
 * The app's providers for a test: a fresh query client (the app mounts its own only around the
 * pages that fetch) and, unless `toaster` says otherwise, the eager `<Toaster />`.
 */
export function TestProviders({
  children,
  toaster = <Toaster />,
}: {
  children: ReactNode;
  toaster?: ReactNode;
}) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <AppProviders toaster={toaster}>{children}</AppProviders>
    </QueryClientProvider>
  );
}

/** Renders routes in a memory router with the app's providers and a fresh query client. */
export function renderRoutes(
  routes: RouteObject[],
  {
    initialEntries = ['/'],
    initialIndex,
  }: { initialEntries?: string[]; initialIndex?: number } = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(routes, { initialEntries, initialIndex });
  const result = render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router };
}

/** Renders one element at `/` (for components that use links). */
export function renderWithProviders(ui: ReactElement) {
  return renderRoutes([{ path: '*', element: ui }]);
}

/** Unmounts everything and closes any toast left open (the toast store is module state). */
export function resetDom() {
  cleanup();
  dismissToast();
}
