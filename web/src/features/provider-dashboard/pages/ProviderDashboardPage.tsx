import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { ErrorState, LoadingState } from '@web/components/states';
import { Button } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { providerMeQueryOptions } from '../api/auth';
import { providerKeys } from '../api/keys';
import { clearProviderSession, useCurrentProvider } from '../api/session';

/**
 * What a signed-in provider sees (the dashboard, the forced password change) loads lazily: a
 * first visit shows only the login form, and focusing it starts loading the rest, so it is
 * usually there when the login answers.
 */
const loadDashboard = () => import('../components/ProviderDashboard');
const loadChangePasswordForm = () => import('../components/ChangePasswordForm');
const ProviderDashboard = lazy(() =>
  loadDashboard().then((module) => ({ default: module.ProviderDashboard })),
);
const ChangePasswordForm = lazy(() =>
  loadChangePasswordForm().then((module) => ({ default: module.ChangePasswordForm })),
);

/**
 * The sign-in form (and its second factor step) loads only for a browser that is signed out: a
 * signed-in doctor's reload would fetch it for nothing (issue 29 item 6: the browser's count of
 * the signed-in dashboard).
 */
const ProviderLoginForm = lazy(() =>
  import('../components/ProviderLoginForm').then((module) => ({
    default: module.ProviderLoginForm,
  })),
);

function preloadSignedIn() {
  // Only a head start: a failure shows when they render (the page's error boundary).
  loadDashboard().catch(() => undefined);
  loadChangePasswordForm().catch(() => undefined);
}

/**
 * `/provider-dashboard` (spec doc 2 §2): the login form until a provider is signed in, then the
 * forced password change if the emailed password is still in use, then the dashboard. The stored
 * values are display data only; on a reload the server (`me`) says whether the session holds.
 */
export default function ProviderDashboardPage() {
  useDocumentTitle('Provider Dashboard');
  const stored = useCurrentProvider();
  const queryClient = useQueryClient();
  const me = useQuery({ ...providerMeQueryOptions(), enabled: stored !== null });

  useEffect(() => {
    // Signed out (button, 401, another tab): no provider data stays in memory.
    if (stored === null) queryClient.removeQueries({ queryKey: providerKeys.all });
  }, [stored, queryClient]);

  useEffect(() => {
    if (me.data === null) clearProviderSession();
  }, [me.data]);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <Suspense fallback={<LoadingState label="Loading your dashboard..." />}>{content()}</Suspense>
    </div>
  );

  // A function, not a component: a component defined here would remount on every render.
  function content() {
    if (stored === null || me.data === null) {
      return (
        <div onFocus={preloadSignedIn}>
          <ProviderLoginForm />
        </div>
      );
    }
    if (me.isPending) return <LoadingState label="Checking your session..." />;
    if (me.isError) {
      return (
        <div className="mx-auto flex max-w-md flex-col items-center gap-3">
          <ErrorState message="We could not reach the server." className="w-full" />
          <Button variant="outline" onClick={() => void me.refetch()}>
            Try again
          </Button>
        </div>
      );
    }
    if (me.data.mustChangePassword) return <ChangePasswordForm />;
    return <ProviderDashboard provider={me.data} />;
  }
}
