import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeToCase, type CaseChannelOptions } from '@web/lib/realtime/case-updates';
import { caseWaitQueryKey, caseWaitQueryOptions } from '../api/get-case-wait';

/**
 * The waiting room's place in the queue and estimate (issue 28 item 5), while `waiting`: replaced
 * by the answer a `QUEUE_MOVED` carries (on the case's socket, shared with the page's status
 * updates) and fetched again when the case itself changes or the socket opens.
 */
export function useCaseWait(
  caseId: string,
  waiting: boolean,
  { WebSocketImpl }: CaseChannelOptions = {},
) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!waiting) return;
    const key = caseWaitQueryKey(caseId);
    return subscribeToCase(
      caseId,
      {
        onChange: () => void queryClient.invalidateQueries({ queryKey: key, exact: true }),
        onOpenChange: () => undefined,
        onQueueMoved: (wait) => queryClient.setQueryData(key, wait),
      },
      WebSocketImpl ? { WebSocketImpl } : {},
    );
  }, [caseId, waiting, queryClient, WebSocketImpl]);
  return useQuery({ ...caseWaitQueryOptions(caseId), enabled: waiting });
}
