import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeToCase, type CaseChannelOptions } from '@web/lib/realtime/case-updates';
import { caseWaitQueryKey, caseWaitQueryOptions } from '../api/get-case-wait';

/**
 * The waiting room's place in the queue and estimate (issue 28 item 5), while `waiting`: fetched
 * again at once when the queue ahead moves (`QUEUE_MOVED` on the case's socket, shared with the
 * page's status updates) or the case itself changes.
 */
export function useCaseWait(
  caseId: string,
  waiting: boolean,
  { WebSocketImpl }: CaseChannelOptions = {},
) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!waiting) return;
    const refetch = () =>
      void queryClient.invalidateQueries({ queryKey: caseWaitQueryKey(caseId), exact: true });
    return subscribeToCase(
      caseId,
      { onChange: refetch, onOpenChange: () => undefined, onQueueMoved: refetch },
      WebSocketImpl ? { WebSocketImpl } : {},
    );
  }, [caseId, waiting, queryClient, WebSocketImpl]);
  return useQuery({ ...caseWaitQueryOptions(caseId), enabled: waiting });
}
