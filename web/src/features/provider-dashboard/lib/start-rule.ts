import { providerCaseMessages, type ProviderCaseDetails } from '@shared/cases/provider-case';
import { ROOM_CASE_ID_PARAM, ROOM_START_PARAM } from '@shared/meetings/room';
import { startRuleMessages } from '@shared/meetings/start-rule';

export type StartCheck = { ok: true; joinUrl: string } | { ok: false; message: string };

/**
 * The consultation start rule (spec doc 2 §4): only a claimed or in-call case the current
 * provider holds, with meeting data, can start; otherwise the spec's message says why, or the
 * plain one when the provider's own claim lapsed.
 */
export function checkConsultationStart(details: ProviderCaseDetails): StartCheck {
  if (details.status === 'paid') {
    return {
      ok: false,
      message: details.myClaimLapsed
        ? providerCaseMessages.claimLapsed
        : startRuleMessages.notClaimed,
    };
  }
  if (!details.claimedByMe) return { ok: false, message: startRuleMessages.otherProvider };
  if (details.status !== 'claimed' && details.status !== 'in_call') {
    return { ok: false, message: startRuleMessages.wrongStatus(details.status) };
  }
  if (!details.meeting) return { ok: false, message: startRuleMessages.noMeeting };
  if (!details.meeting.providerJoinUrl) return { ok: false, message: startRuleMessages.failed };
  return { ok: true, joinUrl: details.meeting.providerJoinUrl };
}

/**
 * The provider's join link with `case_id` (spec doc 2 §7) and, for a call not yet on, `start`:
 * the room starts the timer (ROOM_START_PARAM).
 */
export function joinUrlWithCase(
  joinUrl: string,
  caseId: string,
  origin: string,
  start = false,
): string {
  const url = new URL(joinUrl, origin);
  url.searchParams.set(ROOM_CASE_ID_PARAM, caseId);
  if (start) url.searchParams.set(ROOM_START_PARAM, '1');
  return url.href;
}
