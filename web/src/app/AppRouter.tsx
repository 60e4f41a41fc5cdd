import {
  createContext,
  useContext,
  useLayoutEffect,
  useState,
  useTransition,
  type ReactNode,
} from 'react';
import {
  Router,
  useRoutes,
  type RouteObject,
  type UNSAFE_createBrowserHistory,
} from 'react-router-dom';

/**
 * React Router's own history (`UNSAFE_createBrowserHistory`, or `UNSAFE_createMemoryHistory` in
 * tests): the one `<BrowserRouter>` uses; "unsafe" only in that its API may change in a minor
 * version, which the router tests would show.
 */
export type AppHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

const NavigationPendingContext = createContext(false);

/** True while the next page's chunk loads (the previous page stays on screen meanwhile). */
export function useNavigationPending(): boolean {
  return useContext(NavigationPendingContext);
}

function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * `<BrowserRouter>` with the pending state of its transition exposed: every location change is
 * a transition, so a page whose chunk is not loaded yet suspends it and the current page stays
 * (with the progress bar) instead of a blank fallback. Tests pass a memory history.
 */
export function AppRouter({
  history,
  routes,
  children,
}: {
  history: AppHistory;
  routes: RouteObject[];
  children?: ReactNode;
}) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  const [pending, startTransition] = useTransition();
  useLayoutEffect(
    () => history.listen((update) => startTransition(() => setState(update))),
    [history],
  );
  return (
    <NavigationPendingContext value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        <AppRoutes routes={routes} />
        {children}
      </Router>
    </NavigationPendingContext>
  );
}
