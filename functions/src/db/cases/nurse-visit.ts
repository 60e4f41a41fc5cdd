/**
 * A home nurse visit's steps on the case (docs/adr/0022), each only by the nurse who holds the
 * claim: the time arranged with the patient, then done or not reached.
 */
import type { NurseVisitOutcome } from '@shared/cases/nurse-visit';
import { conditionalUpdate } from '../table';
import type { CallHolder } from './call';
import { caseKey, providerCasesEntry } from './keys';

/** The nurse who holds a home visit: every step of the visit is conditional on their claim. */
const nurseHolds =
  '#status = :claimed AND requestType = :nurseVisit AND claimedBy = :by AND claimedAt = :at';
const nurseHoldValues = (holder: CallHolder) => ({
  ':claimed': 'claimed',
  ':nurseVisit': 'nurse-visit',
  ':by': holder.providerId,
  ':at': holder.claimedAt,
});

/**
 * Access pattern: record (or move) a claimed home visit's time (docs/adr/0022), only by the
 * nurse who holds it and only while it is not finished. False when the condition failed.
 */
export async function scheduleNurseVisitItem(
  caseId: string,
  holder: CallHolder,
  scheduledFor: string,
): Promise<boolean> {
  return conditionalUpdate(caseKey(caseId), {
    UpdateExpression: 'SET visitScheduledFor = :scheduledFor',
    ConditionExpression: nurseHolds,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ...nurseHoldValues(holder), ':scheduledFor': scheduledFor },
  });
}

/**
 * Access pattern: finish a claimed home visit, once, by the nurse who holds it: `done` moves it to
 * completed (only once a time was recorded: the visit took place), `not_reached` to cancelled (it
 * did not; the refund follows). The nurse's own-cases entry moves to `DONE#`. False when the
 * condition failed.
 */
export async function finishNurseVisitItem(
  caseId: string,
  holder: CallHolder,
  outcome: NurseVisitOutcome,
  endedAt: string,
): Promise<boolean> {
  const done = providerCasesEntry(holder.providerId, 'DONE', holder.claimedAt, caseId);
  return conditionalUpdate(caseKey(caseId), {
    UpdateExpression:
      'SET #status = :to, visitOutcome = :outcome, endedAt = :endedAt, gsi3sk = :doneSk',
    ConditionExpression:
      outcome === 'done'
        ? `${nurseHolds} AND attribute_type(visitScheduledFor, :string)`
        : nurseHolds,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ...nurseHoldValues(holder),
      ':to': outcome === 'done' ? 'completed' : 'cancelled',
      ':outcome': outcome,
      ':endedAt': endedAt,
      ':doneSk': done.gsi3sk,
      ...(outcome === 'done' ? { ':string': 'S' } : {}),
    },
  });
}
