import { getCaseBundle, type CaseBundle } from '#db/cases/bundle';
import {
  caseCallStartedTxs,
  caseCompletedTx,
  casePatientNoShowTx,
  caseProviderNoShowTxs,
  type CallHolder,
} from '#db/cases/call';
import { countCompletedCaseTx } from '#db/case-counters';
import { meetingCompletedTx, meetingResetTx, meetingStartedTx } from '#db/meetings';
import { writeUnlessConditionFails } from '#db/transaction';
import { canTransition } from './transitions';

/**
 * The call's transitions of the case state machine (DESIGN.md §5, owned by `transitions.ts`):
 * claimed → in_call when the doctor starts the meeting timer, in_call → completed at the end,
 * and the two ends of a call that did not happen (docs/adr/0023): in_call → cancelled when the
 * patient never joined it, in_call → paid when the doctor never did.
 * Each is one transaction over the case and its meeting, conditional on the expected statuses
 * and the same claim, so a retry, a race or a late Scheduler run changes nothing twice.
 */

/** The meeting's clock (ISO times) and the schedule that ends it. */
export interface CallTimes {
  startedAt: string;
  endsAt: string;
  autoEndTimerId: string;
}

export type StartCallOutcome =
  | { outcome: 'started'; times: CallTimes }
  /** The condition failed: someone else moved the case first; the caller reads it again. */
  | { outcome: 'lost'; latest: CaseBundle | null };

/**
 * claimed → in_call and scheduled → active, in one transaction: only for the claim the case
 * holds (same provider and claim time) while its lease is live at `now`. The case leaves the
 * waiting queue and loses its lease; both items store `startedAt` and `endsAt`.
 */
export async function startCall(
  bundle: CaseBundle,
  holder: CallHolder,
  times: CallTimes,
  now: Date,
): Promise<StartCallOutcome> {
  const { case: caseRecord, meeting } = bundle;
  if (!meeting || !canTransition(caseRecord.status, 'in_call')) {
    return { outcome: 'lost', latest: bundle };
  }
  const written = await writeUnlessConditionFails([
    ...caseCallStartedTxs(caseRecord.id, holder, times, now),
    meetingStartedTx(caseRecord.id, meeting.id, times),
  ]);
  if (written) return { outcome: 'started', times };
  return { outcome: 'lost', latest: await getCaseBundle(caseRecord.id) };
}

/**
 * in_call → completed and active → completed, in one transaction with the provider's Completed
 * counter (so it counts each completion exactly once). False when the condition failed: the
 * case was completed already (or is not in a call).
 */
export async function completeCall(bundle: CaseBundle, endedAt: string): Promise<boolean> {
  const { case: caseRecord, meeting } = bundle;
  if (!meeting || !caseRecord.claimedBy || !caseRecord.claimedAt) return false;
  if (!canTransition(caseRecord.status, 'completed')) return false;
  const holder = { providerId: caseRecord.claimedBy, claimedAt: caseRecord.claimedAt };
  return writeUnlessConditionFails([
    caseCompletedTx(caseRecord.id, holder, endedAt),
    meetingCompletedTx(caseRecord.id, meeting.id, endedAt, meeting.endsAt),
    countCompletedCaseTx(holder.providerId),
  ]);
}

/** The claim that started the call, which its end is conditional on; null when none. */
function holderOf(bundle: CaseBundle): CallHolder | null {
  const { claimedBy, claimedAt } = bundle.case;
  return claimedBy && claimedAt ? { providerId: claimedBy, claimedAt } : null;
}

/**
 * in_call → cancelled (`callOutcome: patient_no_show`) and active → cancelled, in one
 * transaction: the patient never joined the call. No completion is counted for the provider.
 * False when the condition failed (ended already, or a newer `endsAt`).
 */
export async function endCallAsNoShow(bundle: CaseBundle, endedAt: string): Promise<boolean> {
  const { case: caseRecord, meeting } = bundle;
  const holder = holderOf(bundle);
  if (!meeting || !holder || caseRecord.status !== 'in_call') return false;
  return writeUnlessConditionFails([
    casePatientNoShowTx(caseRecord.id, holder, endedAt),
    meetingCompletedTx(caseRecord.id, meeting.id, endedAt, meeting.endsAt, 'cancelled'),
  ]);
}

/**
 * in_call → paid (`callOutcome: provider_no_show`) and active → scheduled, in one transaction:
 * the doctor who started the call never joined it, so the case goes back to the queue (and the
 * waiting counter). False
 * when the condition failed (the doctor joined, the call ended, or it was released already).
 */
export async function releaseUnjoinedCall(bundle: CaseBundle): Promise<boolean> {
  const { case: caseRecord, meeting } = bundle;
  const holder = holderOf(bundle);
  if (!meeting || !holder || !caseRecord.paidAt || caseRecord.status !== 'in_call') {
    return false;
  }
  return writeUnlessConditionFails([
    ...caseProviderNoShowTxs(caseRecord.id, holder, caseRecord.paidAt),
    meetingResetTx(caseRecord.id, meeting.id),
  ]);
}
