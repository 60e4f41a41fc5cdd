import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router-dom';
import { MAIN_CONTENT_ID, SiteShell } from '@web/components/layout/SiteShell';

/** A thin bar while the next page's chunk loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
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

export function RootLayout() {
  useFocusMainOnNavigate();
  return (
    <SiteShell banner={<NavigationProgress />}>
      <Outlet />
      <ScrollRestoration />
    </SiteShell>
  );
}
