import {
  nurseVisitMessages,
  type NurseVisitStepRequest,
  type NurseVisitStepResponse,
} from '@shared/cases/nurse-visit';
import { getCaseBundle, type CaseBundle } from '#db/cases/bundle';
import type { CaseRecord } from '#db/cases/record';
import { conflict, forbidden } from '#core/errors';
import type { Logger } from '#lib/logger';
import { pushCaseUpdate } from '#lib/realtime/case-updates';
import { requestSettlement } from '../payments/settlement';
import { releaseCaseMoney } from './case-refund';
import { finishNurseVisit, scheduleNurseVisit } from './transitions';

/**
 * Why `providerId` may not take a step of this case's home visit now; null when they may. Read
 * from the case as stored: a nurse visit's claim has no lease, so the stored claim is the claim.
 */
function stepRefusal(caseRecord: CaseRecord, providerId: string): Error | null {
  if (caseRecord.requestType !== 'nurse-visit') return conflict(nurseVisitMessages.notNurseVisit);
  if (caseRecord.status === 'completed' || caseRecord.status === 'cancelled') {
    return caseRecord.claimedBy === providerId
      ? conflict(nurseVisitMessages.finished)
      : forbidden(nurseVisitMessages.notYours);
  }
  if (caseRecord.status !== 'claimed') return conflict(nurseVisitMessages.notClaimed);
  if (caseRecord.claimedBy !== providerId) return forbidden(nurseVisitMessages.notYours);
  return null;
}

/** The step's answer, from the case as it reads after the step. */
function stepResponse(caseRecord: CaseRecord): NurseVisitStepResponse {
  const status = caseRecord.status;
  if (status !== 'claimed' && status !== 'completed' && status !== 'cancelled') {
    throw new Error(`a nurse visit step left the case ${status}`);
  }
  return {
    success: true,
    caseId: caseRecord.id,
    status,
    visit: { scheduledFor: caseRecord.visitScheduledFor, outcome: caseRecord.visitOutcome },
  };
}

/**
 * One step of a claimed home nurse visit by its nurse (docs/adr/0022): record the time, mark it
 * done (its payment captured), or mark the patient not reached and give the money back (the
 * one release path, `case-refund.ts`: the authorization voided). Each step is one conditional write; a step that lost to another change is
 * refused with the reason read afterwards. A not-reached visit whose refund failed is refunded
 * when the nurse sends the step again (the case is cancelled; the refund is not yet recorded).
 */
export async function takeNurseVisitStep(
  bundle: CaseBundle,
  providerId: string,
  step: NurseVisitStepRequest,
  log: Logger,
  now = new Date(),
): Promise<NurseVisitStepResponse> {
  const before = bundle.case;
  if (retryingRefund(before, providerId, step)) return refundNotReached(bundle, log);
  const refusal = stepRefusal(before, providerId);
  if (refusal) throw refusal;
  const holder = { providerId, claimedAt: before.claimedAt ?? '' };

  const moved =
    step.step === 'schedule'
      ? await scheduleNurseVisit(before.id, holder, new Date(step.scheduledFor))
      : await finishNurseVisit(before.id, holder, step.step, now);
  const after = await getCaseBundle(before.id);
  if (!after) throw new Error('a nurse visit disappeared');
  if (!moved) {
    throw (
      stepRefusal(after.case, providerId) ??
      (step.step === 'done'
        ? conflict(nurseVisitMessages.timeFirst)
        : conflict(nurseVisitMessages.finished))
    );
  }
  log.info('nurse visit step', { caseId: before.id, step: step.step });
  if (step.step === 'not_reached') return refundNotReached(after, log);
  await pushCaseUpdate(before.id, after.case.status, log);
  // The visit happened: its payment is captured (docs/adr/0024; never throws, retried alone).
  if (step.step === 'done') {
    await requestSettlement(before.id, { action: 'capture', why: 'nurse_visit_done' }, log);
  }
  return stepResponse(after.case);
}

/** The nurse sends 'not reached' again for their own not-reached visit: only the refund is left. */
function retryingRefund(caseRecord: CaseRecord, providerId: string, step: NurseVisitStepRequest) {
  return (
    step.step === 'not_reached' &&
    caseRecord.visitOutcome === 'not_reached' &&
    caseRecord.claimedBy === providerId
  );
}

/** The visit did not happen: its authorization is voided (a legacy payment refunded). */
async function refundNotReached(bundle: CaseBundle, log: Logger): Promise<NurseVisitStepResponse> {
  await pushCaseUpdate(bundle.case.id, 'cancelled', log);
  await releaseCaseMoney(bundle, 'nurse_visit_not_reached', log);
  return stepResponse(bundle.case);
}
