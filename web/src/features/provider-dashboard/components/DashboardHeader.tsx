import { Bell, Wifi, WifiOff } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { SignOutButton } from '@web/components/SignOutButton';
import { Button } from '@web/components/ui/button';
import { formatDate } from '@web/lib/dates';
import type { NotificationChoice } from '../hooks/use-background-alerts';
import { useNow } from '../hooks/use-now';
import { useProviderSignOut } from '../hooks/use-provider-sign-out';

/** `2026-11-25`, the machine-readable date of the `<time>` element. */
function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Welcome line, today's date (updated every 60 s), the Live Alerts / Offline indicator, the
 * desktop-notification opt-in and Sign Out (spec doc 2 §2).
 */
export function DashboardHeader({
  name,
  live,
  notifications,
  onEnableNotifications,
}: {
  name: string;
  live: boolean;
  notifications: NotificationChoice;
  onEnableNotifications: () => void;
}) {
  const now = useNow();
  const { signOut, isSigningOut } = useProviderSignOut();

  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Welcome, {name}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <time dateTime={isoDay(now)}>{formatDate(now, { weekday: 'long' })}</time>
          {live ? (
            <Badge variant="success">
              <Wifi aria-hidden="true" />
              Live Alerts
            </Badge>
          ) : (
            <Badge variant="outline">
              <WifiOff aria-hidden="true" />
              Offline
            </Badge>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {notifications === 'default' ? (
          <Button variant="outline" onClick={onEnableNotifications}>
            <Bell aria-hidden="true" />
            Enable desktop alerts
          </Button>
        ) : null}
        <SignOutButton onSignOut={signOut} signingOut={isSigningOut} />
      </div>
    </header>
  );
}
