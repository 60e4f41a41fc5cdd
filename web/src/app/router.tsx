import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';
import { PageLoading } from './PageLoading';
import { redirectTable, routeTable } from './route-table';

interface PageModule {
  default: ComponentType;
}

/**
 * One lazy chunk per page module. The glob keys (`../features/...`) are the route table's
 * `page` paths relative to `web/src`, so the route table stays the only list of pages.
 */
const pageModules = import.meta.glob<PageModule>([
  '../features/*/pages/*.tsx',
  '!../features/*/pages/*.test.tsx',
]);

function lazyPage(page: string): RouteObject['lazy'] {
  const load = pageModules[`../${page}`];
  if (!load) throw new Error(`Route table names a page module that does not exist: ${page}`);
  return async () => ({ Component: (await load()).default });
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoading,
    children: [
      ...redirectTable.map(({ path, redirectTo }) => ({
        path,
        element: <Navigate to={redirectTo} replace />,
      })),
      ...routeTable.map(({ path, page }) => ({ path, lazy: lazyPage(page) })),
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
