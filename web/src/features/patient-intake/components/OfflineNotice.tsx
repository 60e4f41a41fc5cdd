import { CloudOff, Clock } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { offlineMessages } from '../lib/messages';

/** Offline state and forms waiting in the offline queue. */
export function OfflineNotice({
  online,
  pendingCount,
  filesKept,
}: {
  online: boolean;
  pendingCount: number;
  /** Files of a queued form are still held by this page. */
  filesKept: boolean;
}) {
  return (
    <div aria-live="polite" className="grid gap-3 empty:hidden">
      {pendingCount > 0 ? (
        <Alert variant="warning" data-testid="offline-queued">
          <Clock aria-hidden="true" />
          <AlertTitle>{offlineMessages.queuedTitle}</AlertTitle>
          <AlertDescription>
            <p>{online ? offlineMessages.pending(pendingCount) : offlineMessages.queued}</p>
            {filesKept ? <p className="mt-1">{offlineMessages.filesNotSaved}</p> : null}
          </AlertDescription>
        </Alert>
      ) : !online ? (
        <Alert variant="warning">
          <CloudOff aria-hidden="true" />
          <AlertDescription>{offlineMessages.offlineBanner}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
