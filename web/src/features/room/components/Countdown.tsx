import { Clock } from 'lucide-react';
import { MEETING_WARNING_SECONDS } from '@shared/meetings/room';
import { cn } from '@web/lib/utils';
import { formatCountdown, isEndingSoon } from '../lib/server-clock';

export const ENDING_SOON_MESSAGE = `Less than ${MEETING_WARNING_SECONDS / 60} minutes left. The consultation ends automatically when the time is up.`;

/**
 * The time left to `endsAt` (server clock). The timer itself is not a live region (a screen
 * reader would read every second); the two-minute warning is an alert, announced once when it
 * appears.
 */
export function Countdown({ endsAt, left }: { endsAt: string; left: number }) {
  const soon = isEndingSoon(left);
  return (
    <div className="grid gap-2">
      <p className="flex items-center gap-2 text-lg font-semibold">
        <Clock className="size-5" aria-hidden="true" />
        <span id="countdown-label">Time left</span>
        <span
          role="timer"
          aria-labelledby="countdown-label"
          data-ends-at={endsAt}
          className={cn('font-mono tabular-nums', soon && 'text-destructive')}
        >
          {formatCountdown(left)}
        </span>
      </p>
      {soon ? (
        <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm font-medium">
          {ENDING_SOON_MESSAGE}
        </p>
      ) : null}
    </div>
  );
}
