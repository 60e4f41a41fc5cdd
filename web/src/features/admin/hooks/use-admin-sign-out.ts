import { toast } from '@web/hooks/use-toast';
import { useAdminLogout } from '../api/logout';
import { clearAdminSession } from '../api/session';
import { adminToasts } from '../lib/labels';

/**
 * Sign Out (spec doc 2 §4): end the server session, then forget the stored token and id and clear
 * session storage; the page returns to a fresh login form and drops the cached admin data. If
 * the server call fails, the admin stays signed in and is told so.
 */
export function useAdminSignOut() {
  const logout = useAdminLogout({
    onSuccess: () => {
      clearAdminSession();
      try {
        window.sessionStorage.clear();
      } catch {
        // Storage unavailable: nothing to clear.
      }
      toast(adminToasts.signedOut);
    },
    onError: () => {
      toast({ variant: 'destructive', ...adminToasts.signOutError });
    },
  });
  return { signOut: () => logout.mutate(), isSigningOut: logout.isPending };
}
