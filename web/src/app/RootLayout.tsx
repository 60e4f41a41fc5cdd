import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { MAIN_CONTENT_ID, SiteShell } from '@web/components/layout/SiteShell';
import { useNavigationPending } from './AppRouter';
import { PageErrorBoundary } from './PageErrorBoundary';
import { PageLoading } from './PageLoading';
import { useScrollRestoration } from './use-scroll-restoration';

/** A thin bar while the next page's chunk loads. */
function NavigationProgress() {
  if (!useNavigationPending()) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="absolute inset-x-0 top-0 h-1 overflow-hidden bg-primary-soft"
    >
      <div className="h-full w-2/5 bg-primary motion-safe:animate-progress" />
    </div>
  );
}

/** After a client-side navigation, screen readers and keyboards start at the new page. */
function useFocusMainOnNavigate() {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [pathname]);
}

/**
 * The landmarks around every page; the page's chunk loads inside them (the spinner only on the
 * first page: later navigations keep the current page, with the progress bar, until the next
 * one is ready), and an error while loading or rendering a page shows the error page there.
 */
export function RootLayout() {
  useFocusMainOnNavigate();
  useScrollRestoration();
  const { key } = useLocation();
  return (
    <SiteShell banner={<NavigationProgress />}>
      <PageErrorBoundary locationKey={key}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    </SiteShell>
  );
}
