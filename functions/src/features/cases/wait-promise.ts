import { getCaseBundle } from '#db/cases/bundle';
import type { CaseRecord } from '#db/cases/record';
import { errorFields, type Logger } from '#lib/logger';
import { requestSettlement } from '../payments/settlement';
import { pushCaseUpdate } from '#lib/realtime/case-updates';
import { dismissLapsedDoctor } from '#lib/realtime/room-parties';
import type { WaitPromiseInput } from './wait-promise-schedule';
import { lapseWaitPromise } from './transitions';

export interface WaitPromiseResult {
  /** This run moved the case back to awaiting payment. */
  lapsed: boolean;
  /** This run asked for the authorization's void (a first run, or the retry of one). */
  voided: boolean;
}

/** Still waiting on this authorization: paid, or a video consultation claimed, not started. */
function waitingOn(caseRecord: CaseRecord, authorization: number): boolean {
  const waiting =
    caseRecord.status === 'paid' ||
    (caseRecord.status === 'claimed' && caseRecord.requestType === 'telemedicine');
  return waiting && caseRecord.authorizations === authorization;
}

/** Lapsed on this authorization and not authorized again since. */
function lapsedOn(caseRecord: CaseRecord, authorization: number): boolean {
  return (
    caseRecord.status === 'awaiting_payment' &&
    caseRecord.waitPromiseLapsedAt !== null &&
    caseRecord.authorizations === authorization
  );
}

/**
 * Keeps the wait promise (issue 28 item 3, docs/adr/0025): when no doctor started the case
 * within WAIT_PROMISE_MINUTES of its authorization, it goes back to awaiting payment (one
 * conditional write, at most once; a claim not started is cleared and its doctor's room page
 * closed), its authorization is voided through the one settlement path, and the patient's
 * pages are told, where "Keep waiting" authorizes again. A case started, closed or authorized
 * again meanwhile is left alone. A run after a lapse whose void did not finish (Lambda's retry,
 * a replay) only asks for the void again: the settlement records the first decision and
 * Stripe's cancel is idempotent, so the authorization is voided once.
 */
export async function keepWaitPromise(
  input: WaitPromiseInput,
  log: Logger,
  now = new Date(),
): Promise<WaitPromiseResult> {
  const before = await getCaseBundle(input.caseId);
  if (!before) {
    log.warn('wait promise for an unknown case', { caseId: input.caseId });
    return { lapsed: false, voided: false };
  }
  const lapsed = await lapseWaitPromise(input.caseId, input.authorization, now);
  if (!lapsed) {
    const latest = (await getCaseBundle(input.caseId))?.case;
    if (!latest || !lapsedOn(latest, input.authorization)) {
      if (latest && waitingOn(latest, input.authorization)) {
        // Not due yet (a clock ahead of ours): throwing lets Lambda's retry try again later.
        throw new Error(`Case ${input.caseId}'s wait promise has not ended yet`);
      }
      // Started, closed or authorized again meanwhile: the promise was kept.
      return { lapsed: false, voided: false };
    }
  }

  const { case: was, meeting } = before;
  if (lapsed && was.status === 'claimed' && was.claimedBy && meeting) {
    // The doctor's room page goes with the claim; each room message re-checks the claim as
    // well, so a close that failed only logs.
    await dismissLapsedDoctor(meeting.id, was.claimedBy).catch((error: unknown) =>
      log.warn('lapsed doctor room connections not closed', {
        meetingId: meeting.id,
        ...errorFields(error),
      }),
    );
  }
  await requestSettlement(input.caseId, { action: 'void', why: 'wait_promise' }, log);
  if (lapsed) await pushCaseUpdate(input.caseId, 'awaiting_payment', log);
  return { lapsed, voided: true };
}
