import { LoaderCircle, LogOut } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/** Sign Out of a signed-in panel, with a spinner while the server ends the session. */
export function SignOutButton({
  onSignOut,
  signingOut,
}: {
  onSignOut: () => void;
  signingOut: boolean;
}) {
  return (
    <Button variant="outline" onClick={onSignOut} disabled={signingOut}>
      {signingOut ? (
        <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
      ) : (
        <LogOut aria-hidden="true" />
      )}
      Sign Out
    </Button>
  );
}
