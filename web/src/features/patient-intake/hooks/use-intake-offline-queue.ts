import { toast } from '@web/hooks/use-toast';
import type { OfflineQueueEntry } from '@web/lib/offline/offline-queue';
import { useOfflineQueue } from '@web/lib/offline/use-offline-queue';
import { offlineMessages } from '../lib/messages';
import type { IntakeOutcome, QueuedIntake } from '../lib/outcome';
import { loadIntakeRequests } from '../lib/load-intake-requests';

/** The offline queue of the request screens: either reading's forms, sent by either page. */
export function useIntakeOfflineQueue({
  onSent,
}: {
  onSent: (entry: OfflineQueueEntry<QueuedIntake>, outcome: IntakeOutcome) => void;
}) {
  return useOfflineQueue<QueuedIntake, IntakeOutcome>({
    // A stored form is sent with the request modules, loaded then (not with the page).
    send: async (data) => (await loadIntakeRequests()).sendQueuedIntake(data),
    onSent,
    onDropped: () =>
      toast({
        variant: 'destructive',
        title: offlineMessages.droppedTitle,
        description: offlineMessages.dropped,
      }),
    onExpired: () =>
      toast({
        variant: 'destructive',
        title: offlineMessages.expiredTitle,
        description: offlineMessages.expired,
      }),
  });
}
