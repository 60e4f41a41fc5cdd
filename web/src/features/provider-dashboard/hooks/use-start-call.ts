import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { startRuleMessages } from '@shared/meetings/start-rule';
import { toast } from '@web/hooks/use-toast';
import { serverMessageOf } from '@web/lib/api';
import { caseDetailsQueryOptions } from '../api/cases';
import { openRoomTab } from '../lib/room-tab';
import { checkConsultationStart, joinUrlWithCase } from '../lib/start-rule';

/**
 * Start Call, Rejoin and Start Meeting (spec doc 2 §2, §4, §7; issue 27 items 4 and 5). The room's
 * tab opens inside the click, before anything is awaited, so no popup blocker drops it. Then
 * the case is read afresh on the server: a case that no longer passes the start rule (a stale
 * card: the claim lapsed, another provider holds it, the call ended) closes the tab and says why
 * on the dashboard; the provider is never sent to a patient page. A case that passes sends the
 * tab to the provider's join link with `case_id`, and with `start` unless the call is on: the
 * room starts the 15-minute timer itself, once the doctor is there. When the browser blocked
 * the tab anyway, `blockedRoomUrl` holds the link for the dashboard to offer.
 */
export function useStartCall() {
  const queryClient = useQueryClient();
  const [blockedRoomUrl, setBlockedRoomUrl] = useState<string | null>(null);

  const openRoom = useCallback(
    async (caseId: string) => {
      const tab = openRoomTab();
      setBlockedRoomUrl(null);
      let check;
      try {
        // `fetchQuery` with `staleTime: 0` asks the server again: the card may be stale.
        const details = await queryClient.fetchQuery(caseDetailsQueryOptions(caseId));
        check = { details, rule: checkConsultationStart(details) };
      } catch (error) {
        tab.close();
        toast({
          variant: 'destructive',
          title: serverMessageOf(error) ?? startRuleMessages.failed,
        });
        return;
      }
      const { details, rule } = check;
      if (!rule.ok) {
        tab.close();
        toast({ variant: 'destructive', title: rule.message });
        return;
      }
      const url = joinUrlWithCase(
        rule.joinUrl,
        caseId,
        window.location.origin,
        details.status !== 'in_call',
      );
      if (tab.blocked) {
        setBlockedRoomUrl(url);
        return;
      }
      if (!tab.go(url)) toast({ variant: 'destructive', title: startRuleMessages.failed });
    },
    [queryClient],
  );

  const dismissBlockedRoom = useCallback(() => setBlockedRoomUrl(null), []);

  return { openRoom, blockedRoomUrl, dismissBlockedRoom };
}
