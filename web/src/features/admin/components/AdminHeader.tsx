import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@web/components/ui/badge';
import { SignOutButton } from '@web/components/SignOutButton';
import { Button } from '@web/components/ui/button';
import { formatDate } from '@web/lib/dates';
import { adminKeys } from '../api/keys';
import { useAdminSignOut } from '../hooks/use-admin-sign-out';
import { localDateStamp } from '../lib/csv';

/** Title, today's date, 'System Online', Refresh (every admin query) and Sign Out. */
export function AdminHeader() {
  const queryClient = useQueryClient();
  const [today, setToday] = useState(() => new Date());
  const { signOut, isSigningOut } = useAdminSignOut();

  const refresh = () => {
    setToday(new Date());
    void queryClient.invalidateQueries({ queryKey: adminKeys.all });
  };

  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Admin Panel</h1>
        <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <time dateTime={localDateStamp(today)}>{formatDate(today, { weekday: 'long' })}</time>
          <Badge variant="success">
            <span className="size-2 rounded-full bg-green-600" aria-hidden="true" />
            System Online
          </Badge>
        </div>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" onClick={refresh}>
          <RefreshCw aria-hidden="true" />
          Refresh
        </Button>
        <SignOutButton onSignOut={signOut} signingOut={isSigningOut} />
      </div>
    </header>
  );
}
