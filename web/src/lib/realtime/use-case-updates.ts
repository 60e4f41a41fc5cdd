import { hashKey, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { isCaseChannelOpen, subscribeToCase, type CaseChannelOptions } from './case-updates';

/**
 * Subscribes a patient page to its case's updates (issue 12, docs/adr/0007): on `CASE_UPDATED`
 * (and each time the socket opens, since a change may have come before it) the page's query is
 * refetched at once. Returns whether the socket is open; the page then polls every 30 s
 * (`pollInterval`) instead of at the spec's rate. `caseId` null (not known yet) subscribes to
 * nothing.
 */
export function useCaseUpdates(
  caseId: string | null,
  queryKey: QueryKey,
  { WebSocketImpl }: CaseChannelOptions = {},
): boolean {
  const queryClient = useQueryClient();
  const keyHash = hashKey(queryKey);
  const subscribe = useCallback(
    (onOpenChange: () => void) => {
      if (!caseId) return () => undefined;
      const key = JSON.parse(keyHash) as QueryKey;
      return subscribeToCase(
        caseId,
        {
          onChange: () => void queryClient.invalidateQueries({ queryKey: key, exact: true }),
          onOpenChange,
        },
        WebSocketImpl ? { WebSocketImpl } : {},
      );
    },
    [caseId, keyHash, queryClient, WebSocketImpl],
  );
  return useSyncExternalStore(
    subscribe,
    () => (caseId ? isCaseChannelOpen(caseId) : false),
    () => false,
  );
}
