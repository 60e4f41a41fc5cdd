import type { CaseStatusResponse } from '@shared/cases/api';
import type { CaseBundle } from '../../db/cases';

/** What the visit and processing pages may know of a case (spec doc 1 §7): no patient data. */
export function toCaseStatusResponse(bundle: CaseBundle): CaseStatusResponse {
  const { case: caseRecord, meeting } = bundle;
  return {
    caseId: caseRecord.id,
    status: caseRecord.status,
    requestType: caseRecord.requestType,
    paidAt: caseRecord.paidAt,
    meeting: meeting
      ? {
          id: meeting.id,
          duration: meeting.duration,
          scheduledFor: meeting.scheduledFor,
          patientJoinUrl: meeting.patientJoinUrl,
          zoomMeetingId: meeting.zoomMeetingId,
          status: meeting.status,
        }
      : null,
    claimedBy: caseRecord.claimedByName,
  };
}

/** Where the patient goes once paid: the visit page, or the verification page (reading B). */
export function nextPathAfterPayment(bundle: CaseBundle): string {
  return bundle.case.source === 'patient'
    ? `/payment-success?patient_id=${bundle.case.patientId}`
    : `/visit/${bundle.case.id}`;
}
