import { toast } from '@web/hooks/use-toast';
import { useProviderLogout } from '../api/auth';
import { clearProviderSession } from '../api/session';
import { providerToasts } from '../lib/labels';

/**
 * Sign Out (spec doc 2 §4, §8): the server ends the session and closes the alert sockets, then
 * the stored flag and provider go and the login form returns. If the server call fails, the
 * doctor stays signed in and is told so.
 */
export function useProviderSignOut() {
  const logout = useProviderLogout({
    onSuccess: () => {
      clearProviderSession();
      toast(providerToasts.signedOut);
    },
    onError: () => toast({ variant: 'destructive', ...providerToasts.signOutError }),
  });
  return { signOut: () => logout.mutate(), isSigningOut: logout.isPending };
}
