import type { CaseRecord } from '#db/cases/record';
import { env } from '#core/env';
import { patientJoinedCall } from './call-joins';

/**
 * The claim lease (DESIGN.md §5): a claim holds a case only until its meeting starts or
 * `CLAIM_LEASE_SECONDS` pass. A lapsed claim reads as available everywhere at once (lists,
 * details, a claim by another provider, the patient's status), whether or not the Scheduler's
 * release has run yet. Starting the meeting (the consultation issue) must check
 * `claimLeaseLapsed` first and clear `leaseEndsAt` in its transition.
 */

export function leaseEndFor(claimedAt: Date, leaseSeconds = env.claimLeaseSeconds): Date {
  return new Date(claimedAt.getTime() + leaseSeconds * 1000);
}

/** A claim whose meeting has not started and whose lease ended at or before `now`. */
export function claimLeaseLapsed(caseRecord: CaseRecord, now: Date): boolean {
  return (
    caseRecord.status === 'claimed' &&
    caseRecord.leaseEndsAt !== null &&
    Date.parse(caseRecord.leaseEndsAt) <= now.getTime()
  );
}

/**
 * A call whose `endsAt` has passed (DESIGN.md §7): `endsAt` is the authority on the end, and
 * Scheduler's end-meeting run may come up to a minute later, so such a case already reads as
 * completed, ended at `endsAt`.
 */
export function callTimeUp(caseRecord: CaseRecord, now: Date): boolean {
  return (
    caseRecord.status === 'in_call' &&
    caseRecord.endsAt !== null &&
    Date.parse(caseRecord.endsAt) <= now.getTime()
  );
}

/**
 * The case as everyone reads it at `now` (patient status, provider lists, details and counters,
 * the room): a lapsed claim is a paid case again, and a call past its `endsAt` is completed at
 * `endsAt` (cancelled as a no-show when the patient never joined it, docs/adr/0023), whether or
 * not the Scheduler's release or end has run yet.
 */
export function effectiveCase(caseRecord: CaseRecord, now: Date): CaseRecord {
  if (callTimeUp(caseRecord, now)) {
    // A call the patient never joined ends as a no-show, not completed (docs/adr/0023).
    if (!patientJoinedCall(caseRecord)) {
      return {
        ...caseRecord,
        status: 'cancelled',
        callOutcome: 'patient_no_show',
        endedAt: caseRecord.endsAt,
      };
    }
    return { ...caseRecord, status: 'completed', endedAt: caseRecord.endsAt };
  }
  if (!claimLeaseLapsed(caseRecord, now)) return caseRecord;
  return {
    ...caseRecord,
    status: 'paid',
    claimedBy: null,
    claimedByName: null,
    claimedAt: null,
    leaseEndsAt: null,
    lapsedClaimBy: caseRecord.claimedBy,
    lapsedAt: caseRecord.leaseEndsAt,
  };
}
