import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { LoadingState } from '@web/components/states';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { adminKeys } from '../api/keys';
import { useAdminToken } from '../api/session';

/**
 * The signed-in panel (tabs, lists, dialogs) loads lazily: a first visit shows only the login
 * form, and focusing it starts loading the panel, so it is usually there when the login answers.
 */
const loadAdminPanel = () => import('../components/AdminPanel');
const AdminPanel = lazy(() => loadAdminPanel().then((module) => ({ default: module.AdminPanel })));

/**
 * The login form (and its second factor step) loads only for a browser that is signed out: a
 * signed-in administrator's reload would fetch it for nothing (issue 29 item 6).
 */
const AdminLoginForm = lazy(() =>
  import('../components/AdminLoginForm').then((module) => ({ default: module.AdminLoginForm })),
);

function preloadAdminPanel() {
  // Only a head start: a failure shows when the panel renders (the page's error boundary).
  loadAdminPanel().catch(() => undefined);
}

/**
 * `/admin` (spec doc 2 §2): the login form until an admin token is stored, then the panel. Any
 * admin call answered 401 clears the token, which brings the login form back.
 */
export default function AdminPage() {
  useDocumentTitle('Admin Panel');
  const token = useAdminToken();
  const queryClient = useQueryClient();

  useEffect(() => {
    // Signed out (button, 401 or another tab): no admin data stays in memory.
    if (token === null) queryClient.removeQueries({ queryKey: adminKeys.all });
  }, [token, queryClient]);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      {token ? (
        <Suspense fallback={<LoadingState label="Loading the admin panel..." />}>
          <AdminPanel />
        </Suspense>
      ) : (
        <Suspense fallback={<LoadingState label="Loading..." />}>
          <div onFocus={preloadAdminPanel}>
            <AdminLoginForm />
          </div>
        </Suspense>
      )}
    </div>
  );
}
