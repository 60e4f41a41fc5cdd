import { addressArea } from '@shared/cases/nurse-visit';
import type { Attachment } from '@shared/cases/attachments';
import { priorityOf, SUMMARY_LIMITS, truncate } from '@shared/cases/case-summary';
import {
  providerCaseMessages,
  providerCaseStatusSchema,
  type ProviderCaseDetails,
  type ProviderCaseSummary,
} from '@shared/cases/provider-case';
import type { CaseBundle } from '#db/cases/bundle';
import type { CaseRecord } from '#db/cases/record';
import type { PatientRecord } from '#db/patients';
import { forbidden, notFound } from '#core/errors';
import { effectiveMeeting } from './effective-meeting';
import { effectiveCase } from './claim-lease';
import { CASE_NOT_FOUND } from './load';

/**
 * What a provider may know of a case (spec doc 2 §3 "Case (provider view)", docs/security.md).
 * Every reading goes through `effectiveCase`, so a lapsed claim reads as available and a call
 * past its `endsAt` as completed.
 */

/**
 * The card of a case, or null for a case providers never see (unpaid, expired, cancelled). The
 * summary is cut to what the widest card shows: every provider reads the lists, and only the
 * holder may read the whole of it (the details).
 */
export function toProviderCaseSummary(
  stored: CaseRecord,
  providerId: string,
  now: Date,
): ProviderCaseSummary | null {
  const caseRecord = effectiveCase(stored, now);
  const status = providerCaseStatusSchema.safeParse(caseRecord.status);
  if (!status.success) return null;
  const claimedByMe = caseRecord.claimedBy !== null && caseRecord.claimedBy === providerId;
  // The patient's presence is the holder's business only (issue 27), and only while it matters.
  const holding = claimedByMe && (status.data === 'claimed' || status.data === 'in_call');
  return {
    id: caseRecord.id,
    status: status.data,
    requestType: caseRecord.requestType,
    triageSummary: truncate(caseRecord.triageSummary, SUMMARY_LIMITS.card),
    priority: priorityOf(caseRecord.triageSummary, caseRecord.priority),
    createdAt: caseRecord.createdAt,
    paidAt: caseRecord.paidAt,
    claimedAt: caseRecord.claimedAt,
    endedAt: caseRecord.endedAt,
    claimedBy: caseRecord.claimedBy,
    claimedByMe,
    claimExpiresAt: caseRecord.status === 'claimed' ? caseRecord.leaseEndsAt : null,
    myClaimLapsed: caseRecord.status === 'paid' && caseRecord.lapsedClaimBy === providerId,
    patientPresence: holding
      ? { present: caseRecord.patientPresent, lastSeenAt: caseRecord.patientSeenAt }
      : null,
    nurseVisit:
      caseRecord.requestType === 'nurse-visit'
        ? {
            area: addressArea(caseRecord.location),
            scheduledFor: caseRecord.visitScheduledFor,
            outcome: caseRecord.visitOutcome,
          }
        : null,
  };
}

/** Why a case is not the provider's: another holds it, the own claim lapsed, or never claimed. */
function notMineMessage(summary: ProviderCaseSummary): string {
  if (summary.claimedBy !== null) return providerCaseMessages.heldByOther;
  // A stale card's Start Call or Rejoin lands here: say what happened (issue 27 item 4).
  return summary.myClaimLapsed ? providerCaseMessages.claimLapsed : providerCaseMessages.claimFirst;
}

/**
 * The access rule of the details and attachments routes (spec doc 2 §6: "see details … only for
 * own claimed cases"): the provider who holds the case now, by the effective claim, so a lapsed
 * claim no longer counts. A waiting case, another provider's or one whose claim lapsed is 403
 * (the card and the claim need no more than the list gives); a case providers never see is 404,
 * as if it did not exist.
 */
export function readableSummary(
  stored: CaseRecord,
  providerId: string,
  now: Date,
): ProviderCaseSummary {
  const summary = toProviderCaseSummary(stored, providerId, now);
  if (!summary) throw notFound(CASE_NOT_FOUND);
  if (!summary.claimedByMe) throw forbidden(notMineMessage(summary));
  return summary;
}

/**
 * The details dialog; the join link only for the provider's own claimed or in-call case (the
 * holder's: 'Start Call', then 'Rejoin'). The meeting reads as it is at `now`.
 */
export function toProviderCaseDetails(
  summary: ProviderCaseSummary,
  bundle: CaseBundle,
  patient: PatientRecord,
  attachments: Attachment[],
  now = new Date(),
): ProviderCaseDetails {
  const meeting = bundle.meeting && effectiveMeeting(bundle.meeting, now);
  const mayJoin =
    summary.claimedByMe && (summary.status === 'claimed' || summary.status === 'in_call');
  return {
    ...summary,
    triageSummary: bundle.case.triageSummary,
    patient: { name: patient.name, email: patient.email, phone: patient.phone },
    attachments,
    meeting: meeting
      ? {
          zoomMeetingId: meeting.zoomMeetingId,
          duration: meeting.duration,
          status: meeting.status,
          providerJoinUrl: mayJoin ? meeting.providerJoinUrl : null,
        }
      : null,
  };
}
