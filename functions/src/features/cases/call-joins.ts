import type { CaseRecord } from '#db/cases/record';

/**
 * Whether a party joined the current call (issue 27 item 2, docs/adr/0023): its room page entered
 * the room (`meetings/join-room` stores the time on the case).
 * - The patient: at any time since the case's call was last reset. The patient may wait in the
 *   room before any doctor claims the case; a call released because its doctor never joined
 *   clears the mark (its room was closed, so the patient enters again for the next doctor).
 * - The doctor: during the current claim. The room admits the doctor only with the claim; an
 *   entry before it was another doctor's (a lapsed claim).
 */
export function patientJoinedCall(caseRecord: Pick<CaseRecord, 'patientJoinedAt'>): boolean {
  return caseRecord.patientJoinedAt !== null;
}

export function providerJoinedCall(
  caseRecord: Pick<CaseRecord, 'providerJoinedAt' | 'claimedAt'>,
): boolean {
  const { providerJoinedAt, claimedAt } = caseRecord;
  if (!providerJoinedAt || !claimedAt) return false;
  return Date.parse(providerJoinedAt) >= Date.parse(claimedAt);
}

/** A video call that ended because the patient never joined it (cancelled and refunded). */
export function isPatientNoShow(caseRecord: Pick<CaseRecord, 'status' | 'callOutcome'>): boolean {
  return caseRecord.status === 'cancelled' && caseRecord.callOutcome === 'patient_no_show';
}
