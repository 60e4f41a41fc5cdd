import { RefreshCw, WifiOff } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import type { CallStatus } from '../lib/call-machine';

export const RECONNECTING_TEXT =
  'Reconnecting… Your connection dropped; we are trying to get you back. The picture may freeze until then.';
export const CALL_FAILED_TEXT =
  'The connection could not be restored. Check your internet connection, then try again.';
export const CALL_RETRY = 'Try Again';

/**
 * What the call is doing when it is not simply connected (issue 26 item 5): the other party's
 * picture freezes when the connection drops, so the page says so instead of showing a still
 * frame as if all were well. While the call reconnects on its own, a status; when it gave up,
 * an alert with a retry.
 */
export function CallStateBanner({
  state,
  onRetry,
}: {
  state: CallStatus | null;
  onRetry: () => void;
}) {
  if (state === 'reconnecting') {
    return (
      <p
        role="status"
        data-testid="call-reconnecting"
        className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning-soft p-3 text-sm font-medium"
      >
        <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {RECONNECTING_TEXT}
      </p>
    );
  }
  if (state === 'failed') {
    return (
      <div
        role="alert"
        data-testid="call-failed"
        className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-destructive/40 bg-danger-soft p-3 text-sm"
      >
        <p className="flex items-start gap-2 font-medium">
          <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {CALL_FAILED_TEXT}
        </p>
        <Button size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          {CALL_RETRY}
        </Button>
      </div>
    );
  }
  return null;
}
