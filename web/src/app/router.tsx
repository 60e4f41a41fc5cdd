import { lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RootLayout } from './RootLayout';
import { redirectTable, routeTable, type PageRoute } from './route-table';

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

function lazyPage(page: string): ComponentType {
  const load = pageModules[`../${page}`];
  if (!load) throw new Error(`Route table names a page module that does not exist: ${page}`);
  return lazy(load);
}

/**
 * The query provider (TanStack Query, ~8 kB gzip) loads with the first page that fetches, not
 * with the entry: the landing and the not-found page show without it.
 */
const LazyQueryLayout = lazy(() => import('./QueryLayout'));

/**
 * The route tree for `useRoutes` (a plain `<Router>`, not the data router: its loaders, actions
 * and fetchers would be ~16 kB gzip of every first load that no page uses). The root layout
 * holds the landmarks, the page's Suspense boundary and its error boundary. `pageFor` gives a
 * page module's component; the prerender passes loaded ones, so nothing suspends there.
 */
export function buildRoutes(
  pageFor: (page: string) => ComponentType,
  QueryLayout: ComponentType,
): RouteObject[] {
  const pages: readonly PageRoute[] = routeTable;
  const pageRoute = ({ path, page }: PageRoute): RouteObject => {
    const Page = pageFor(page);
    return { path, element: <Page /> };
  };
  return [
    {
      element: <RootLayout />,
      children: [
        ...redirectTable.map(({ path, redirectTo }) => ({
          path,
          element: <Navigate to={redirectTo} replace />,
        })),
        ...pages.filter((route) => route.withoutQueries).map(pageRoute),
        {
          element: <QueryLayout />,
          children: pages.filter((route) => !route.withoutQueries).map(pageRoute),
        },
      ],
    },
  ];
}

/** The app's routes: every page and the query layout load lazily. */
export const routes = buildRoutes(lazyPage, LazyQueryLayout);
