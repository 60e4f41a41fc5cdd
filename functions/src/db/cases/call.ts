/**
 * The case's side of the video call (docs/consultation.md): its start, its end (completed, or a
 * call one party never joined, docs/adr/0023), the parties' entries into the room and a dropped
 * call's later end. Each is conditional on the claim that holds the call.
 */
import { conditionalUpdate, IF_EXISTS } from '../table';
import { updateTx, type TransactItem } from '../transaction';
import { claimLeaseEndedTx } from '../claim-leases';
import { waitingCountTx } from '../waiting-counter';
import { caseKey, providerCasesEntry, queueEntry } from './keys';

/** The claim a start or an end of the call is conditional on: the same provider's. */
export interface CallHolder {
  providerId: string;
  claimedAt: string;
}

/**
 * The case's move claimed → in_call, as transaction items (the case's first): only for the same
 * claim, while its lease is live at `now`. The case leaves the queue index (gsi2) and loses its
 * lease (and lease item): a started meeting can no longer lapse. A live claim was not counted
 * as waiting, so the waiting counter does not change. `startedAt` and `endsAt` are the
 * meeting's clock.
 */
export function caseCallStartedTxs(
  caseId: string,
  holder: CallHolder,
  times: { startedAt: string; endsAt: string },
  now: Date,
): TransactItem[] {
  return [caseCallStartedTx(caseId, holder, times, now), claimLeaseEndedTx(caseId)];
}

function caseCallStartedTx(
  caseId: string,
  holder: CallHolder,
  times: { startedAt: string; endsAt: string },
  now: Date,
): TransactItem {
  return updateTx(caseKey(caseId), {
    UpdateExpression:
      'SET #status = :inCall, startedAt = :startedAt, endsAt = :endsAt, leaseEndsAt = :none ' +
      'REMOVE gsi2pk, gsi2sk',
    ConditionExpression:
      '#status = :claimed AND claimedBy = :by AND claimedAt = :claimedAt AND leaseEndsAt > :now',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':inCall': 'in_call',
      ':claimed': 'claimed',
      ':startedAt': times.startedAt,
      ':endsAt': times.endsAt,
      ':none': null,
      ':by': holder.providerId,
      ':claimedAt': holder.claimedAt,
      ':now': now.toISOString(),
    },
  });
}

/**
 * The case's move in_call → completed, as a transaction item: once, and only for the claim that
 * started it. The provider's own-cases entry (gsi3) moves from `ACTIVE#` to `DONE#`.
 */
export function caseCompletedTx(caseId: string, holder: CallHolder, endedAt: string): TransactItem {
  const done = providerCasesEntry(holder.providerId, 'DONE', holder.claimedAt, caseId);
  return updateTx(caseKey(caseId), {
    UpdateExpression: 'SET #status = :completed, endedAt = :endedAt, gsi3sk = :doneSk',
    ConditionExpression: '#status = :inCall AND claimedBy = :by',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':completed': 'completed',
      ':inCall': 'in_call',
      ':endedAt': endedAt,
      ':doneSk': done.gsi3sk,
      ':by': holder.providerId,
    },
  });
}

/**
 * The case's move in_call → cancelled when the patient never joined the call (docs/adr/0023), as
 * a transaction item: once, only for the claim that started it. Like a completion, the
 * provider's own-cases entry moves to `DONE#`; the refund follows.
 */
export function casePatientNoShowTx(
  caseId: string,
  holder: CallHolder,
  endedAt: string,
): TransactItem {
  const done = providerCasesEntry(holder.providerId, 'DONE', holder.claimedAt, caseId);
  return updateTx(caseKey(caseId), {
    UpdateExpression:
      'SET #status = :cancelled, callOutcome = :noShow, endedAt = :endedAt, gsi3sk = :doneSk',
    ConditionExpression: '#status = :inCall AND claimedBy = :by AND claimedAt = :at',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':cancelled': 'cancelled',
      ':noShow': 'patient_no_show',
      ':inCall': 'in_call',
      ':endedAt': endedAt,
      ':doneSk': done.gsi3sk,
      ':by': holder.providerId,
      ':at': holder.claimedAt,
    },
  });
}

/**
 * The case's move in_call → paid when the doctor who started the call never joined it
 * (docs/adr/0023), as transaction items (the case's first): only for that claim and while its
 * room page has not entered since the claim. The case goes back to the queue (gsi2, at its
 * payment time; the waiting counter's +1) and leaves the doctor's list, its clock and the
 * patient's join are cleared (the room is closed: the patient enters again for the next doctor),
 * and `callOutcome` tells the patient's page why until the next claim clears it.
 */
export function caseProviderNoShowTxs(
  caseId: string,
  holder: CallHolder,
  paidAt: string,
): TransactItem[] {
  return [caseProviderNoShowTx(caseId, holder, paidAt), waitingCountTx(caseId, 1)];
}

function caseProviderNoShowTx(caseId: string, holder: CallHolder, paidAt: string): TransactItem {
  const queue = queueEntry(paidAt, caseId);
  return updateTx(caseKey(caseId), {
    UpdateExpression:
      'SET #status = :paid, claimedBy = :none, claimedByName = :none, claimedAt = :none, ' +
      'leaseEndsAt = :none, startedAt = :none, endsAt = :none, patientJoinedAt = :none, ' +
      'callOutcome = :noShow, ' +
      'gsi2pk = :queue, gsi2sk = :queueSk REMOVE gsi3pk, gsi3sk',
    ConditionExpression:
      '#status = :inCall AND claimedBy = :by AND claimedAt = :at AND ' +
      '(attribute_not_exists(providerJoinedAt) OR providerJoinedAt = :none OR providerJoinedAt < :at)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':paid': 'paid',
      ':inCall': 'in_call',
      ':none': null,
      ':noShow': 'provider_no_show',
      ':queue': queue.gsi2pk,
      ':queueSk': queue.gsi2sk,
      ':by': holder.providerId,
      ':at': holder.claimedAt,
    },
  });
}

/**
 * Access pattern: a party's room page entered the call's room (`meetings/join-room`,
 * docs/adr/0023): the time is stored on the case, the latest one kept.
 */
export async function recordRoomJoinItem(
  caseId: string,
  role: 'patient' | 'provider',
  joinedAt: string,
): Promise<boolean> {
  return conditionalUpdate(caseKey(caseId), {
    UpdateExpression: `SET ${role === 'patient' ? 'patientJoinedAt' : 'providerJoinedAt'} = :at`,
    ConditionExpression: IF_EXISTS,
    ExpressionAttributeValues: { ':at': joinedAt },
  });
}

/**
 * The case's copy of the call's `endsAt` moved once for a dropped call (docs/adr/0019), as a
 * transaction item beside the meeting's (db/meeting-media.ts `meetingExtendedTx`): only while
 * the call runs with the `endsAt` the extension was computed from.
 */
export function caseEndsAtMovedTx(
  caseId: string,
  fromEndsAt: string,
  toEndsAt: string,
): TransactItem {
  return updateTx(caseKey(caseId), {
    UpdateExpression: 'SET endsAt = :to',
    ConditionExpression: '#status = :inCall AND endsAt = :from',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':to': toEndsAt, ':inCall': 'in_call', ':from': fromEndsAt },
  });
}
