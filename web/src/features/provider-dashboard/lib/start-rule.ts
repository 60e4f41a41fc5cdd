import type { ProviderCaseDetails } from '@shared/cases/provider-case';
import { startRuleMessages } from '@shared/meetings/start-rule';

export type StartCheck = { ok: true; joinUrl: string } | { ok: false; message: string };

/**
 * The consultation start rule (spec doc 2 §4): only a claimed or in-call case the current
 * provider holds, with meeting data, can start; otherwise the spec's message says why.
 */
export function checkConsultationStart(details: ProviderCaseDetails): StartCheck {
  if (details.status === 'paid') return { ok: false, message: startRuleMessages.notClaimed };
  if (!details.claimedByMe) return { ok: false, message: startRuleMessages.otherProvider };
  if (details.status !== 'claimed' && details.status !== 'in_call') {
    return { ok: false, message: startRuleMessages.wrongStatus(details.status) };
  }
  if (!details.meeting) return { ok: false, message: startRuleMessages.noMeeting };
  if (!details.meeting.providerJoinUrl) return { ok: false, message: startRuleMessages.failed };
  return { ok: true, joinUrl: details.meeting.providerJoinUrl };
}

/** The provider's join link with the `case_id` query parameter (spec doc 2 §7). */
export function joinUrlWithCase(joinUrl: string, caseId: string, origin: string): string {
  const url = new URL(joinUrl, origin);
  url.searchParams.set('case_id', caseId);
  return url.href;
}
