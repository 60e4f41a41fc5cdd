import { AppRouter, type AppHistory } from './AppRouter';
import { AppProviders } from './providers';
import type { RouteObject } from 'react-router-dom';
import { routes as lazyRoutes } from './router';

/**
 * The whole app on a history: the browser's in `main.tsx`, a memory one when prerendering (with
 * routes whose pages are loaded already).
 */
export function App({
  history,
  routes = lazyRoutes,
}: {
  history: AppHistory;
  routes?: RouteObject[];
}) {
  return (
    <AppProviders>
      <AppRouter history={history} routes={routes} />
    </AppProviders>
  );
}
