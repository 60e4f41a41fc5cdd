import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ProviderCaseDetails } from '@shared/cases/provider-case';
import { toast } from '@web/hooks/use-toast';
import { openMeetingInNewTab } from '@web/lib/open-meeting';
import { caseDetailsQueryOptions, startTimer } from '../api/cases';
import { checkConsultationStart, joinUrlWithCase } from '../lib/start-rule';
import { startRuleMessages } from '@shared/meetings/start-rule';

/**
 * Start Call and Start Meeting (spec doc 2 §2, §4, §7): a case that passes the start rule
 * starts the server's 15-minute timer (unless the call is already on; a failure there is only
 * logged and the meeting opens anyway), then the provider's join link opens in a new tab with
 * `case_id`. Without a join link the card's Start Call goes to the visit page instead.
 */
export function useStartCall() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const startMeeting = useCallback(async (details: ProviderCaseDetails) => {
    const check = checkConsultationStart(details);
    if (!check.ok) {
      toast({ variant: 'destructive', title: check.message });
      return;
    }
    if (details.status !== 'in_call') {
      try {
        await startTimer(details.id);
      } catch {
        console.warn('Starting the meeting timer failed');
      }
    }
    const opened = openMeetingInNewTab(
      joinUrlWithCase(check.joinUrl, details.id, window.location.origin),
    );
    if (!opened) toast({ variant: 'destructive', title: startRuleMessages.failed });
  }, []);

  /** The card's Start Call: read the details, then start, or fall back to the visit page. */
  const startCall = useCallback(
    async (caseId: string) => {
      let details: ProviderCaseDetails;
      try {
        details = await queryClient.fetchQuery(caseDetailsQueryOptions(caseId));
      } catch {
        toast({ variant: 'destructive', title: startRuleMessages.failed });
        return;
      }
      if (!details.meeting?.providerJoinUrl) {
        void navigate(`/visit/${encodeURIComponent(caseId)}`);
        return;
      }
      await startMeeting(details);
    },
    [queryClient, navigate, startMeeting],
  );

  return { startCall, startMeeting };
}
